// One hourly delivery row as ingestion receives it (POST /api/v1/delivery, JSON
// or CSV): where it ran (strategy, creative, aggregator, site or app, country,
// device), its UTC hour, and the counters and amounts of the metric catalogue.
// Counts are whole numbers >= 0 and amounts decimals >= 0 with at most 6
// places, both kept as text so nothing passes through a float on the way in.
import { z } from "../validation/z";
import { plainRows } from "../validation/batch-rows";
import { MONEY_METRICS, ROLLUP_METRICS } from "../metrics/rollup";

export const MAX_BATCH_ROWS = 100_000;
export const DEVICES = ["PHONE", "TABLET", "DESKTOP", "CTV", "OTHER"] as const;
/** How far back a batch may reach (a year of history plus a margin), and ahead (clock skew). */
export const MAX_AGE_DAYS = 400;
export const MAX_AHEAD_HOURS = 1;

export const DELIVERY_MESSAGES = {
  hour: "Must be a whole UTC hour, e.g. 2026-11-24T20:00:00Z",
  hourRange: `Must be within the last ${MAX_AGE_DAYS} days and not in the future`,
  id: "Must be an id (a whole number from 1)",
  count: "Must be a whole number, 0 or more",
  amount: "Must be a decimal, 0 or more, with at most 6 decimals",
  country: "Must be a two-letter ISO country code (e.g. IN) or empty",
  device: `Must be one of ${DEVICES.join(", ")} or empty`,
  siteOrApp: "Give a siteId or an appId, not both",
  duplicate: "Repeats the row with the same strategy, hour, creative, site/app, aggregator, country and device",
  unknownStrategy: "No strategy with this id",
  unknownCreative: "No creative with this id",
  creativeOfOtherAdvertiser: "This creative belongs to another advertiser than the strategy",
  unknownSite: "No site with this id",
  unknownApp: "No app with this id",
  unknownAggregator: "No aggregator with this id",
  empty: "The batch has no rows",
  rowObject: "Each row must be an object of field names and values",
  plainValue: "Must be a number or text",
  tooMany: `A batch holds at most ${MAX_BATCH_ROWS.toLocaleString("en-US")} rows`,
} as const;
const M = DELIVERY_MESSAGES;

export const COUNT_COLUMNS = ROLLUP_METRICS.filter((c) => !(MONEY_METRICS as readonly string[]).includes(c));
export type CountColumn = (typeof COUNT_COLUMNS)[number];
export type MoneyColumn = (typeof MONEY_METRICS)[number];

// CSV gives every value as text and an empty cell for "none": both forms are read alike.
export const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const MAX_COUNT = 10n ** 15n;
export const MAX_ID = 2_147_483_647;

// The rules of the fields that are not plain zod, as functions: the schema
// below and the fast path of ./row-parse.ts apply the same ones.

/** A count as its canonical digits, or null unless a whole number 0 <= n < 10^15. */
export function countText(v: number | string): string | null {
  const text = typeof v === "number" ? (Number.isSafeInteger(v) ? String(v) : "") : v.trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  // Up to 15 digits without a leading zero the text is already canonical and below
  // 10^15: no BigInt for the common case (40 counts a row, 100,000 rows a batch).
  if (text.length < 16 && (text.length === 1 || text[0] !== "0")) return text;
  const n = BigInt(text);
  return n >= MAX_COUNT ? null : String(n);
}

/** An amount as decimal text, or null unless 0 or more with at most 12 digits before the point and 6 after. */
export function amountText(v: number | string): string | null {
  const text = typeof v === "number" ? (Number.isFinite(v) ? String(v) : "") : v.trim();
  return /^\d{1,12}(\.\d{1,6})?$/.test(text) ? text : null;
}

/** The hour as an ISO instant, or null unless a whole UTC hour (epoch seconds or ISO 8601 with its offset). */
export function hourIso(v: number | string): string | null {
  const ms = typeof v === "number" ? v * 1000 : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v.trim()) ? Date.parse(v) : NaN;
  return Number.isFinite(ms) && ms % 3_600_000 === 0 ? new Date(ms).toISOString() : null;
}

/** A zod text-or-number field whose value `rule` turns into text or refuses with `message`. */
const ruled = (rule: (v: number | string) => string | null, message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const text = rule(v);
    if (text === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return text;
  });

const countField = z.preprocess(blankToUndefined, ruled(countText, M.count).optional());
const amountField = z.preprocess(blankToUndefined, ruled(amountText, M.amount).optional());

const idField = z.coerce.number({ error: M.id }).int({ error: M.id }).min(1, { error: M.id }).max(MAX_ID, { error: M.id });
const optionalId = z.preprocess(blankToUndefined, idField.optional());

const hourField = ruled(hourIso, M.hour);

export const DeliveryRowSchema = z
  .object({
    hour: hourField,
    strategyId: idField,
    creativeId: idField,
    siteId: optionalId,
    appId: optionalId,
    aggregatorId: optionalId,
    country: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toUpperCase() : v ?? ""),
      z.union([z.literal(""), z.string().regex(/^[A-Z]{2}$/, { error: M.country })], { error: M.country }),
    ),
    device: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v ?? ""), z.enum(["", ...DEVICES], { error: M.device })),
    ...Object.fromEntries(COUNT_COLUMNS.map((c) => [c, countField])),
    ...Object.fromEntries(MONEY_METRICS.map((c) => [c, amountField])),
  })
  // Checked even when another field of the row failed, so one answer lists all of its problems.
  .refine((r) => !(r.siteId !== undefined && r.appId !== undefined), {
    message: M.siteOrApp,
    path: ["appId"],
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

type RowOutput = z.output<typeof DeliveryRowSchema>;
/** A row after validation: counts as digit strings and amounts as decimal text (0 when not sent). */
export type DeliveryRow = Pick<RowOutput, "strategyId" | "creativeId" | "country" | "device"> & {
  hour: Date;
  siteId: number | null;
  appId: number | null;
  aggregatorId: number | null;
  counts: Record<CountColumn, string>;
  amounts: Record<MoneyColumn, string>;
};

/** The JSON body: `{ rows: [...] }` (a CSV body is the same rows, one per line under a header). */
// A row is a flat object of plain values (a JSON object or a CSV line); its
// fields are checked by DeliveryRowSchema; the shape by the shared plain-rows check.
export const DeliveryBatchSchema = z.object({
  rows: z
    .array(z.unknown(), { error: M.empty })
    .min(1, { error: M.empty })
    .max(MAX_BATCH_ROWS, { error: M.tooMany })
    .superRefine(plainRows(M)),
});

/** The answer: how many rows the batch holds and how many strategy-hours of the rollup were rebuilt. */
export const DeliveryResultSchema = z.object({ rows: z.number().int(), inserted: z.number().int(), replaced: z.number().int(), strategyHours: z.number().int() });

/** The row as the OpenAPI document describes it (the parser above also takes digit strings, and CSV cells). */
export const DeliveryRowDocSchema = z.object({
  hour: z.string().meta({ description: "The UTC hour the row counts, ISO 8601 with its offset (2026-11-24T20:00:00Z) or epoch seconds." }),
  strategyId: z.number().int().min(1),
  creativeId: z.number().int().min(1).meta({ description: "A creative of the strategy's advertiser." }),
  siteId: z.number().int().min(1).optional().meta({ description: "The website, or appId for an app; not both." }),
  appId: z.number().int().min(1).optional(),
  aggregatorId: z.number().int().min(1).optional().meta({ description: "The exchange." }),
  country: z.string().max(2).optional().meta({ description: "ISO 3166-1 alpha-2; empty: unknown." }),
  device: z.enum(["", ...DEVICES]).optional(),
  ...Object.fromEntries(COUNT_COLUMNS.map((c) => [c, z.union([z.number().int().min(0), z.string()]).optional()])),
  ...Object.fromEntries(MONEY_METRICS.map((c) => [c, z.string().optional().meta({ description: "A decimal as text, at most 6 decimals." })])),
});
