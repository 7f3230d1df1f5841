// The state of a list lives in its URL (page, size, sort, search, status and
// parent filters), so a list can be bookmarked, shared and reloaded, and the
// server renders exactly what the URL asks for. The URL is untrusted input:
// every value is parsed on its own and a bad one falls back to its default
// instead of failing the page. Pure: the server parses, the client builds URLs.
import { z } from "../validation/z";

/** shell.md 9: table page-size options. The preset's row limit is added to them. */
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 100] as const;
export const MAX_PAGE_SIZE = 1000;
export const MAX_SEARCH_LENGTH = 100;

export const LIST_STATUSES = ["all", "active", "inactive"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

export interface ListSort {
  field: string;
  desc: boolean;
}

export interface ListUrlState {
  /** 1-based. */
  page: number;
  size: number;
  /** null: the list's default order. */
  sort: ListSort | null;
  /** Name search, trimmed ('' = none). */
  q: string;
  status: ListStatus;
  advertiserId: number | null;
  campaignId: number | null;
}

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

export interface ParseOptions {
  /** Column ids the list may be sorted by (for this user); anything else is ignored. */
  sortable: readonly string[];
  /** The page size when the URL gives none or one not offered (the preset's row limit). */
  defaultSize: number;
}

/** The sizes offered: shell.md 9's options plus the preset's row limit, ascending. */
export function pageSizeOptions(rowLimit: number): number[] {
  const limit = clampSize(rowLimit);
  return [...new Set<number>([...PAGE_SIZE_OPTIONS, limit])].sort((a, b) => a - b);
}

function clampSize(n: number): number {
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE_SIZE) : PAGE_SIZE_OPTIONS[1];
}

function first(input: SearchParamsInput, key: string): string | undefined {
  if (input instanceof URLSearchParams) return input.get(key) ?? undefined;
  const v = input[key];
  return Array.isArray(v) ? v[0] : v;
}

const positiveInt = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

const SORT_RE = /^([+-]?)([A-Za-z][A-Za-z0-9_]{0,63})$/;

function parseSort(raw: string | undefined, sortable: readonly string[]): ListSort | null {
  // '+name' arrives as ' name' (a '+' in a query string decodes to a space).
  const m = raw?.trim().match(SORT_RE);
  if (!m || !sortable.includes(m[2])) return null;
  return { field: m[2], desc: m[1] === "-" };
}

export function parseListUrlState(input: SearchParamsInput, opts: ParseOptions): ListUrlState {
  const defaultSize = clampSize(opts.defaultSize);
  const size = positiveInt.safeParse(first(input, "size") ?? "");
  const status = z.enum(LIST_STATUSES).safeParse(first(input, "status"));
  const id = (key: string) => {
    const r = positiveInt.safeParse(first(input, key) ?? "");
    return r.success ? r.data : null;
  };
  return {
    page: id("page") ?? 1,
    size: size.success && pageSizeOptions(defaultSize).includes(size.data) ? size.data : defaultSize,
    sort: parseSort(first(input, "sort"), opts.sortable),
    q: (first(input, "q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    status: status.success ? status.data : "all",
    advertiserId: id("advertiserId"),
    campaignId: id("campaignId"),
  };
}

export function formatSort(sort: ListSort | null): string | null {
  return sort ? `${sort.desc ? "-" : ""}${sort.field}` : null;
}

/** The query string of a state, without the values that are defaults (short, canonical URLs). */
export function listStateToSearchParams(state: ListUrlState, defaultSize: number): URLSearchParams {
  const p = new URLSearchParams();
  if (state.advertiserId) p.set("advertiserId", String(state.advertiserId));
  if (state.campaignId) p.set("campaignId", String(state.campaignId));
  if (state.q) p.set("q", state.q);
  if (state.status !== "all") p.set("status", state.status);
  const sort = formatSort(state.sort);
  if (sort) p.set("sort", sort);
  if (state.size !== clampSize(defaultSize)) p.set("size", String(state.size));
  if (state.page > 1) p.set("page", String(state.page));
  return p;
}

/** 0-based offset of the first row of the state's page. */
export function pageOffset(state: Pick<ListUrlState, "page" | "size">): number {
  return (state.page - 1) * state.size;
}

/** The last page that has rows (1 for an empty list). */
export function lastPage(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
