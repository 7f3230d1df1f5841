// The server side of every dashboard list: reads the URL state, picks the
// columns the user's preset and role allow, pages, sorts and filters in the
// database, adds metrics over the user's date range, and renders cells.
//
// Sorting by a plain column happens in SQL (whitelisted fields, ties by id).
// Sorting by a metric cannot: metrics are sums over the rollup. The list then
// takes every filtered id (a licensee has hundreds at most), computes that one
// metric for all of them, sorts in memory (no value last, ties by id) and
// loads only the page's rows.
import type { SessionContext } from "../auth/context";
import { listWriteControls, type Role } from "../auth/roles";
import { metricsByEntity, type DateRange } from "../metrics/query";
import { getActivePreset } from "../preferences/active";
import { getUserTimeSettings } from "../user-settings/queries";
import type { CsvCell } from "./csv";
import type { BaseRecord, CellEnv, ColumnSpec, MetricValues } from "./columns";
import { LIST_ENTITY_CONFIG } from "./entities";
import type { FilterOption, ListEntity, ListView } from "./types";
import {
  lastPage,
  pageOffset,
  pageSizeOptions,
  parseListUrlState,
  type ListUrlState,
  type SearchParamsInput,
} from "./url-state";
import type { ListFilters } from "./where";

/** How one entity's rows are found; implemented beside each entity's queries. */
export interface ListAdapter<R extends BaseRecord> {
  entity: ListEntity;
  /** Default order when the URL names none (a plain column). */
  defaultOrder: { field: string; desc: boolean };
  columns(role: Role, presetColumns: readonly string[]): ColumnSpec<R>[];
  count(ctx: SessionContext, f: ListFilters): Promise<number>;
  ids(ctx: SessionContext, f: ListFilters): Promise<number[]>;
  page(ctx: SessionContext, f: ListFilters, order: { field: string; desc: boolean }, skip: number, take: number): Promise<R[]>;
  /** The licensee's rows with these ids, in any order. */
  byIds(ctx: SessionContext, ids: number[]): Promise<R[]>;
  filterOptions(ctx: SessionContext, f: ListFilters): Promise<{ advertisers: FilterOption[] | null; campaigns: FilterOption[] | null }>;
}

/** The CSV export holds every matching row, up to this many. */
export const MAX_EXPORT_ROWS = 10_000;

interface Selection<R extends BaseRecord> {
  columns: ColumnSpec<R>[];
  records: R[];
  metrics: Map<number, MetricValues>;
  total: number;
  state: ListUrlState;
  defaultSize: number;
  env: CellEnv;
  range: DateRange;
  timezoneName: string;
}

function filtersOf(state: ListUrlState): ListFilters {
  return { q: state.q, status: state.status, advertiserId: state.advertiserId, campaignId: state.campaignId };
}

function compareMetric(field: string, desc: boolean, values: Map<number, MetricValues>) {
  return (a: number, b: number) => {
    const va = values.get(a)?.[field] ?? null;
    const vb = values.get(b)?.[field] ?? null;
    if (va === null || vb === null) return va === vb ? a - b : va === null ? 1 : -1; // no value: last either way
    return va === vb ? a - b : desc ? vb - va : va - vb;
  };
}

async function select<R extends BaseRecord>(
  ctx: SessionContext,
  adapter: ListAdapter<R>,
  params: SearchParamsInput,
  mode: "page" | "export",
): Promise<Selection<R>> {
  const [preset, time] = await Promise.all([getActivePreset(ctx), getUserTimeSettings(ctx)]);
  const columns = adapter.columns(ctx.role, preset.columns);
  const sortable = columns.filter((c) => c.column.sortable).map((c) => c.column.id);
  const state = parseListUrlState(params, { sortable, defaultSize: preset.rowLimit });
  const filters = filtersOf(state);
  const level = adapter.entity;
  const range = time.range;
  const sortSpec = columns.find((c) => c.column.id === state.sort?.field);

  // The rows of the asked page (export: every row), with the page moved back
  // to the last one when the URL points past the end.
  const window = (total: number) => {
    if (mode === "export") return { skip: 0, take: MAX_EXPORT_ROWS };
    state.page = Math.min(state.page, lastPage(total, state.size));
    return { skip: pageOffset(state), take: state.size };
  };

  let total: number;
  let records: R[];
  if (sortSpec?.isMetric) {
    const ids = await adapter.ids(ctx, filters);
    const field = sortSpec.column.id;
    const values = ids.length ? await metricsByEntity(ctx, { level, ids, range, metricIds: [field] }) : new Map();
    ids.sort(compareMetric(field, state.sort?.desc === true, values));
    total = ids.length;
    const { skip, take } = window(total);
    const pageIds = ids.slice(skip, skip + take);
    const byId = new Map((await adapter.byIds(ctx, pageIds)).map((r) => [r.id, r]));
    records = pageIds.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
  } else {
    const order = sortSpec?.orderBy ? { field: sortSpec.orderBy, desc: state.sort?.desc === true } : adapter.defaultOrder;
    total = await adapter.count(ctx, filters);
    const { skip, take } = window(total);
    records = total === 0 ? [] : await adapter.page(ctx, filters, order, skip, take);
  }

  const metricIds = columns.filter((c) => c.isMetric).map((c) => c.column.id);
  const metrics =
    metricIds.length && records.length
      ? await metricsByEntity(ctx, { level, ids: records.map((r) => r.id), range, metricIds })
      : new Map<number, MetricValues>();
  return {
    columns,
    records,
    metrics,
    total,
    state,
    defaultSize: preset.rowLimit,
    env: { timeZone: time.iana },
    range,
    timezoneName: time.timezoneName,
  };
}

async function view<R extends BaseRecord>(ctx: SessionContext, adapter: ListAdapter<R>, params: SearchParamsInput): Promise<ListView> {
  const s = await select(ctx, adapter, params, "page");
  const config = LIST_ENTITY_CONFIG[adapter.entity];
  return {
    entity: adapter.entity,
    columns: s.columns.map((c) => c.column),
    rows: s.records.map((r) => ({
      id: r.id,
      active: r.active,
      href: config.detailsHref(r.id),
      cells: Object.fromEntries(s.columns.map((c) => [c.column.id, c.display(r, s.metrics.get(r.id), s.env)])),
    })),
    total: s.total,
    state: s.state,
    defaultSize: s.defaultSize,
    pageSizes: pageSizeOptions(s.defaultSize),
    range: { from: s.range.from, to: s.range.to, timezoneName: s.timezoneName },
    filters: await adapter.filterOptions(ctx, filtersOf(s.state)),
    writeControls: listWriteControls(ctx.role),
  };
}

export interface ListExport {
  header: string[];
  rows: CsvCell[][];
  fileName: string;
  day: string;
}

async function exportRows<R extends BaseRecord>(ctx: SessionContext, adapter: ListAdapter<R>, params: SearchParamsInput): Promise<ListExport> {
  const s = await select(ctx, adapter, params, "export");
  return {
    header: s.columns.map((c) => c.column.header),
    rows: s.records.map((r) => s.columns.map((c) => c.exportValue(r, s.metrics.get(r.id), s.env))),
    fileName: LIST_ENTITY_CONFIG[adapter.entity].fileName,
    day: s.range.to,
  };
}

export { view as listViewOf, exportRows as listExportOf };
