// The list operation of every REST resource: one query schema (paging,
// sorting, filters, search) built per resource from what it can sort and
// filter by, and one read definition that pages, sorts and filters in the
// database through the tenant-scoped client. The query schema is also what
// the OpenAPI document shows as the list's parameters.
//
// GET /api/v1/{resource}?page=1&size=20&sort=name-&q=shoe&advertiserId=12&status=active
// answers { data, totalNoOfRecords, page, size } (shell.md 7: the sort is a
// field plus "+" ascending or "-" descending; an unencoded "+" arrives as a space).
import { z } from "../validation/z";
import type { ActionSpec } from "../actions/define-action";
import { MAX_ID } from "../actions/fields";
import type { TenantClient } from "../data/tenant-db";
import { MAX_PAGE_SIZE } from "../list/url-state";
import { erase, type ListFilter, type ListOperation } from "./resource";

export const DEFAULT_PAGE_SIZE = 20;

type Where = Record<string, unknown>;
type Direction = "asc" | "desc";

export interface ListQuery {
  page: number;
  size: number;
  sort: { field: string; direction: Direction } | null;
  q: string | null;
  advertiserId?: number;
  campaignId?: number;
  active?: boolean;
}

export interface ListPage<View> {
  data: View[];
  totalNoOfRecords: number;
  page: number;
  size: number;
}

/** What a list needs of a Prisma delegate. */
export interface ListModel<Row> {
  findMany(args: { where: Where; orderBy: Where[]; skip: number; take: number }): Promise<Row[]>;
  count(args: { where: Where }): Promise<number>;
}

/** Where a resource's rows come from and how they become its view. */
export interface ListSource<Row, View> {
  /** Sortable fields: view fields that are also columns of the model. */
  sortFields: readonly [string, ...string[]];
  defaultSort: { field: string; direction: Direction };
  /** Text columns `q` matches (case-insensitive, part of the text); digits also match the id. */
  searchColumns: readonly [string, ...string[]];
  filters: readonly ListFilter[];
  /** Always applied: archived rows (and rows never listed on their own) excluded. */
  where: Where;
  /** The model's delegate on the tenant-scoped client (db => db.pixel). */
  model(db: TenantClient): ListModel<Row>;
  toView(row: Row): View;
}

const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const pageSize = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE);
const filterId = z.coerce.number().int().min(1).max(MAX_ID);
const searchText = z.string().trim().max(255);

const FILTER_PARAMS: Record<ListFilter, z.ZodType> = {
  advertiserId: filterId.optional().meta({ description: "Only rows of this advertiser." }),
  campaignId: filterId.optional().meta({ description: "Only rows of this campaign." }),
  status: z.enum(["active", "inactive"]).optional().meta({ description: "Only active or only inactive rows." }),
};

/** The query parameters of a resource's list, as the document shows them (strict: an unknown parameter is a 400). */
export function listQueryObject(source: Pick<ListSource<unknown, unknown>, "sortFields" | "searchColumns" | "filters">) {
  const fields = source.sortFields.join("|");
  const filters = Object.fromEntries(source.filters.map((f) => [f, FILTER_PARAMS[f]]));
  return z.strictObject({
    page: pageNumber.optional().meta({ description: "Page number, from 1.", example: 1 }),
    size: pageSize.optional().meta({ description: `Rows per page, 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`, example: 20 }),
    sort: z
      .string()
      .regex(new RegExp(`^(${fields})[+\\- ]?$`), `sort must be one of ${source.sortFields.join(", ")}, followed by + or -`)
      .optional()
      .meta({ description: `A field (${source.sortFields.join(", ")}) and "+" ascending (the default) or "-" descending.`, example: `${source.sortFields[0]}-` }),
    q: searchText.optional().meta({ description: `Text found in the ${source.searchColumns.join(" or ")}; a number also finds the id.` }),
    ...filters,
    pageSize: pageSize.optional().meta({ description: "Older name of size.", deprecated: true }),
    search: searchText.optional().meta({ description: "Older name of q.", deprecated: true }),
  });
}

type RawQuery = z.output<ReturnType<typeof listQueryObject>> & Partial<Record<ListFilter, unknown>>;

function toListQuery(raw: RawQuery): ListQuery {
  const sort = raw.sort ? { field: raw.sort.replace(/[+\- ]$/, ""), direction: (raw.sort.endsWith("-") ? "desc" : "asc") as Direction } : null;
  return {
    page: raw.page ?? 1,
    size: raw.size ?? raw.pageSize ?? DEFAULT_PAGE_SIZE,
    sort,
    q: (raw.q ?? raw.search) || null,
    ...(typeof raw.advertiserId === "number" ? { advertiserId: raw.advertiserId } : {}),
    ...(typeof raw.campaignId === "number" ? { campaignId: raw.campaignId } : {}),
    ...(raw.status ? { active: raw.status === "active" } : {}),
  };
}

function searchWhere(q: string | null, columns: readonly string[]): Where[] {
  if (!q) return [];
  const or: Where[] = columns.map((column) => ({ [column]: { contains: q, mode: "insensitive" } }));
  if (/^\d{1,10}$/.test(q) && Number(q) <= MAX_ID && Number(q) > 0) or.push({ id: Number(q) });
  return [{ OR: or }];
}

function filterWhere(query: ListQuery): Where[] {
  const where: Where[] = [];
  if (query.advertiserId !== undefined) where.push({ advertiserId: query.advertiserId });
  if (query.campaignId !== undefined) where.push({ campaignId: query.campaignId });
  if (query.active !== undefined) where.push({ active: query.active });
  return where;
}

/** The list operation of a resource: its query schema and the read definition that answers it. */
export function listOperation<Row, View>(name: string, source: ListSource<Row, View>): ListOperation {
  const query = listQueryObject(source);
  const definition: ActionSpec<z.ZodType<ListQuery>, ListPage<View>> = {
    name,
    access: "read",
    input: query.transform((raw) => toListQuery(raw as RawQuery)),
    async run({ db, input }) {
      const where = { AND: [source.where, ...filterWhere(input), ...searchWhere(input.q, source.searchColumns)] };
      const sort = input.sort ?? source.defaultSort;
      // id last, so pages are stable when the sort column has ties.
      const orderBy = [{ [sort.field]: sort.direction }, ...(sort.field === "id" ? [] : [{ id: sort.direction }])];
      const model = source.model(db);
      const [rows, total] = await Promise.all([
        model.findMany({ where, orderBy, skip: (input.page - 1) * input.size, take: input.size }),
        model.count({ where }),
      ]);
      return { data: rows.map((row) => source.toView(row)), totalNoOfRecords: total, page: input.page, size: input.size };
    },
  };
  return { definition: erase(definition), query };
}
