// The report engine, server-only, scoped to the session's licensee.
//
// How to call it:
//   import { runReport, ReportTooLargeError } from "@/lib/reports/run";
//   const result = await runReport(ctx, definition);                 // one page, for a screen
//   const all = await runReport(ctx, definition, { all: true });     // every row, for a file
// `definition` is a parsed ReportDefinition (lib/reports/definition.ts).
// The result's metrics are those the role may see (read-only users never get
// cost, margin, eCPx...: allowedReportMetricIds); values come from the one
// set of formulas (lib/metrics/formulas.ts), computed exactly from the summed
// columns. On screen a report with more than SCREEN_ROW_LIMIT rows returns
// no rows and `tooManyRows` (the message to show, offering the download); a
// download (all: true) of more than DOWNLOAD_ROW_LIMIT rows throws
// ReportTooLargeError. Files: lib/reports/export.ts.
import "server-only";
import type { SessionContext } from "../auth/context";
import { cachedTenantQuery } from "../data/read-cache";
import { Prisma } from "../generated/prisma/client";
import { computeMetrics, type BaseSums } from "../metrics/formulas";
import { metricSql } from "../metrics/sql";
import type { MetricValues } from "../metrics/query";
import { timezoneIana } from "../user-settings/timezones";
import { withWorkKind } from "../connections/work";
import { readFromReplica } from "../data/read-replica";
import type { ReportDefinition, ReportFilter } from "./definition";
import { isTimeDimension, type DimensionId } from "./dimensions";
import { labelKeys, labelOf } from "./labels";
import { allowedReportMetricIds } from "./metrics";
import { previousPeriod, type DayRange } from "./periods";
import { chooseSource, columnsOf, joinsSql, keyOrderSql, keySql, rollupFilters, sourceSql, sumsSql, whereSql, type ReportSource } from "./sql";

export const SCREEN_ROW_LIMIT = 5_000;
export const DOWNLOAD_ROW_LIMIT = 100_000;

export class ReportTooLargeError extends Error {
  constructor(rows: number) {
    super(`This report has ${rows.toLocaleString("en-US")} rows, more than the ${DOWNLOAD_ROW_LIMIT.toLocaleString("en-US")} a file can hold: narrow the dates or add filters.`);
  }
}

export interface ReportRow {
  /** Dimension id → key ("" for none): ids, 'yyyy-MM-dd' days, 'app:<id>'... */
  keys: Record<string, string>;
  /** Dimension id → what the row shows. */
  labels: Record<string, string>;
  values: MetricValues;
  /** The same row in the previous period (compare, reports without a time dimension only). */
  previous?: MetricValues;
}

export interface ReportResult {
  dimensions: DimensionId[];
  /** The metrics returned: the requested ones the role may see. */
  metrics: string[];
  rows: ReportRow[];
  totalRows: number;
  totals: MetricValues;
  page: number;
  pageSize: number;
  range: DayRange;
  timezone: string;
  currencyCode: string;
  /** Set with compare. */
  previousRange?: DayRange;
  previousTotals?: MetricValues;
  /** The screen's message when the rows exceed SCREEN_ROW_LIMIT (rows is then empty). */
  tooManyRows?: string;
  source: ReportSource;
}

// Reports read the delivery rollups, the facts (written only with the hourly rollup, whose
// change rows they share), strategies and shared tables (creative sets' members, apps).
const CACHE = { shared: true };

type GroupRow = BaseSums & Record<string, string | number | bigint | null>;

interface Query {
  def: ReportDefinition;
  iana: string;
  source: ReportSource;
  metrics: string[];
  range: DayRange;
  filters: readonly ReportFilter[];
}

/** What a source needs of the query: its dimensions, filters (the page's restrictions included) and timezone. */
const shapeOf = (qy: Query) => ({ dimensions: qy.def.dimensions, filters: qy.filters, iana: qy.iana });

async function grouped(ctx: SessionContext, qy: Query, page: { limit: number; offset: number } | null): Promise<readonly GroupRow[]> {
  const { def, iana } = qy;
  const columns = columnsOf(qy.metrics);
  const source = await sourceSql(qy.source, { ...qy.range, timezoneId: def.timezoneId }, columns, shapeOf(qy));
  const keys = Prisma.join(def.dimensions.map((d) => Prisma.sql`${keySql(d, iana)} AS ${Prisma.raw(`"${d}"`)}`));
  const groupBy = Prisma.raw(def.dimensions.map((_, i) => String(i + 1)).join(", "));
  // The running totals give every strategy a row, delivered or not: keep the groups with delivery, as the other sources do.
  const having = qy.source === "running" && columns.length ? Prisma.sql`HAVING ${Prisma.raw(columns.map((c) => `sum(d."${c}") <> 0`).join(" OR "))}` : Prisma.empty;
  const inner = Prisma.sql`SELECT ${keys}, ${sumsSql(columns, false)} FROM ${source} AS d ${joinsSql(def.dimensions, qy.filters)}
    WHERE ${whereSql(qy.filters, iana)} GROUP BY ${groupBy} ${having}`;
  const outCols = Prisma.raw([...def.dimensions.map((d) => `g."${d}"`), ...columns.map((c) => `g."${c}"::text AS "${c}"`)].join(", "));
  const ties = Prisma.join(def.dimensions.map((d) => Prisma.sql`${keyOrderSql(d, "g")} ASC`));
  const sort = def.sort ?? defaultSort(def);
  const sortDim = def.dimensions.find((d) => d === sort.by) ?? null;
  const metricOrder = sortDim ? null : metricSql(sort.by, (c) => Prisma.sql`g.${Prisma.raw(`"${c}"`)}`);
  const dir = Prisma.raw(sort.desc ? "DESC" : "ASC");
  const order = sortDim
    ? Prisma.sql`${keyOrderSql(sortDim, "g")} ${dir} NULLS LAST, ${ties}`
    : metricOrder && qy.metrics.includes(sort.by)
      ? Prisma.sql`${metricOrder} ${dir} NULLS LAST, ${ties}`
      : ties;
  const paging = page ? Prisma.sql`LIMIT ${page.limit} OFFSET ${page.offset}` : Prisma.empty;
  return cachedTenantQuery<GroupRow>(ctx, Prisma.sql`SELECT ${outCols}, count(*) OVER () AS "__rows" FROM (${inner}) g ORDER BY ${order} ${paging}`, CACHE);
}

async function countGroups(ctx: SessionContext, qy: Query): Promise<number> {
  const columns = columnsOf(qy.metrics);
  const source = await sourceSql(qy.source, { ...qy.range, timezoneId: qy.def.timezoneId }, columns, shapeOf(qy));
  const keys = Prisma.join(qy.def.dimensions.map((d) => keySql(d, qy.iana)));
  const having = qy.source === "running" && columns.length ? Prisma.sql`HAVING ${Prisma.raw(columns.map((c) => `sum(d."${c}") <> 0`).join(" OR "))}` : Prisma.empty;
  const groupBy = Prisma.raw(qy.def.dimensions.map((_, i) => String(i + 1)).join(", "));
  const rows = await cachedTenantQuery<{ n: bigint | number }>(ctx, Prisma.sql`SELECT count(*) AS n FROM (SELECT ${keys} FROM ${source} AS d
    ${joinsSql(qy.def.dimensions, qy.filters)} WHERE ${whereSql(qy.filters, qy.iana)} GROUP BY ${groupBy} ${having}) g`, CACHE);
  return Number(rows[0]?.n ?? 0);
}

async function totalsOf(ctx: SessionContext, qy: Query): Promise<MetricValues> {
  const columns = columnsOf(qy.metrics);
  // Totals group by nothing: the running totals give them whenever no filter needs the facts.
  const from = rollupFilters(qy.filters) ? "running" : qy.source;
  const source = await sourceSql(from, { ...qy.range, timezoneId: qy.def.timezoneId }, columns, shapeOf(qy));
  // No grouping joins: a creative in two sets counts once in the totals.
  const rows = await cachedTenantQuery<BaseSums>(ctx, Prisma.sql`SELECT ${sumsSql(columns, true)} FROM ${source} AS d
    ${joinsSql([], qy.filters)} WHERE ${whereSql(qy.filters, qy.iana)}`, CACHE);
  return computeMetrics(rows[0] ?? {}, qy.metrics);
}

export function defaultSort(def: Pick<ReportDefinition, "dimensions" | "metrics">): { by: string; desc: boolean } {
  const time = def.dimensions.find(isTimeDimension);
  return time ? { by: time, desc: false } : { by: def.metrics[0], desc: true };
}

const tupleKey = (dims: readonly string[], keys: Record<string, unknown>) => JSON.stringify(dims.map((d) => String(keys[d] ?? "")));

/** The page's rows in the previous period: the same groups, restricted to the page's keys of each dimension. */
async function previousRows(ctx: SessionContext, qy: Query, rows: ReportRow[]): Promise<Map<string, MetricValues>> {
  const dims = qy.def.dimensions;
  const restrict: ReportFilter[] = dims
    .filter((d) => d !== "creativeSet")
    .map((d) => ({ dimension: d, op: "in" as const, values: [...new Set(rows.map((r) => r.keys[d]))] }))
    // An id filter cannot carry "" (no aggregator...): leave such a dimension unrestricted (a superset is matched below).
    .filter((f) => f.values.every((v) => v !== "") || !["advertiser", "campaign", "strategy", "creative"].includes(f.dimension));
  const found = await grouped(ctx, { ...qy, filters: [...qy.filters, ...restrict] }, null);
  return new Map(found.map((r) => [tupleKey(dims, r), computeMetrics(r, qy.metrics)]));
}

/**
 * opts.all: every row (files; more than DOWNLOAD_ROW_LIMIT throws ReportTooLargeError).
 * opts.unlimitedPages: pages of any report (the JSON API), without the screen's row limit.
 */
export function runReport(ctx: SessionContext, def: ReportDefinition, opts: { all?: boolean; unlimitedPages?: boolean } = {}): Promise<ReportResult> {
  // A report may sum a year of delivery: its statements get the reports' timeout, not a page's.
  return withWorkKind("reports", () => readFromReplica(ctx, () => reportOf(ctx, def, opts)));
}

async function reportOf(ctx: SessionContext, def: ReportDefinition, opts: { all?: boolean; unlimitedPages?: boolean }): Promise<ReportResult> {
  const metrics = allowedReportMetricIds(ctx.role, def.metrics);
  const iana = await timezoneIana(def.timezoneId);
  const source = chooseSource(def, iana);
  const range = { from: def.from, to: def.to };
  const sort = def.sort && (def.dimensions.some((d) => d === def.sort?.by) || metrics.includes(def.sort.by)) ? def.sort : defaultSort({ ...def, metrics: metrics.length ? metrics : def.metrics });
  const qy: Query = { def: { ...def, sort }, iana, source, metrics, range, filters: def.filters };
  const base = { dimensions: def.dimensions, metrics, page: def.page, pageSize: def.pageSize, range, timezone: iana, currencyCode: ctx.currencyCode, source };

  const totals = await totalsOf(ctx, qy);
  const prev = def.compare ? previousPeriod(range) : undefined;
  const previousTotals = prev ? await totalsOf(ctx, { ...qy, range: prev }) : undefined;
  const comparison = prev ? { previousRange: prev, previousTotals } : {};

  let raw: readonly GroupRow[];
  let totalRows: number;
  if (opts.all) {
    raw = await grouped(ctx, qy, { limit: DOWNLOAD_ROW_LIMIT + 1, offset: 0 });
    totalRows = raw.length ? Number(raw[0].__rows) : 0;
    if (totalRows > DOWNLOAD_ROW_LIMIT) throw new ReportTooLargeError(totalRows);
  } else {
    raw = await grouped(ctx, qy, { limit: def.pageSize, offset: (def.page - 1) * def.pageSize });
    totalRows = raw.length ? Number(raw[0].__rows) : await countGroups(ctx, qy);
    if (totalRows > SCREEN_ROW_LIMIT && !opts.unlimitedPages) {
      const tooManyRows = `This report has ${totalRows.toLocaleString("en-US")} rows, more than the ${SCREEN_ROW_LIMIT.toLocaleString("en-US")} shown on screen: download it as CSV or XLSX instead, or narrow it with filters.`;
      return { ...base, rows: [], totalRows, totals, tooManyRows, ...comparison };
    }
  }

  const keysByDim = new Map<DimensionId, Set<string>>();
  for (const d of base.dimensions) keysByDim.set(d, new Set(raw.map((r) => String(r[d] ?? ""))));
  const labels = await labelKeys(ctx, keysByDim);
  let rows: ReportRow[] = raw.map((r) => {
    const keys: Record<string, string> = {};
    const shown: Record<string, string> = {};
    for (const d of base.dimensions) {
      keys[d] = String(r[d] ?? "");
      shown[d] = labelOf(d, keys[d], labels.get(d));
    }
    return { keys, labels: shown, values: computeMetrics(r, metrics) };
  });
  if (prev && rows.length && !base.dimensions.some(isTimeDimension)) {
    const before = await previousRows(ctx, { ...qy, range: prev }, rows);
    rows = rows.map((r) => ({ ...r, previous: before.get(tupleKey(base.dimensions, r.keys)) ?? computeMetrics({}, metrics) }));
  }
  return { ...base, rows, totalRows, totals, ...comparison };
}
