// The server side of every list: reads the URL state, picks the columns the
// user's preset and role allow, pages, sorts and filters in the database,
// adds metrics over the user's date range, and renders cells. It knows no
// entity: each one hands it a ListAdapter and the texts of its declaration
// (lib/entities/lists.ts does, from the registry).
//
// Sorting by a plain column happens in SQL (whitelisted fields, ties by id).
// Sorting by a metric cannot: metrics are sums over the rollup (or counts of
// pixel fires). The list then takes every filtered id (a licensee has
// hundreds at most), computes that one metric for all of them, sorts in memory
// (no value last, ties by id) and loads only the page's rows.
import type { SessionContext } from "../auth/context";
import { listWriteControls, type Role } from "../auth/roles";
import { NotFoundError } from "../data/errors";
import { idsByMetric, metricsByEntity, type DateRange, type MetricLevel } from "../metrics/query";
import { getActivePreset } from "../preferences/active";
import { getUserTimeSettings } from "../user-settings/queries";
import type { CsvCell } from "./csv";
import type { BaseRecord, CellEnv, ColumnSpec, MetricValues } from "./columns";
import type { FilterOption, ListNames, ListRowView, ListScope, ListView, WriteControls } from "./types";
import {
  lastPage,
  pageOffset,
  pageSizeOptions,
  parseListUrlState,
  type ListUrlState,
  type SearchParamsInput,
} from "./url-state";
import type { ListFilters } from "./where";

export interface MetricQuery {
  ids: number[];
  metricIds: readonly string[];
  range: DateRange;
  /** The request's clock (windows such as "fires of the last 6 months"). */
  now: Date;
}

export interface MetricOrderQuery {
  ids: number[];
  metricId: string;
  desc: boolean;
  range: DateRange;
  skip: number;
  take: number;
}

/** How one entity's rows are found; implemented beside each entity's queries (lib/<entity>/list.ts). */
export interface ListAdapter<R extends BaseRecord> {
  /** Default order when the URL names none (a plain column). */
  defaultOrder: { field: string; desc: boolean };
  columns(role: Role, presetColumns: readonly string[]): ColumnSpec<R>[];
  count(ctx: SessionContext, f: ListFilters): Promise<number>;
  ids(ctx: SessionContext, f: ListFilters): Promise<number[]>;
  page(ctx: SessionContext, f: ListFilters, order: { field: string; desc: boolean }, skip: number, take: number): Promise<R[]>;
  /** The licensee's rows with these ids, in any order. */
  byIds(ctx: SessionContext, ids: number[]): Promise<R[]>;
  filterOptions(ctx: SessionContext, f: ListFilters): Promise<{ advertisers: FilterOption[] | null; campaigns: FilterOption[] | null }>;
  /** Values of the metric columns (isMetric) for these rows; lists without metric columns leave it out. */
  metrics?(ctx: SessionContext, q: MetricQuery): Promise<Map<number, MetricValues>>;
  /** One page of `ids` sorted by a metric in the database; lists without it sort their metric values in Node. */
  idsByMetric?(ctx: SessionContext, q: MetricOrderQuery): Promise<number[]>;
  /**
   * A list of one advertiser's rows (its pixels): the advertiser comes from the
   * page's route (or the export's `advertiserId`), and `check` answers "not
   * found" for one that is not the licensee's.
   */
  scope?: { check(ctx: SessionContext, advertiserId: number): Promise<unknown> };
  /** Plain values the row's own controls need in the browser (an edit form's values, a status badge). */
  rowData?(r: R): Record<string, unknown>;
}

/** Delivery metrics of dashboard lists: sums of the hourly rollup per entity, and the order by any of them in SQL. */
export function deliveryMetrics(level: Exclude<MetricLevel, "licensee">): Required<Pick<ListAdapter<BaseRecord>, "metrics" | "idsByMetric">> {
  return {
    metrics: (ctx, q) => metricsByEntity(ctx, { level, ids: q.ids, range: q.range, metricIds: q.metricIds }),
    idsByMetric: (ctx, q) => idsByMetric(ctx, { level, ...q }),
  };
}

/** What the list shows besides its rows: given by the entity's declaration. */
export interface ListOptions<R extends BaseRecord> {
  /** The entity key: the export route's name and the bulk action's entity. */
  entity: string;
  names: ListNames;
  emptyText: string;
  testId: string;
  selectable: boolean;
  /** The row's details link; null: the row has none. */
  href(r: R): string | null;
  /** The advertiser of a scoped list (see ListAdapter.scope), from the page's route. */
  advertiserId?: number;
  /**
   * The campaign a list is shown inside (a campaign's strategies on its
   * details page), already checked by the page: a fixed filter the URL and
   * the toolbar cannot change.
   */
  campaignId?: number;
  /** Overrides the role's write controls (an archived advertiser's lists are read-only). */
  writeControls?: WriteControls;
  now?: Date;
}

/** The CSV export holds every matching row, up to this many. */
export const MAX_EXPORT_ROWS = 10_000;

interface Selection<R extends BaseRecord> {
  columns: ColumnSpec<R>[];
  records: R[];
  metrics: Map<number, MetricValues>;
  total: number;
  state: ListUrlState;
  scope: ListScope | null;
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

/**
 * The parent a list is limited to: a campaign the page names, else for a
 * scoped list the advertiser of the route or of the URL, checked against the
 * licensee.
 */
async function scopeOf<R extends BaseRecord>(
  ctx: SessionContext,
  adapter: ListAdapter<R>,
  state: ListUrlState,
  opts: { advertiserId?: number; campaignId?: number },
): Promise<ListScope | null> {
  if (opts.campaignId !== undefined) return { campaignId: opts.campaignId };
  const advertiserId = opts.advertiserId;
  if (!adapter.scope) return null;
  const id = advertiserId ?? state.advertiserId;
  if (!id) throw new NotFoundError("Advertiser");
  await adapter.scope.check(ctx, id);
  return { advertiserId: id };
}

async function select<R extends BaseRecord>(
  ctx: SessionContext,
  adapter: ListAdapter<R>,
  params: SearchParamsInput,
  mode: "page" | "export",
  opts: { advertiserId?: number; campaignId?: number; now?: Date },
): Promise<Selection<R>> {
  const [preset, time] = await Promise.all([getActivePreset(ctx), getUserTimeSettings(ctx)]);
  const columns = adapter.columns(ctx.role, preset.columns);
  const sortable = columns.filter((c) => c.column.sortable).map((c) => c.column.id);
  const state = parseListUrlState(params, { sortable, defaultSize: preset.rowLimit });
  const scope = await scopeOf(ctx, adapter, state, opts);
  // A scoped list's parent is the scope, never a filter of the URL.
  const filters = { ...filtersOf(state), ...(scope ? { advertiserId: scope.advertiserId ?? null, campaignId: scope.campaignId ?? null } : {}) };
  if (scope) Object.assign(state, { advertiserId: null, campaignId: null });
  const range = time.range;
  const now = opts.now ?? new Date();
  const metricsOf = (ids: number[], metricIds: string[]) =>
    adapter.metrics && ids.length && metricIds.length
      ? adapter.metrics(ctx, { ids, metricIds, range, now })
      : Promise.resolve(new Map<number, MetricValues>());
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
  if (sortSpec?.isMetric && adapter.idsByMetric) {
    // Sorted and paged in SQL: only the page's rows and values are read into Node.
    const ids = await adapter.ids(ctx, filters);
    total = ids.length;
    const { skip, take } = window(total);
    const pageIds = await adapter.idsByMetric(ctx, { ids, metricId: sortSpec.column.id, desc: state.sort?.desc === true, range, skip, take });
    const byId = new Map((await adapter.byIds(ctx, pageIds)).map((r) => [r.id, r]));
    records = pageIds.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
  } else if (sortSpec?.isMetric) {
    const ids = await adapter.ids(ctx, filters);
    const field = sortSpec.column.id;
    const values = await metricsOf(ids, [field]);
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
  const metrics = await metricsOf(
    records.map((r) => r.id),
    metricIds,
  );
  return {
    columns,
    records,
    metrics,
    total,
    state,
    scope,
    defaultSize: preset.rowLimit,
    env: { timeZone: time.iana },
    range,
    timezoneName: time.timezoneName,
  };
}

/** The list as the browser shows it for the URL's state (`params`). */
export async function listViewOf<R extends BaseRecord>(
  ctx: SessionContext,
  adapter: ListAdapter<R>,
  params: SearchParamsInput,
  opts: ListOptions<R>,
): Promise<ListView> {
  const s = await select(ctx, adapter, params, "page", opts);
  const rows = s.records.map(
    (r): ListRowView => ({
      id: r.id,
      active: r.active,
      href: opts.href(r),
      cells: Object.fromEntries(s.columns.map((c) => [c.column.id, c.display(r, s.metrics.get(r.id), s.env)])),
      ...(adapter.rowData ? { data: adapter.rowData(r) } : {}),
    }),
  );
  return {
    entity: opts.entity,
    names: opts.names,
    emptyText: opts.emptyText,
    testId: opts.testId,
    selectable: opts.selectable,
    columns: s.columns.map((c) => c.column),
    rows,
    total: s.total,
    state: s.state,
    scope: s.scope,
    defaultSize: s.defaultSize,
    pageSizes: pageSizeOptions(s.defaultSize),
    range: { from: s.range.from, to: s.range.to, timezoneName: s.timezoneName },
    // A list inside a campaign offers no parent filter: its parent is fixed.
    filters: s.scope?.campaignId ? { advertisers: null, campaigns: null } : await adapter.filterOptions(ctx, filtersOf(s.state)),
    writeControls: opts.writeControls ?? listWriteControls(ctx.role),
  };
}

export interface ListExport {
  header: string[];
  rows: CsvCell[][];
  day: string;
}

/** Every row matching the URL's state (up to MAX_EXPORT_ROWS), with the columns the user sees. */
export async function listExportOf<R extends BaseRecord>(
  ctx: SessionContext,
  adapter: ListAdapter<R>,
  params: SearchParamsInput,
  opts: { now?: Date } = {},
): Promise<ListExport> {
  const s = await select(ctx, adapter, params, "export", opts);
  return {
    header: s.columns.map((c) => c.column.header),
    rows: s.records.map((r) => s.columns.map((c) => c.exportValue(r, s.metrics.get(r.id), s.env))),
    day: s.range.to,
  };
}
