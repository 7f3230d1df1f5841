// The dictionaries of business.md 3 and 7 and shell.md 7 ("Dictionary list"):
// the kinds, the columns each may be filtered by, and the request and answer
// of POST /api/v1/dictionaries/{kind}?page=0&size=1000&sort=label+ with body
// { searchRequest: { filters: [{ column, value }] } } answering
// { totalNoOfRecords, data } inside the envelope. Client-safe: the wizard's
// pickers build their requests from it (./actions.ts runs them).
import { z } from "../validation/z";

/** business.md 7: a dictionary page holds at most 1000 rows. */
export const DICTIONARY_PAGE_SIZE = 1000;

/** Every kind takes `name` (a case-insensitive part of the label or value); the others are the kind's own. */
export const SEARCH_COLUMN = "name";

/** The kinds and their own filter columns; `required` must be sent (product categories are an advertiser's). */
export const DICTIONARY_KINDS = {
  device_brand: { columns: [], required: [] },
  device_model: { columns: ["brand"], required: [] },
  content_genre: { columns: [], required: [] },
  content_language: { columns: [], required: [] },
  intent: { columns: [], required: [] },
  product_category: { columns: ["advertiserId"], required: ["advertiserId"] },
  deal: { columns: ["dealId", "category", "exchange"], required: [] },
} as const satisfies Record<string, { columns: readonly string[]; required: readonly string[] }>;

export type DictionaryKind = keyof typeof DICTIONARY_KINDS;
export const DICTIONARY_KIND_NAMES = Object.keys(DICTIONARY_KINDS) as [DictionaryKind, ...DictionaryKind[]];

export const isDictionaryKind = (kind: string): kind is DictionaryKind => Object.hasOwn(DICTIONARY_KINDS, kind);

/** One row: the stored value and what a person reads; `detail` a second line (a deal's category and exchange). */
export const DictionaryEntrySchema = z.object({
  value: z.string(),
  label: z.string(),
  detail: z.string().optional(),
});
export type DictionaryEntry = z.infer<typeof DictionaryEntrySchema>;

export const DictionaryPageSchema = z.object({
  totalNoOfRecords: z.number().int().meta({ description: "Rows matching the filters, over all pages." }),
  data: z.array(DictionaryEntrySchema),
});
export type DictionaryPage = z.infer<typeof DictionaryPageSchema>;

export const DictionaryFilterSchema = z.object({
  column: z.string().min(1).max(50),
  value: z.union([z.string().max(200), z.number()]).transform(String),
});

const SORT_MESSAGE = "sort must be label or value, followed by + (ascending) or - (descending)";

/** The query of shell.md 7: page from 0, size up to 1000, sort "label+" ("+" arrives as a space when not encoded). */
export const DictionaryQuerySchema = z.object({
  page: z.coerce.number().int().min(0, "page starts at 0").default(0),
  size: z.coerce.number().int().min(1).max(DICTIONARY_PAGE_SIZE, `size is at most ${DICTIONARY_PAGE_SIZE}`).default(DICTIONARY_PAGE_SIZE),
  sort: z
    .string()
    .regex(/^(label|value)[+\- ]?$/, SORT_MESSAGE)
    .default("label+")
    .meta({ description: "label or value, then + ascending (default) or - descending." }),
  refresh: z.string().max(20).optional().meta({ description: "Accepted for the spec's shape; every answer is read fresh." }),
});

export const DictionaryBodySchema = z.object({
  searchRequest: z.object({ filters: z.array(DictionaryFilterSchema).max(20).default([]) }).default({ filters: [] }),
});

/** What the read action takes: the kind, the query and the body's filters in one object. */
export const DictionaryRequestSchema = DictionaryQuerySchema.extend({
  kind: z.string().max(50),
  filters: z.array(DictionaryFilterSchema).max(20).default([]),
});
export type DictionaryRequest = z.output<typeof DictionaryRequestSchema>;

/** How the strategy's message about a device brand or model not in its dictionary starts: the wizard shows it beside those pickers. */
export const DEVICE_CHOICE_MESSAGE = "Choose device";
