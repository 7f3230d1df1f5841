// The one server module that reads delivery metrics. It reads the per-strategy
// rollups through the tenant-scoped client, so always for the session's
// licensee only (LICENSEE_PARAM): sums over a range read the running totals,
// or its whole UTC days from DeliveryStrategyDaily and its edge hours from
// DeliveryStrategyHourly (rangeSource); daily charts read the scope rollup of
// their licensee, advertiser or campaign (./scope.ts). Columns are summed as NUMERIC
// (returned as text, so no driver turns money into floats) and ratios are
// computed in ./formulas.ts. Metric ids are
// filtered by role first: a read-only user never receives cost, margin, eCPx...
//
// Days are calendar days of the range's timezone. The rollup stores UTC hour
// buckets, so an hour belongs to the local day in which it starts: for zones
// with a half-hour offset (Asia/Kolkata, UTC+5:30) the bucket 18:00-19:00 UTC
// starts at 23:30 local and counts entirely for that day.
import "server-only";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { cachedTenantQuery } from "../data/read-cache";
import { Prisma } from "../generated/prisma/client";
import type { SessionContext } from "../auth/context";
import { isId } from "../data/gate";
import { daysOf, localMidnight, MAX_RANGE_DAYS } from "../user-settings/date-range";
import { timezoneIana } from "../user-settings/timezones";
import { allowedMetricIds } from "./catalogue";
import { baseColumnsOf, computeMetrics, type BaseColumn, type BaseSums } from "./formulas";
import type { DateRange } from "../user-settings/date-range";
import { metricSql } from "./sql";
import { boundaryHourOf, boundaryInstant, readyBoundaryHours } from "./boundaries";
import { runningSource } from "./running";
import { isUtcZone, seriesSource } from "./scope";

export type MetricLevel = "licensee" | "advertiser" | "campaign" | "strategy";
export type { DateRange };
export type MetricValues = Record<string, number | null>;

// Whitelisted identifiers: the only SQL built from a variable.
const ENTITY_COLUMN = { advertiser: "advertiserId", campaign: "campaignId", strategy: "strategyId" } as const;
const ENTITY_TABLE = { advertiser: Prisma.raw(`"Advertiser"`), campaign: Prisma.raw(`"Campaign"`), strategy: Prisma.raw(`"Strategy"`) } as const;
/** Sums of the columns these metrics need, exact (NUMERIC as text). */
const sumsSql = (columns: readonly string[]) => Prisma.raw(columns.map((c) => `sum("${c}")::text AS "${c}"`).join(", "));

type SumRow = BaseSums & { key: string | number | bigint | null };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function checkRange(range: DateRange): void {
  if (!DAY_RE.test(range.from) || !DAY_RE.test(range.to) || range.from > range.to) {
    throw new RangeError(`Invalid date range ${range.from}..${range.to}`);
  }
  if (daysOf(range.from, range.to).length > MAX_RANGE_DAYS) throw new RangeError("Date range too long");
}

/** The range's hour buckets as a condition on `column`: from local midnight of `from` to local midnight after `to` (DST-safe). */
export async function rangeHoursSql(range: DateRange, column: Prisma.Sql): Promise<Prisma.Sql> {
  checkRange(range);
  const iana = await timezoneIana(range.timezoneId);
  return Prisma.sql`${column} >= (${range.from}::date::timestamp AT TIME ZONE ${iana})
    AND ${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${iana})`;
}

/** The range's bounds as SQL instants: local midnight of `from` and of the day after `to` (DST-safe). */
async function rangeBounds(range: DateRange): Promise<{ start: Prisma.Sql; end: Prisma.Sql; iana: string }> {
  checkRange(range);
  const iana = await timezoneIana(range.timezoneId);
  return {
    start: Prisma.sql`(${range.from}::date::timestamp AT TIME ZONE ${iana})`,
    end: Prisma.sql`((${range.to}::date + 1)::timestamp AT TIME ZONE ${iana})`,
    iana,
  };
}

const DAY_MS = 24 * 3_600_000;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;

/**
 * Which strategies' delivery a sum covers: those of some entities of a level,
 * given as ids or as a SELECT of their ids (a list's filter, so a list
 * sorted by a metric never loads its ids into Node). None: the licensee's.
 */
export type EntityFilter =
  | { level: EntityLevel; ids: number[]; idsSql?: undefined }
  | { level: EntityLevel; idsSql: Prisma.Sql; ids?: undefined };
type EntityLevel = keyof typeof ENTITY_COLUMN;

/**
 * The filter as a condition on a delivery table's entity columns, or with
 * `onStrategy` on the Strategy table `s` (whose own id is "id").
 */
function filterSql(filter: EntityFilter, onStrategy = false): Prisma.Sql {
  const name = onStrategy && filter.level === "strategy" ? "id" : ENTITY_COLUMN[filter.level];
  const col = Prisma.raw(`${onStrategy ? "s." : ""}"${name}"`);
  // One array parameter however many ids.
  return filter.idsSql ? Prisma.sql`${col} IN (${filter.idsSql})` : Prisma.sql`${col} = ANY(${filter.ids.map(String)}::text[]::int[])`;
}

/**
 * The range's delivery rows for sums, with columns advertiserId, campaignId,
 * strategyId and `columns`: the hour buckets starting in [local midnight of
 * from, local midnight after to), as rangeBounds cuts them.
 *
 * From the running totals when both boundary hours of the range are built
 * (two rows per strategy: lib/metrics/running.ts); otherwise from the whole
 * UTC days of the daily rollup plus the edge hours (a partial UTC day at each
 * end, at most 23 hours each) of the hourly one. Both give the same sums.
 */
export async function rangeSource(range: DateRange, columns: readonly string[], filter?: EntityFilter): Promise<Prisma.Sql> {
  return (await rangeSourceOf(range, columns, filter)).sql;
}

/** As rangeSource, saying whether it is the running totals: then one row per strategy the filter admits, none left out. */
async function rangeSourceOf(range: DateRange, columns: readonly string[], filter?: EntityFilter): Promise<Source> {
  checkRange(range);
  const iana = await timezoneIana(range.timezoneId);
  return windowSource({ start: boundaryInstant(localMidnight(range.from, iana)), end: boundaryInstant(localMidnight(range.to, iana, 1)) }, columns, filter);
}

interface Source {
  sql: Prisma.Sql;
  running: boolean;
}

/** Boundary instants (whole UTC hours) of a window; start null: all delivery before `end`. */
export interface SumWindow {
  start: Date | null;
  end: Date;
  /**
   * The window ends at an arbitrary hour (pacing's "now"), not at a local
   * midnight: read hours, never the running totals, so no boundary hour is
   * registered for it.
   */
  hoursOnly?: boolean;
}

async function windowSource(w: SumWindow, columns: readonly string[], filter?: EntityFilter): Promise<Source> {
  const daily = () => ({ sql: dailySource(w.start?.getTime() ?? null, w.end.getTime(), columns, filter), running: false });
  if (w.hoursOnly) return daily();
  const hours = [boundaryHourOf(w.end), ...(w.start ? [boundaryHourOf(w.start)] : [])];
  const ready = await readyBoundaryHours(hours);
  if (hours.every((h) => ready.has(h))) {
    const window = { start: w.start, end: w.end, startHour: w.start ? boundaryHourOf(w.start) : 0, endHour: boundaryHourOf(w.end) };
    return { sql: runningSource(window, columns, filter ? filterSql(filter, true) : Prisma.sql`TRUE`), running: true };
  }
  return daily();
}

/** The whole UTC days of the daily rollup and the edge hours of the hourly one; start null: from the first delivery. */
function dailySource(start: number | null, end: number, columns: readonly string[], filter?: EntityFilter): Prisma.Sql {
  const firstDay = start === null ? null : ceilTo(start, DAY_MS);
  const lastDay = floorTo(end, DAY_MS);
  const cols = Prisma.raw(["advertiserId", "campaignId", "strategyId", ...columns].map((c) => `"${c}"`).join(", "));
  const only = filter ? Prisma.sql` AND ${filterSql(filter)}` : Prisma.empty;
  const hours = (from: number, to: number) => Prisma.sql`("hour" >= ${new Date(from)} AND "hour" < ${new Date(to)})`;
  if (start !== null && firstDay !== null && firstDay >= lastDay) {
    return Prisma.sql`(SELECT ${cols} FROM "DeliveryStrategyHourly" WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${hours(start, end)}${only})`;
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const edges = start === null || firstDay === null ? hours(lastDay, end) : Prisma.sql`(${hours(start, firstDay)} OR ${hours(lastDay, end)})`;
  const days = firstDay === null ? Prisma.sql`"day" < ${day(lastDay)}::date` : Prisma.sql`"day" >= ${day(firstDay)}::date AND "day" < ${day(lastDay)}::date`;
  return Prisma.sql`(
    SELECT ${cols} FROM "DeliveryStrategyHourly" WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${edges}${only}
    UNION ALL
    SELECT ${cols} FROM "DeliveryStrategyDaily" WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${days}${only})`;
}

/** One entity (or the whole licensee), or the entities of a list's filter (idsSql: a SELECT of their ids). */
function entityFilter(level: MetricLevel, id: number | undefined, idsSql?: Prisma.Sql): EntityFilter | undefined {
  if (level === "licensee") return undefined;
  if (idsSql) return { level, idsSql };
  return { level, ids: [checkedId(level, id)] };
}

function checkedId(level: MetricLevel, id: number | undefined): number {
  if (id === undefined || !isId(id)) throw new RangeError(`metrics: a valid ${level} id is required`);
  return id;
}

/** The licensee's entity ids of a level among `ids` (all when undefined): no other licensee's ids get a row. */
async function ownedIds(ctx: SessionContext, level: keyof typeof ENTITY_COLUMN, ids?: number[]): Promise<number[]> {
  const where = ids ? { id: { in: ids.filter(isId) } } : {};
  const select = { id: true } as const;
  const db = tenantDb(ctx);
  const rows =
    level === "advertiser"
      ? await db.advertiser.findMany({ where, select })
      : level === "campaign"
        ? await db.campaign.findMany({ where, select })
        : await db.strategy.findMany({ where, select });
  const found = new Set(rows.map((r) => r.id));
  return ids ? ids.filter((id, i) => found.has(id) && ids.indexOf(id) === i) : [...found].sort((a, b) => a - b);
}

export async function metricsByEntity(
  ctx: SessionContext,
  q: { level: Exclude<MetricLevel, "licensee">; ids?: number[]; range: DateRange; metricIds: readonly string[] },
): Promise<Map<number, MetricValues>> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const ids = await ownedIds(ctx, q.level, q.ids);
  if (ids.length === 0) return new Map();
  const columns = baseColumnsOf(metricIds);
  const key = Prisma.raw(`"${ENTITY_COLUMN[q.level]}"`);
  const rows = columns.length
    ? await cachedTenantQuery<SumRow>(
        ctx,
        Prisma.sql`SELECT ${key} AS "key", ${sumsSql(columns)} FROM ${await rangeSource(q.range, columns, q.ids ? { level: q.level, ids } : undefined)} AS src GROUP BY 1`,
      )
    : [];
  return valuesByKey(ids, rows, metricIds);
}

/** Each id's values from its row of sums (matched by `key`); an id without a row gets the values of no delivery. */
export function valuesByKey(ids: readonly number[], rows: readonly SumRow[], metricIds: readonly string[]): Map<number, MetricValues> {
  const byKey = new Map(rows.map((r) => [Number(r.key), r]));
  return new Map(ids.map((id) => [id, computeMetrics(byKey.get(id) ?? {}, metricIds)]));
}

/**
 * The ORDER BY expression of a sort by `metricId` over the sums of a subquery
 * `m` (no value counts as 0), and the base columns it reads. A metric that
 * cannot be sorted by, or that the role may not see, is refused.
 */
export function metricOrder(ctx: SessionContext, metricId: string): { order: Prisma.Sql; used: Set<BaseColumn> } {
  const used = new Set<BaseColumn>();
  const order = metricSql(metricId, (c) => {
    used.add(c);
    return Prisma.sql`coalesce(m.${Prisma.raw(`"${c}"`)}, 0)`;
  });
  if (!order || allowedMetricIds(ctx.role, [metricId]).length === 0) throw new RangeError(`metrics: cannot sort by ${metricId}`);
  return { order, used };
}

/** The sums over one entity, the licensee, or every entity a list's filter selects (idsSql: the list's totals row). */
export async function metricTotals(
  ctx: SessionContext,
  q: { level: MetricLevel; id?: number; idsSql?: Prisma.Sql; range: DateRange; metricIds: readonly string[] },
): Promise<MetricValues> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const columns = baseColumnsOf(metricIds);
  if (columns.length === 0) return computeMetrics({}, metricIds);
  const source = await rangeSource(q.range, columns, entityFilter(q.level, q.id, q.idsSql));
  const rows = await cachedTenantQuery<SumRow>(ctx, Prisma.sql`SELECT ${sumsSql(columns)} FROM ${source} AS src`);
  return computeMetrics(rows[0] ?? {}, metricIds);
}

/**
 * The statement of a chart's series: rows (key: the local day, sums of
 * `columns` as text) over the range; an hour counts for the day it starts
 * in. A licensee, advertiser or campaign reads its scope rollup (one row per
 * hour, or per day in UTC, whatever the number of strategies); a strategy
 * its own rows of the strategy rollups, by primary key.
 */
export async function dailySeriesSql(q: { level: MetricLevel; id?: number; range: DateRange; columns: readonly string[] }): Promise<Prisma.Sql> {
  const { start, end, iana } = await rangeBounds(q.range);
  const id = q.level === "licensee" ? undefined : checkedId(q.level, q.id);
  const source = seriesSource({ level: q.level, id, start, end, from: q.range.from, to: q.range.to, utcDays: isUtcZone(iana) }, q.columns);
  return Prisma.sql`SELECT to_char(("hour" AT TIME ZONE ${iana})::date, 'YYYY-MM-DD') AS "key", ${sumsSql(q.columns)} FROM ${source} AS src GROUP BY 1`;
}

/** The range's sums per local day of the licensee, an advertiser, a campaign or a strategy (the dashboards' charts). */
export async function metricsDaily(
  ctx: SessionContext,
  q: { level: MetricLevel; id?: number; range: DateRange; metricIds: readonly string[] },
): Promise<Array<{ day: string; values: MetricValues }>> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const columns = baseColumnsOf(metricIds);
  const rows = await cachedTenantQuery<SumRow>(ctx, await dailySeriesSql({ ...q, columns: columns.length ? columns : ["impressions"] }));
  const byDay = new Map(rows.map((r) => [String(r.key), r]));
  return daysOf(q.range.from, q.range.to).map((day) => ({ day, values: computeMetrics(byDay.get(day) ?? {}, metricIds) }));
}

/**
 * One page of entities ordered by a metric over the range, in SQL with LIMIT:
 * highest (or lowest) first, entities without a value last either way, ties
 * by id, the same order the values shown would give. The entities are given
 * as `idsSql`, a SELECT of the ids a list's filter matches (built with the
 * licensee: nothing is loaded into Node), or as `ids`, of which only the
 * licensee's take a place (joined against the entity's table).
 */
export async function idsByMetric(
  ctx: SessionContext,
  q: { level: Exclude<MetricLevel, "licensee">; ids?: number[]; idsSql?: Prisma.Sql; range: DateRange; metricId: string; desc: boolean; skip: number; take: number },
): Promise<number[]> {
  const ids = q.idsSql ? [] : [...new Set((q.ids ?? []).filter(isId))];
  if ((!q.idsSql && ids.length === 0) || q.take <= 0) return [];
  const { order, used } = metricOrder(ctx, q.metricId);
  const filter: EntityFilter = q.idsSql ? { level: q.level, idsSql: q.idsSql } : { level: q.level, ids };
  const { sql: source, running } = await rangeSourceOf(q.range, [...used], filter);
  const direction = Prisma.raw(q.desc ? "DESC" : "ASC");
  if (running && q.level === "strategy" && q.idsSql) {
    // The running totals hold one row per strategy of the list's filter (zeros for one
    // without delivery): ordered as they are, with no grouping and no second pass over the filter.
    // NUMERIC as the sums are: bigint counts would divide as integers in a ratio.
    const direct = metricSql(q.metricId, (c) => Prisma.sql`src.${Prisma.raw(`"${c}"`)}::numeric`)!;
    const rows = await cachedTenantQuery<{ id: number }>(
      ctx,
      Prisma.sql`SELECT src."strategyId" AS id FROM ${source} AS src
        ORDER BY ${direct} ${direction} NULLS LAST, src."strategyId" ASC
        LIMIT ${q.take} OFFSET ${q.skip}`,
    );
    return rows.map((r) => Number(r.id));
  }
  const key = Prisma.raw(`"${ENTITY_COLUMN[q.level]}"`);
  const sums = Prisma.raw([...used].map((c) => `sum("${c}") AS "${c}"`).join(", "));
  const entities = q.idsSql
    ? Prisma.sql`(${q.idsSql}) AS e(id)`
    : // Only the licensee's entities take a place on the page.
      Prisma.sql`unnest(${ids.map(String)}::text[]::int[]) AS e(id)
        JOIN ${ENTITY_TABLE[q.level]} owned ON owned.id = e.id AND owned."licenseeId" = ${LICENSEE_PARAM}`;
  const rows = await cachedTenantQuery<{ id: number }>(
    ctx,
    Prisma.sql`
    SELECT e.id FROM ${entities}
    LEFT JOIN (SELECT ${key} AS "key", ${sums} FROM ${source} AS src GROUP BY 1) m ON m."key" = e.id
    ORDER BY ${order} ${direction} NULLS LAST, e.id ASC
    LIMIT ${q.take} OFFSET ${q.skip}`,
  );
  return rows.map((r) => Number(r.id));
}

/** The spend columns pacing compares with budgets: media spend (cost) and advertiser spend (revenue). */
export type SpendColumn = "cost" | "revenue";

/**
 * Rows (key, spent) of each entity's spend in a window of boundary instants
 * (start null: from the first delivery), as a subquery: pacing's spend to
 * date, joined where a list sorts by pacing. Exact NUMERIC.
 */
export async function spendSql(level: Exclude<MetricLevel, "licensee">, column: SpendColumn, window: SumWindow, filter: EntityFilter): Promise<Prisma.Sql> {
  const { sql: source } = await windowSource(window, [column], filter);
  const key = Prisma.raw(`"${ENTITY_COLUMN[level]}"`);
  return Prisma.sql`(SELECT ${key} AS "key", sum(${Prisma.raw(`"${column}"`)}) AS "spent" FROM ${source} AS src GROUP BY 1)`;
}

/** Each entity's spend in the window as exact decimal text ("0" without delivery); empty for a role that may not see the column. */
export async function spendByEntity(
  ctx: SessionContext,
  q: { level: Exclude<MetricLevel, "licensee">; ids: number[]; column: SpendColumn; window: SumWindow },
): Promise<Map<number, string>> {
  const ids = [...new Set(q.ids.filter(isId))];
  if (ids.length === 0 || allowedMetricIds(ctx.role, [q.column]).length === 0) return new Map();
  const rows = await tenantDb(ctx).$queryRaw<Array<{ key: number; spent: string | null }>>`
    SELECT e.id AS "key", coalesce(m."spent", 0)::text AS "spent"
    FROM unnest(${ids.map(String)}::text[]::int[]) AS e(id)
    LEFT JOIN ${await spendSql(q.level, q.column, q.window, { level: q.level, ids })} m ON m."key" = e.id`;
  return new Map(rows.map((r) => [Number(r.key), r.spent ?? "0"]));
}

/**
 * Sums of `columns` (exact text) over some strategies' delivery in a window
 * of instants: hour buckets starting at or after `start`, before `end`.
 * Whole UTC days from the daily rollup, the edge hours from the hourly one.
 */
export async function windowTotals(
  ctx: SessionContext,
  q: { strategyIds: number[]; start: Date; end: Date; columns: readonly BaseColumn[] },
): Promise<BaseSums> {
  const ids = [...new Set(q.strategyIds.filter(isId))];
  if (ids.length === 0 || q.columns.length === 0) return {};
  const { sql: source } = await windowSource({ start: q.start, end: q.end, hoursOnly: true }, q.columns, { level: "strategy", ids });
  const rows = await tenantDb(ctx).$queryRaw<BaseSums[]>`SELECT ${sumsSql(q.columns)} FROM ${source} AS src`;
  return rows[0] ?? {};
}
