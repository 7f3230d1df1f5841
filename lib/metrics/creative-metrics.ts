// Delivery metrics of creatives and creative sets, for their lists (sort in
// SQL with LIMIT, totals row) and details pages. The per-strategy rollups do
// not keep the creative, so these read the facts (DeliveryHourly) of the
// range directly, through its (licenseeId, hour) index: fine for the demo
// licensees and for ranges of weeks; a per-creative daily rollup kept by the
// same triggers is the way to go when creative lists must stay fast over a
// year of a large licensee (docs/creatives.md, docs/delivery-data.md).
//
// A creative set's delivery is the delivery of the creatives it holds (a
// creative in two sets counts for both: facts do not say through which set
// a creative was served).
import "server-only";
import { LICENSEE_PARAM, tenantDb } from "../data/tenant-db";
import { Prisma } from "../generated/prisma/client";
import type { SessionContext } from "../auth/context";
import { isId } from "../data/gate";
import { allowedMetricIds } from "./catalogue";
import { computeMetrics, type BaseSums } from "./formulas";
import { ROLLUP_METRICS } from "./rollup";
import { metricOrder, rangeHoursSql, valuesByKey, type DateRange, type MetricValues } from "./query";

export type CreativeMetricLevel = "creative" | "creative_set";

type SumRow = BaseSums & { key: number | bigint | null };

const sums = (columns: readonly string[]) => Prisma.raw(columns.map((c) => `sum(d."${c}")::text AS "${c}"`).join(", "));

/**
 * Facts of the range keyed by the entity: (key, columns...) rows, one per
 * fact (a creative set's key is each set holding the fact's creative). Only
 * entities among `ids` (a SELECT of ids, or an id array).
 */
async function keyedFacts(level: CreativeMetricLevel, range: DateRange, ids: Prisma.Sql, columns: readonly string[]): Promise<Prisma.Sql> {
  const hours = await rangeHoursSql(range, Prisma.sql`d."hour"`);
  const cols = Prisma.raw(columns.map((c) => `d."${c}"`).join(", "));
  if (level === "creative") {
    return Prisma.sql`(SELECT d."creativeId" AS "key", ${cols} FROM "DeliveryHourly" d
      WHERE d."licenseeId" = ${LICENSEE_PARAM} AND ${hours} AND d."creativeId" IN (${ids}))`;
  }
  return Prisma.sql`(SELECT csc."creativeSetId" AS "key", ${cols} FROM "DeliveryHourly" d
    JOIN "CreativeSetCreative" csc ON csc."creativeId" = d."creativeId"
    WHERE d."licenseeId" = ${LICENSEE_PARAM} AND ${hours} AND csc."creativeSetId" IN (${ids}))`;
}

const TABLE = { creative: Prisma.raw(`"Creative"`), creative_set: Prisma.raw(`"CreativeSet"`) } as const;

/** `ids` as a SELECT of the licensee's own entities among them (no other licensee's id gets a row). */
function ownedIdsSql(level: CreativeMetricLevel, ids: number[]): Prisma.Sql {
  return Prisma.sql`SELECT t.id FROM ${TABLE[level]} t WHERE t."licenseeId" = ${LICENSEE_PARAM} AND t.id = ANY(${ids.map(String)}::text[]::int[])`;
}

/** Each entity's metrics over the range (entities without delivery get their empty values). */
export async function creativeMetricsByEntity(
  ctx: SessionContext,
  q: { level: CreativeMetricLevel; ids: number[]; range: DateRange; metricIds: readonly string[] },
): Promise<Map<number, MetricValues>> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const wanted = [...new Set(q.ids.filter(isId))];
  if (wanted.length === 0) return new Map();
  // Only the licensee's own entities get a row (an id of another licensee is simply absent).
  const owned = await tenantDb(ctx).$queryRaw<Array<{ id: number }>>`${ownedIdsSql(q.level, wanted)}`;
  const ids = owned.map((r) => Number(r.id)).sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const facts = await keyedFacts(q.level, q.range, ownedIdsSql(q.level, ids), ROLLUP_METRICS);
  const rows = await tenantDb(ctx).$queryRaw<SumRow[]>`SELECT d."key", ${sums(ROLLUP_METRICS)} FROM ${facts} AS d GROUP BY 1`;
  return valuesByKey(ids, rows, metricIds);
}

/** The sums over every entity `idsSql` selects (a list's totals row). */
export async function creativeMetricTotals(
  ctx: SessionContext,
  q: { level: CreativeMetricLevel; idsSql: Prisma.Sql; range: DateRange; metricIds: readonly string[] },
): Promise<MetricValues> {
  const metricIds = allowedMetricIds(ctx.role, q.metricIds);
  const facts = await keyedFacts(q.level, q.range, q.idsSql, ROLLUP_METRICS);
  const rows = await tenantDb(ctx).$queryRaw<SumRow[]>`SELECT ${sums(ROLLUP_METRICS)} FROM ${facts} AS d`;
  return computeMetrics(rows[0] ?? {}, metricIds);
}

/**
 * One page of the entities `idsSql` selects, ordered by a metric in SQL with
 * LIMIT: the same order rule as lib/metrics/query.ts idsByMetric (entities
 * without a value last either way, ties by id).
 */
export async function creativeIdsByMetric(
  ctx: SessionContext,
  q: { level: CreativeMetricLevel; idsSql: Prisma.Sql; range: DateRange; metricId: string; desc: boolean; skip: number; take: number },
): Promise<number[]> {
  if (q.take <= 0) return [];
  const { order, used } = metricOrder(ctx, q.metricId);
  const facts = await keyedFacts(q.level, q.range, q.idsSql, [...used]);
  const summed = Prisma.raw([...used].map((c) => `sum(d."${c}") AS "${c}"`).join(", "));
  const rows = await tenantDb(ctx).$queryRaw<Array<{ id: number }>>`
    SELECT e.id FROM (${q.idsSql}) AS e(id)
    LEFT JOIN (SELECT d."key", ${summed} FROM ${facts} AS d GROUP BY 1) m ON m."key" = e.id
    ORDER BY ${order} ${Prisma.raw(q.desc ? "DESC" : "ASC")} NULLS LAST, e.id ASC
    LIMIT ${q.take} OFFSET ${q.skip}`;
  return rows.map((r) => Number(r.id));
}

/** The distinct currencies (advertisers') of the entities `idsSql` selects; at most two are read. */
export async function creativeCurrencies(ctx: SessionContext, level: CreativeMetricLevel, idsSql: Prisma.Sql): Promise<string[]> {
  const rows = await tenantDb(ctx).$queryRaw<Array<{ c: string }>>`
    SELECT DISTINCT a."currencyCode" AS c FROM ${TABLE[level]} t JOIN "Advertiser" a ON a.id = t."advertiserId"
    WHERE t."licenseeId" = ${LICENSEE_PARAM} AND t.id IN (${idsSql}) LIMIT 2`;
  return rows.map((r) => r.c);
}
