// Reads a dictionary: every kind is a list of { value, label } narrowed by
// its filters (./schema.ts DICTIONARY_KINDS), then searched by `name`, sorted
// and paged alike. The in-memory kinds come from ./static-sources.ts; deals
// from the Deal reference table; product categories from the advertiser's own
// catalog feeds (the items' values of the variable mapped to "category"),
// read through the tenant client so another licensee's advertiser is not found.
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant-db";
import { isId } from "../data/gate";
import { NotFoundError } from "../errors";
import { validationError } from "../validation/errors";
import { contentGenres, contentLanguages, deviceBrands, deviceModels, intents } from "./static-sources";
import { DICTIONARY_KINDS, isDictionaryKind, SEARCH_COLUMN, type DictionaryEntry, type DictionaryKind, type DictionaryPage, type DictionaryRequest } from "./schema";

export const DICTIONARY_MESSAGES = {
  unknownKind: "Dictionary",
  unknownColumn: (kind: string, columns: readonly string[]) => `${kind} takes the filters ${[SEARCH_COLUMN, ...columns].join(", ")}`,
  requiredColumn: (column: string) => `Filter by ${column}: this dictionary is an advertiser's`,
  notAnId: (column: string) => `${column} must be a whole number`,
} as const;

/** Filter values by column (one column sent several times matches any of them). */
export type FilterValues = Map<string, string[]>;

type Source = (tx: TenantTx, filters: FilterValues) => Promise<DictionaryEntry[]> | DictionaryEntry[];

const anyOf = (wanted: string[] | undefined, actual: string) => !wanted || wanted.some((w) => w.toLowerCase() === actual.toLowerCase());

async function productCategories(tx: TenantTx, filters: FilterValues): Promise<DictionaryEntry[]> {
  const advertiserIds = [...new Set((filters.get("advertiserId") ?? []).map(Number))];
  // The advertisers must be the caller's: another licensee's (or an id past the column's range) reads as not found, never as an empty list.
  if (!advertiserIds.every(isId) || (await tx.advertiser.count({ where: { id: { in: advertiserIds } } })) !== advertiserIds.length) throw new NotFoundError("Advertiser");
  const rows = await tx.$queryRaw<{ category: string }[]>`
    SELECT DISTINCT btrim(i.data ->> m.name) AS category
      FROM "CatalogItem" i
      JOIN "CatalogFeed" f ON f.id = i."feedId"
      JOIN "VariableMapping" m ON m."feedId" = f.id AND m."standardVariable" = 'category'
     WHERE f."licenseeId" = ${LICENSEE_PARAM} AND f."isArchived" = false AND f."advertiserId" IN (${Prisma.join(advertiserIds)})
       AND coalesce(btrim(i.data ->> m.name), '') <> ''`;
  return rows.map((r) => ({ value: r.category, label: r.category }));
}

async function deals(tx: TenantTx, filters: FilterValues): Promise<DictionaryEntry[]> {
  const where = (column: "dealId" | "category" | "exchange") => {
    const values = filters.get(column);
    return values ? { [column]: { in: values, mode: "insensitive" as const } } : {};
  };
  const rows = await tx.deal.findMany({ where: { ...where("dealId"), ...where("category"), ...where("exchange") } });
  return rows.map((d) => ({ value: String(d.id), label: d.name, detail: `${d.dealId} · ${d.category} · ${d.exchange}` }));
}

const SOURCES: Record<DictionaryKind, Source> = {
  device_brand: () => deviceBrands(),
  device_model: (_tx, filters) => deviceModels().filter((m) => anyOf(filters.get("brand"), m.brand)).map(({ value, label, detail }) => ({ value, label, detail })),
  content_genre: () => contentGenres(),
  content_language: () => contentLanguages(),
  intent: () => intents(),
  product_category: productCategories,
  deal: deals,
};

/** The filters by column, each column checked against the kind's: an unknown or missing one is 400 beside the field. */
export function filtersOf(kind: DictionaryKind, filters: DictionaryRequest["filters"]): FilterValues {
  const spec = DICTIONARY_KINDS[kind];
  const columns: readonly string[] = spec.columns;
  const byColumn: FilterValues = new Map();
  filters.forEach((filter, i) => {
    if (filter.column !== SEARCH_COLUMN && !columns.includes(filter.column)) {
      throw validationError(["filters", String(i), "column"], DICTIONARY_MESSAGES.unknownColumn(kind, columns));
    }
    if (filter.column === "advertiserId" && !/^[1-9]\d{0,9}$/.test(filter.value)) throw validationError(["filters", String(i), "value"], DICTIONARY_MESSAGES.notAnId(filter.column));
    byColumn.set(filter.column, [...(byColumn.get(filter.column) ?? []), filter.value]);
  });
  for (const column of spec.required as readonly string[]) {
    if (!byColumn.has(column)) throw validationError(["filters"], DICTIONARY_MESSAGES.requiredColumn(column));
  }
  return byColumn;
}

export function dictionaryKindOf(kind: string): DictionaryKind {
  if (!isDictionaryKind(kind)) throw new NotFoundError(DICTIONARY_MESSAGES.unknownKind);
  return kind;
}

/** Every entry of a kind under its own filters (not searched): what the pickers and the strategy checks read. */
export async function dictionaryEntries(tx: TenantTx, kind: DictionaryKind, filters: FilterValues): Promise<DictionaryEntry[]> {
  return SOURCES[kind](tx, filters);
}

/** One page of a dictionary (shell.md 7): filtered, searched by name, sorted by label or value, paged from 0. */
export async function loadDictionary(tx: TenantTx, request: DictionaryRequest): Promise<DictionaryPage> {
  const kind = dictionaryKindOf(request.kind);
  const filters = filtersOf(kind, request.filters);
  const needles = (filters.get(SEARCH_COLUMN) ?? []).map((n) => n.trim().toLowerCase());
  const found = (await dictionaryEntries(tx, kind, filters)).filter(
    (e) => needles.length === 0 || needles.some((n) => e.label.toLowerCase().includes(n) || e.value.toLowerCase().includes(n)),
  );
  const field = request.sort.startsWith("value") ? "value" : "label";
  const direction = request.sort.endsWith("-") ? -1 : 1;
  const sorted = [...found].sort((a, b) => direction * (a[field].localeCompare(b[field], "en", { sensitivity: "base" }) || a.value.localeCompare(b.value)));
  const start = request.page * request.size;
  return { totalNoOfRecords: sorted.length, data: sorted.slice(start, start + request.size) };
}
