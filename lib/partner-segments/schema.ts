// The partner (DMP) segment catalogue of a licensee (business.md 7 "all DMP
// audiences (GET)"): what a loaded row holds, the search query and the shapes
// the REST API answers. A row comes from JSON or from a CSV line, so every
// value may arrive as text; size and CPM are kept as digit text on the way in
// so nothing passes through a float (the CPM is stored as an exact Decimal,
// as every amount is). Pure: safe in client components.
import { z } from "../validation/z";
import { plainRows } from "../validation/batch-rows";

/** Rows one load may carry: a catalogue is loaded in batches of this size at most. */
export const MAX_LOAD_ROWS = 5_000;
/** The CSV or JSON text of one load (5,000 rows of about 200 bytes fit well). */
export const LOAD_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
export const SEGMENT_TEXT_MAX = { provider: 100, providerSegmentId: 100, name: 200, taxonomyPath: 500 } as const;
export const SEARCH_PAGE_SIZE = { default: 20, max: 100 } as const;
const MAX_SIZE = 10n ** 15n;

export const PARTNER_SEGMENT_MESSAGES = {
  required: "Required",
  tooLong: (max: number) => `Must be at most ${max} characters`,
  size: "Must be a whole number of users, 0 or more",
  cpm: "Must be an amount, 0 or more, with at most 6 decimals",
  active: "Must be true or false",
  taxonomy: "Must be a path of levels separated by '>', e.g. Auto > Intenders > SUV",
  duplicate: "Repeats the provider and provider segment id of an earlier row",
  rowObject: "Each row must be an object of field names and values",
  plainValue: "Must be a number or text",
  empty: "Send at least one segment",
  tooMany: `A load holds at most ${MAX_LOAD_ROWS.toLocaleString("en-US")} segments`,
  notArray: "The body must be a JSON array of segments (or CSV with a header line)",
} as const;
const M = PARTNER_SEGMENT_MESSAGES;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
    z.string({ error: M.required }).min(1, { error: M.required }).refine((t) => Array.from(t).length <= max, { error: M.tooLong(max) }),
  );

/** "Auto>Intenders >  SUV" → "Auto > Intenders > SUV": one spelling, so searches find it. */
export function normalizedTaxonomy(raw: string): string | null {
  const levels = raw.split(">").map((l) => l.trim().replace(/\s+/g, " "));
  return levels.some((l) => l === "") ? null : levels.join(" > ");
}

/** A whole count as canonical digit text, or null. */
export function sizeText(v: unknown): string | null {
  const t = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "") : typeof v === "string" ? v.trim().replace(/,/g, "") : "";
  if (!/^\d{1,16}$/.test(t)) return null;
  const n = BigInt(t);
  return n >= MAX_SIZE ? null : String(n);
}

/** An amount as decimal text (12 digits, 6 decimals, as the Decimal(18, 6) column holds), or null. */
export function cpmText(v: unknown): string | null {
  const t = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : typeof v === "string" ? v.trim() : "";
  return /^\d{1,12}(\.\d{1,6})?$/.test(t) ? t : null;
}

const ruled = (rule: (v: unknown) => string | null, message: string) =>
  z.unknown().transform((v, ctx) => {
    const out = rule(v);
    if (out === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return out;
  });

const activeField = z.preprocess(
  (v) => {
    const t = typeof v === "string" ? v.trim().toLowerCase() : v;
    return t === undefined || t === null || t === "" ? true : t === "true" || t === "1" || t === 1 ? true : t === "false" || t === "0" || t === 0 ? false : t;
  },
  z.boolean({ error: M.active }),
);

/** One segment as loaded (a JSON object or a CSV line under a header naming these fields). */
export const PartnerSegmentRowSchema = z.object({
  provider: text(SEGMENT_TEXT_MAX.provider),
  providerSegmentId: text(SEGMENT_TEXT_MAX.providerSegmentId),
  name: text(SEGMENT_TEXT_MAX.name),
  taxonomyPath: text(SEGMENT_TEXT_MAX.taxonomyPath).transform((t, ctx) => {
    const path = normalizedTaxonomy(t);
    if (path === null) {
      ctx.addIssue({ code: "custom", message: M.taxonomy });
      return z.NEVER;
    }
    return path;
  }),
  size: ruled(sizeText, M.size),
  cpm: ruled(cpmText, M.cpm),
  active: activeField,
});
export type PartnerSegmentRow = z.output<typeof PartnerSegmentRowSchema>;

/**
 * The load's input: flat rows of plain values (a JSON object or a CSV line),
 * their fields checked row by row by the load itself (./mutations.ts), so one
 * answer lists every bad row, numbered as a CSV reader counts lines.
 */
export const PartnerSegmentLoadSchema = z.object({
  rows: z
    .array(z.unknown(), { error: M.notArray })
    .min(1, { error: M.empty })
    .max(MAX_LOAD_ROWS, { error: M.tooMany })
    .superRefine(plainRows(M, { refuseStrangeText: true })),
});

/** What the documentation shows a row to be (the checks above are stricter). */
export const PartnerSegmentRowDocSchema = z.object({
  provider: z.string().meta({ description: "The data partner, e.g. Oracle Data Cloud." }),
  providerSegmentId: z.string().meta({ description: "The partner's own segment id: with the provider, the key a load upserts on." }),
  name: z.string(),
  taxonomyPath: z.string().meta({ description: "Levels separated by '>', e.g. Auto > Intenders > SUV." }),
  size: z.union([z.string(), z.number()]).meta({ description: "Users in the segment (whole number)." }),
  cpm: z.union([z.string(), z.number()]).meta({ description: "What the partner charges per thousand impressions (up to 6 decimals; kept exact)." }),
  active: z.union([z.boolean(), z.string()]).optional().meta({ description: "Default true." }),
});

export const PartnerSegmentLoadResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type PartnerSegmentLoadResult = z.output<typeof PartnerSegmentLoadResultSchema>;

const queryText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const queryInt = (fallback: number, max: number) =>
  z.preprocess((v) => blankToUndefined(v) ?? fallback, z.coerce.number({ error: "Must be a whole number" }).int().min(1).max(max));

/** The catalogue search: free text over name, taxonomy path and provider; one provider; 1-based page. */
export const PartnerSegmentSearchSchema = z.object({
  q: queryText(200),
  provider: queryText(SEGMENT_TEXT_MAX.provider),
  page: queryInt(1, 100_000),
  size: queryInt(SEARCH_PAGE_SIZE.default, SEARCH_PAGE_SIZE.max),
});
export type PartnerSegmentSearch = z.output<typeof PartnerSegmentSearchSchema>;

export const PartnerSegmentViewSchema = z.object({
  id: z.number().int(),
  provider: z.string(),
  providerSegmentId: z.string(),
  name: z.string(),
  taxonomyPath: z.string(),
  size: z.number().int().meta({ description: "Users in the segment: the reach estimate of a DMP audience built on it." }),
  cpm: z.string().meta({ description: "Per thousand impressions, as exact decimal text." }),
  active: z.boolean(),
});
export type PartnerSegmentView = z.output<typeof PartnerSegmentViewSchema>;

export const PartnerSegmentPageSchema = z.object({
  rows: z.array(PartnerSegmentViewSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
});
export type PartnerSegmentPage = z.output<typeof PartnerSegmentPageSchema>;

/** How a segment reads in one line: the picker's rows, the audience list. */
export const segmentLabel = (s: Pick<PartnerSegmentView, "provider" | "name" | "taxonomyPath" | "size">) =>
  `${s.provider}: ${s.name} (${s.taxonomyPath}) · ${s.size.toLocaleString("en-US")} users`;
