// The server side of every list: reads the URL state, picks the columns the
// user's preset and role allow, pages, sorts and filters in the database,
// adds metrics over the user's date range, and renders cells. It knows no
// entity: each one hands it a ListAdapter and the texts of its declaration
// (lib/entities/lists.ts does, from the registry).
//
// Sorting by a plain column happens in SQL (whitelisted fields, ties by id).
// Sorting by a delivery metric happens in SQL too (idsByMetric): the list's
// filter goes into the statement as a subquery (lib/list/where-sql.ts), the
// metric is summed over the date range and only the page's ids come back;
// the totals row is summed the same way. Lists whose metric is not a
// delivery sum (a pixel's fire counts) take every filtered id (an advertiser
// has a few dozen pixels), compute that metric, sort in memory (no value
// last, ties by id) and load only the page's rows.
import type { SessionContext } from "../auth/context";
import { listWriteControls, type Role } from "../auth/roles";
import { NotFoundError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import { idsByMetric, metricsByEntity, metricTotals, type DateRange, type MetricLevel } from "../metrics/query";
import {
  creativeCurrencies,
  creativeIdsByMetric,
  creativeMetricsByEntity,
  creativeMetricTotals,
  type CreativeMetricLevel,
} from "../metrics/creative-metrics";
import { currenciesOf } from "../metrics/currencies";
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
import { readFromReplica } from "../data/read-replica";

export interface MetricQuery {
  ids: number[];
  metricIds: readonly string[];
  range: DateRange;
  /** The request's clock (windows such as "fires of the last 6 months"). */
  now: Date;
}

export interface MetricOrderQuery {
  filters: ListFilters;
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
  /** One page of the filtered rows' ids sorted by a metric in the database; lists without it sort their metric values in Node. */
  idsByMetric?(ctx: SessionContext, q: MetricOrderQuery): Promise<number[]>;
  /**
   * One page of the filtered rows' ids in an order only SQL over more than
   * the row knows (a column's `sqlOrder`: pacing against today's spend).
   */
  idsInOrder?(ctx: SessionContext, q: { key: string; filters: ListFilters; desc: boolean; skip: number; take: number; iana: string; now: Date }): Promise<number[]>;
  /** Adds to the page's records what their cells show beyond the row (their pacing); `columns` are the ids shown. */
  enrich?(ctx: SessionContext, records: R[], q: { columns: string[]; iana: string; now: Date }): Promise<R[]>;
  /** The metrics summed over every row the filters match (the totals row), and their one currency (null: mixed). */
  totals?(ctx: SessionContext, q: { filters: ListFilters; metricIds: readonly string[]; range: DateRange }): Promise<ListTotals>;
  /**
   * A list of one advertiser's rows (its pixels): the advertiser comes from the
   * page's route (or the export's `advertiserId`), and `check` answers "not
   * found" for one that is not the licensee's.
   */
  scope?: { check(ctx: SessionContext, advertiserId: number): Promise<unknown> };
  /** Plain values the row's own controls need in the browser (an edit form's values, a status badge). */
  rowData?(r: R): Record<string, unknown>;
}

export interface ListTotals {
  values: MetricValues;
  /** The currency of every matching row; null when they have several (money totals are then not shown). */
  currencyCode: string | null;
}

/**
 * Delivery metrics of dashboard lists: sums of the rollups per entity, the
 * order by any of them and the totals row in SQL. `idsSql` is the list's
 * filter as a SELECT of ids (listIdsSql).
 */
export function deliveryMetrics(
  level: Exclude<MetricLevel, "licensee">,
  idsSql: (f: ListFilters) => Prisma.Sql,
): Required<Pick<ListAdapter<BaseRecord>, "metrics" | "idsByMetric" | "totals">> {
  return {
    metrics: (ctx, q) => metricsByEntity(ctx, { level, ids: q.ids, range: q.range, metricIds: q.metricIds }),
    idsByMetric: (ctx, { filters, ...q }) => idsByMetric(ctx, { level, idsSql: idsSql(filters), ...q }),
    totals: async (ctx, q) => {
      const [values, currencies] = await Promise.all([
        metricTotals(ctx, { level, idsSql: idsSql(q.filters), range: q.range, metricIds: q.metricIds }),
        currenciesOf(ctx, level, idsSql(q.filters)),
      ]);
      return { values, currencyCode: currencies.length === 1 ? currencies[0] : null };
    },
  };
}

/**
 * The same three parts for creatives and creative sets, whose delivery is read
 * from the facts (lib/metrics/creative-metrics.ts).
 */
export function creativeDeliveryMetrics(
  level: CreativeMetricLevel,
  idsSql: (f: ListFilters) => Prisma.Sql,
): Required<Pick<ListAdapter<BaseRecord>, "metrics" | "idsByMetric" | "totals">> {
  return {
    metrics: (ctx, q) => creativeMetricsByEntity(ctx, { level, ids: q.ids, range: q.range, metricIds: q.metricIds }),
    idsByMetric: (ctx, { filters, ...q }) => creativeIdsByMetric(ctx, { level, idsSql: idsSql(filters), ...q }),
    totals: async (ctx, q) => {
      const [values, currencies] = await Promise.all([
        creativeMetricTotals(ctx, { level, idsSql: idsSql(q.filters), range: q.range, metricIds: q.metricIds }),
        creativeCurrencies(ctx, level, idsSql(q.filters)),
      ]);
      return { values, currencyCode: currencies.length === 1 ? currencies[0] : null };
    },
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
  /** Details links open in a new browser tab (the declaration's detailsInNewTab). */
  detailsInNewTab?: boolean;
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
  totals: ListTotals | null;
  filterOptions: { advertisers: FilterOption[] | null; campaigns: FilterOption[] | null };
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
  const metricIds = columns.filter((c) => c.isMetric).map((c) => c.column.id);
  // Started now, awaited last: on PostgreSQL they run on other connections while the page is read.
  const early = <T>(run: () => Promise<T>): Promise<T> => {
    const promise = run();
    promise.catch(() => {}); // awaited below, where a failure is thrown; not an unhandled rejection meanwhile
    return promise;
  };
  const totalsPromise = mode === "page" && adapter.totals && metricIds.length ? early(() => adapter.totals!(ctx, { filters, metricIds, range })) : null;
  // A list inside a campaign offers no parent filter: its parent is fixed.
  const filterOptions =
    mode === "page" && !scope?.campaignId ? early(() => adapter.filterOptions(ctx, filtersOf(state))) : Promise.resolve({ advertisers: null, campaigns: null });

  // The rows of the asked page (export: every row), with the page moved back
  // to the last one when the URL points past the end.
  const window = (total: number) => {
    if (mode === "export") return { skip: 0, take: MAX_EXPORT_ROWS };
    state.page = Math.min(state.page, lastPage(total, state.size));
    return { skip: pageOffset(state), take: state.size };
  };

  let total: number;
  let records: R[];
  const desc = state.sort?.desc === true;
  const inOrder = async (pageIds: number[]) => {
    const byId = new Map((await adapter.byIds(ctx, pageIds)).map((r) => [r.id, r]));
    return pageIds.map((id) => byId.get(id)).filter((r): r is R => r !== undefined);
  };
  /** Sorted and paged in SQL: only the page's rows and values are read into Node. */
  const orderedInSql = async (pageIdsOf: (skip: number, take: number) => Promise<number[]>) => {
    const count = await adapter.count(ctx, filters);
    const { skip, take } = window(count);
    return { total: count, records: await inOrder(await pageIdsOf(skip, take)) };
  };
  if (sortSpec?.isMetric && adapter.idsByMetric) {
    const idsByMetric = adapter.idsByMetric;
    ({ total, records } = await orderedInSql((skip, take) => idsByMetric(ctx, { filters, metricId: sortSpec.column.id, desc, range, skip, take })));
  } else if (sortSpec?.sqlOrder && adapter.idsInOrder) {
    const { idsInOrder } = adapter;
    const key = sortSpec.sqlOrder;
    ({ total, records } = await orderedInSql((skip, take) => idsInOrder(ctx, { key, filters, desc, skip, take, iana: time.iana, now })));
  } else if (sortSpec?.isMetric) {
    const ids = await adapter.ids(ctx, filters);
    const field = sortSpec.column.id;
    const values = await metricsOf(ids, [field]);
    ids.sort(compareMetric(field, desc, values));
    total = ids.length;
    const { skip, take } = window(total);
    records = await inOrder(ids.slice(skip, skip + take));
  } else {
    const order = sortSpec?.orderBy ? { field: sortSpec.orderBy, desc } : adapter.defaultOrder;
    total = await adapter.count(ctx, filters);
    const { skip, take } = window(total);
    records = total === 0 ? [] : await adapter.page(ctx, filters, order, skip, take);
  }
  if (adapter.enrich && records.length) records = await adapter.enrich(ctx, records, { columns: columns.map((c) => c.column.id), iana: time.iana, now });

  const [metrics, totals, options] = await Promise.all([
    metricsOf(
      records.map((r) => r.id),
      metricIds,
    ),
    totalsPromise,
    filterOptions,
  ]);
  return {
    totals: total > 0 ? totals : null,
    filterOptions: options,
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
  const s = await readFromReplica(ctx, () => select(ctx, adapter, params, "page", opts));
  const rows = s.records.map(
    (r): ListRowView => ({
      id: r.id,
      active: r.active,
      href: opts.href(r),
      cells: Object.fromEntries(s.columns.map((c) => [c.column.id, c.display(r, s.metrics.get(r.id), s.env)])),
      ...(adapter.rowData ? { data: adapter.rowData(r) } : {}),
    }),
  );
  const totals = s.totals;
  return {
    totals: totals && Object.fromEntries(s.columns.flatMap((c) => (c.total ? [[c.column.id, c.total(totals.values, totals.currencyCode)]] : []))),
    entity: opts.entity,
    names: opts.names,
    emptyText: opts.emptyText,
    testId: opts.testId,
    selectable: opts.selectable,
    ...(opts.detailsInNewTab ? { detailsInNewTab: true } : {}),
    columns: s.columns.map((c) => c.column),
    rows,
    total: s.total,
    state: s.state,
    scope: s.scope,
    defaultSize: s.defaultSize,
    pageSizes: pageSizeOptions(s.defaultSize),
    range: { from: s.range.from, to: s.range.to, timezoneName: s.timezoneName },
    filters: s.filterOptions,
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
  const s = await readFromReplica(ctx, () => select(ctx, adapter, params, "export", opts));
  return {
    header: s.columns.map((c) => c.column.header),
    rows: s.records.map((r) => s.columns.map((c) => c.exportValue(r, s.metrics.get(r.id), s.env))),
    day: s.range.to,
  };
}
