// The one server module that reads delivery metrics. It reads the per-strategy
// rollups through the tenant-scoped client, so always for the session's
// licensee only (LICENSEE_PARAM): sums over a range read its whole UTC days
// from DeliveryStrategyDaily and its edge hours from DeliveryStrategyHourly
// (rangeSource), daily charts read the hours. Columns are summed as NUMERIC
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
import { Prisma } from "../generated/prisma/client";
import type { SessionContext } from "../auth/context";
import { isId } from "../data/gate";
import { daysOf, localMidnight, MAX_RANGE_DAYS } from "../user-settings/date-range";
import { timezoneIana } from "../user-settings/timezones";
import { allowedMetricIds } from "./catalogue";
import { computeMetrics, type BaseColumn, type BaseSums } from "./formulas";
import { metricSql } from "./sql";
import { ROLLUP_METRICS } from "./rollup";

export type MetricLevel = "licensee" | "advertiser" | "campaign" | "strategy";
export interface DateRange {
  /** 'yyyy-MM-dd', inclusive, a day of the timezone. */
  from: string;
  to: string;
  timezoneId: number;
}
export type MetricValues = Record<string, number | null>;

// Whitelisted identifiers: the only SQL built from a variable.
const ENTITY_COLUMN = { advertiser: "advertiserId", campaign: "campaignId", strategy: "strategyId" } as const;
const ENTITY_TABLE = { advertiser: Prisma.raw(`"Advertiser"`), campaign: Prisma.raw(`"Campaign"`), strategy: Prisma.raw(`"Strategy"`) } as const;
const SUMS_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `sum("${c}")::text AS "${c}"`).join(", "));

type SumRow = BaseSums & { key: string | number | bigint | null };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

function checkRange(range: DateRange): void {
  if (!DAY_RE.test(range.from) || !DAY_RE.test(range.to) || range.from > range.to) {
    throw new RangeError(`Invalid date range ${range.from}..${range.to}`);
  }
  if (daysOf(range.from, range.to).length > MAX_RANGE_DAYS) throw new RangeError("Date range too long");
}

/** WHERE for the licensee, the range's UTC hours, and optionally one entity or a list of them. */
async function whereSql(
  range: DateRange,
  filter?: { level: keyof typeof ENTITY_COLUMN; ids: number[] },
): Promise<{ where: Prisma.Sql; iana: string }> {
  checkRange(range);
  const iana = await timezoneIana(range.timezoneId);
  // Local midnight of `from` and of the day after `to`, as instants (DST-safe).
  let where = Prisma.sql`"licenseeId" = ${LICENSEE_PARAM}
    AND "hour" >= (${range.from}::date::timestamp AT TIME ZONE ${iana})
    AND "hour" < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${iana})`;
  if (filter) {
    const col = Prisma.raw(`"${ENTITY_COLUMN[filter.level]}"`);
    where = Prisma.sql`${where} AND ${col} IN (${Prisma.join(filter.ids)})`;
  }
  return { where, iana };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;


/**
 * The range's delivery rows for sums: its whole UTC days from the daily rollup
 * and the edge hours (a partial UTC day at each end, at most 23 hours each)
 * from the hourly one. An hour counts for the local day it starts in, as in
 * whereSql: the buckets are those starting in [local midnight of from, local
 * midnight after to). Rows carry advertiserId, campaignId, strategyId and `columns`.
 */
async function rangeSource(
  range: DateRange,
  columns: readonly string[],
  filter?: { level: keyof typeof ENTITY_COLUMN; ids: number[] },
): Promise<Prisma.Sql> {
  checkRange(range);
  const iana = await timezoneIana(range.timezoneId);
  const startHour = ceilTo(localMidnight(range.from, iana).getTime(), HOUR_MS);
  const endHour = ceilTo(localMidnight(range.to, iana, 1).getTime(), HOUR_MS);
  const firstDay = ceilTo(startHour, DAY_MS);
  const lastDay = floorTo(endHour, DAY_MS);
  const cols = Prisma.raw(["advertiserId", "campaignId", "strategyId", ...columns].map((c) => `"${c}"`).join(", "));
  // One array parameter however many ids (a list sorted by a metric passes every matching id).
  const only = filter ? Prisma.sql` AND ${Prisma.raw(`"${ENTITY_COLUMN[filter.level]}"`)} = ANY(${filter.ids.map(String)}::text[]::int[])` : Prisma.empty;
  const hours = (from: number, to: number) => Prisma.sql`("hour" >= ${new Date(from)} AND "hour" < ${new Date(to)})`;
  if (firstDay >= lastDay) {
    return Prisma.sql`(SELECT ${cols} FROM "DeliveryStrategyHourly" WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${hours(startHour, endHour)}${only})`;
  }
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return Prisma.sql`(
    SELECT ${cols} FROM "DeliveryStrategyHourly"
      WHERE "licenseeId" = ${LICENSEE_PARAM} AND (${hours(startHour, firstDay)} OR ${hours(lastDay, endHour)})${only}
    UNION ALL
    SELECT ${cols} FROM "DeliveryStrategyDaily"
      WHERE "licenseeId" = ${LICENSEE_PARAM} AND "day" >= ${day(firstDay)}::date AND "day" < ${day(lastDay)}::date${only})`;
}

function entityFilter(level: MetricLevel, id: number | undefined) {
  if (level === "licensee") return undefined;
  if (id === undefined || !isId(id)) throw new RangeError(`metrics: a valid ${level} id is required`);
  return { level, ids: [id] };
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
  const out = new Map<number, MetricValues>();
  if (ids.length === 0) return out;
  const source = await rangeSource(q.range, ROLLUP_METRICS, q.ids ? { level: q.level, ids } : undefined);
  const key = Prisma.raw(`"${ENTITY_COLUMN[q.level]}"`);
  const rows = await tenantDb(ctx).$queryRaw<SumRow[]>`SELECT ${key} AS "key", ${SUMS_SQL} FROM ${source} AS src GROUP BY 1`;
  const byKey = new Map(rows.map((r) => [Number(r.key), r]));
  for (const id of ids) out.set(id, computeMetrics(byKey.get(id) ?? {}, metricIds));
  return out;
}

export async function metricTotals(
  ctx: SessionContext,
  q: { level: MetricLevel; id?: number; range: DateRange; metricIds: readonly string[] },
): Promise<MetricValues> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const source = await rangeSource(q.range, ROLLUP_METRICS, entityFilter(q.level, q.id));
  const rows = await tenantDb(ctx).$queryRaw<SumRow[]>`SELECT ${SUMS_SQL} FROM ${source} AS src`;
  return computeMetrics(rows[0] ?? {}, metricIds);
}

export async function metricsDaily(
  ctx: SessionContext,
  q: { level: MetricLevel; id?: number; range: DateRange; metricIds: readonly string[] },
): Promise<Array<{ day: string; values: MetricValues }>> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const { where, iana } = await whereSql(q.range, entityFilter(q.level, q.id));
  const rows = await tenantDb(ctx).$queryRaw<SumRow[]>`
    SELECT to_char(("hour" AT TIME ZONE ${iana})::date, 'YYYY-MM-DD') AS "key", ${SUMS_SQL}
    FROM "DeliveryStrategyHourly" WHERE ${where} GROUP BY 1`;
  const byDay = new Map(rows.map((r) => [String(r.key), r]));
  return daysOf(q.range.from, q.range.to).map((day) => ({ day, values: computeMetrics(byDay.get(day) ?? {}, metricIds) }));
}

/**
 * One page of `ids` ordered by a metric over the range, in SQL with LIMIT:
 * highest (or lowest) first, entities without a value last either way, ties
 * by id, the same order the values shown would give. Ids not of the
 * licensee's take no place (joined against the entity's table in the same statement).
 */
export async function idsByMetric(
  ctx: SessionContext,
  q: { level: Exclude<MetricLevel, "licensee">; ids: number[]; range: DateRange; metricId: string; desc: boolean; skip: number; take: number },
): Promise<number[]> {
  const ids = [...new Set(q.ids.filter(isId))];
  if (ids.length === 0 || q.take <= 0) return [];
  const used = new Set<BaseColumn>();
  const order = metricSql(q.metricId, (c) => {
    used.add(c);
    return Prisma.sql`coalesce(m.${Prisma.raw(`"${c}"`)}, 0)`;
  });
  if (!order || allowedMetricIds(ctx.role, [q.metricId]).length === 0) throw new RangeError(`metrics: cannot sort by ${q.metricId}`);
  const source = await rangeSource(q.range, [...used], { level: q.level, ids });
  const key = Prisma.raw(`"${ENTITY_COLUMN[q.level]}"`);
  const sums = Prisma.raw([...used].map((c) => `sum("${c}") AS "${c}"`).join(", "));
  const direction = Prisma.raw(q.desc ? "DESC" : "ASC");
  const rows = await tenantDb(ctx).$queryRaw<Array<{ id: number }>>`
    SELECT e.id FROM unnest(${ids.map(String)}::text[]::int[]) AS e(id)
    -- Only the licensee's entities take a place on the page (in SQL: a list passes thousands of ids).
    JOIN ${ENTITY_TABLE[q.level]} owned ON owned.id = e.id AND owned."licenseeId" = ${LICENSEE_PARAM}
    LEFT JOIN (SELECT ${key} AS "key", ${sums} FROM ${source} AS src GROUP BY 1) m ON m."key" = e.id
    ORDER BY ${order} ${direction} NULLS LAST, e.id ASC
    LIMIT ${q.take} OFFSET ${q.skip}`;
  return rows.map((r) => Number(r.id));
}

/**
 * Media spend (cost) of one entity in [from, to), as exact decimal text: the
 * hour buckets starting in the window (pacing's spend to date). Null for a
 * role that may not see cost.
 */
export async function mediaSpendBetween(
  ctx: SessionContext,
  q: { level: Exclude<MetricLevel, "licensee">; id: number; from: Date; to: Date },
): Promise<string | null> {
  if (allowedMetricIds(ctx.role, ["cost"]).length === 0) return null;
  const { ids } = entityFilter(q.level, q.id)!;
  const col = Prisma.raw(`"${ENTITY_COLUMN[q.level]}"`);
  const rows = await tenantDb(ctx).$queryRaw<Array<{ spent: string | null }>>`
    SELECT sum("cost")::text AS "spent" FROM "DeliveryStrategyHourly"
    WHERE "licenseeId" = ${LICENSEE_PARAM} AND ${col} = ${ids[0]} AND "hour" >= ${q.from} AND "hour" < ${q.to}`;
  return rows[0]?.spent ?? "0";
}
