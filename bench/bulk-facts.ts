// The bench world's delivery facts, in SQL: one fact per strategy and UTC hour
// (creative, site or app, exchange, country and device varying by strategy
// and hour; counts shaped by the Indian day, each strategy with its own CTR,
// CPM and conversion rates), all deterministic.
//
// bulkDeliveryDay writes one UTC day of them as ingestion would leave it: the
// facts, and the strategy rollup moved by their sums in the same statement, so
// the rollup's own triggers (daily rollup, running totals, change rows, and
// whatever a later migration hangs on them) do the rest, as they do for
// lib/delivery/apply.ts. tests/integration/bench-world.test.ts compares every
// table it leaves with what ingestDelivery leaves for the same rows.
import type { RawSql } from "../lib/db/connect";
import { ROLLUP_METRICS } from "../lib/metrics/rollup";
import { DAY_MS } from "./world";

const q = (c: string) => `"${c}"`;
const KEY_COLUMNS = ["hour", "licenseeId", "advertiserId", "campaignId", "strategyId", "creativeId", "siteId", "appId", "aggregatorId", "country", "device"];
const FACT_COLUMNS = [...KEY_COLUMNS, ...ROLLUP_METRICS];
/** A delivery row's fields as POST /api/v1/delivery names them (JSON keys, CSV header). */
export const INGESTION_FIELDS = ["hour", "strategyId", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", ...ROLLUP_METRICS];
const ROLLUP_KEY = ["hour", "licenseeId", "advertiserId", "campaignId", "strategyId"];
/** Audience by local hour in India (UTC+5:30, rounded to +5), in percent of a strategy's mean. */
const DIURNAL = [30, 20, 15, 12, 12, 15, 25, 45, 70, 90, 100, 105, 110, 110, 105, 100, 100, 110, 125, 140, 150, 140, 100, 60];
const COUNTRIES = ["IN", "US", "ID", "BR", "GB", "DE", "JP", "AE"];
const DEVICES = ["PHONE", "TABLET", "DESKTOP", "CTV", "OTHER"];

/**
 * Each metric from: i (the strategy's index), a (impressions), clk (clicks),
 * won, placed, inst (installs), conv (conversions), vs (video starts), n
 * (noise 0..999). Integer arithmetic, so both paths see the same values;
 * amounts have at most 6 decimals.
 */
const METRIC_SQL: Record<string, string> = {
  eligibleBids: "placed * 2 + n", bidsPlaced: "placed", impressions: "a", clicks: "clk", invalidClicks: "clk / 40",
  installs: "inst", appOpens: "inst * 3", reEngagements: "clk / 30", reInstalls: "inst / 20", conversions: "conv",
  clickConversions: "conv * 7 / 10", viewConversions: "conv - conv * 7 / 10", skanViewInstalls: "inst / 10", skanClickInstalls: "inst / 8",
  eligibleUniqUsers: "placed * 4 / 5", impressionUniqUsers: "a * 3 / 5", clickUniqUsers: "clk * 9 / 10", installUniqUsers: "inst",
  conversionUniqUsers: "conv * 9 / 10", appOpenUniqUsers: "inst * 3 / 2", userReach: "a / 2", totalUU: "a * 3 / 5", dailyUU: "a * 2 / 5",
  bidsWon: "won", lossBelowFloor: "(placed - won) / 5", lossOutbid: "(placed - won) * 3 / 5", lossCreativeRejected: "(placed - won) / 20",
  lossTimeout: "(placed - won) / 10", lossOther: "(placed - won) - (placed - won) / 5 - (placed - won) * 3 / 5 - (placed - won) / 20 - (placed - won) / 10",
  videoStarts: "vs", videoQ25: "vs * 4 / 5", videoQ50: "vs * 3 / 5", videoQ75: "vs * 9 / 20", videoCompletes: "vs * 7 / 20", videoSkips: "vs / 5",
  // Advertiser spend at a CPM of $0.50-$5.00 per strategy, media cost 70% of it, $2-$5 of the advertiser's revenue per conversion.
  revenue: "round((a * (500 + (i * 13) % 4500))::numeric / 1000000, 6)",
  cost: "round((a * ((500 + (i * 13) % 4500) * 7 / 10))::numeric / 1000000, 6)",
  advRevenue: "round((conv * (2000000 + (i * 101) % 3000000))::numeric / 1000000, 6)",
};

export interface FactsOptions {
  advertiserId: number;
  from: Date;
  to: Date;
  /** 1: the strategy's other creative of the hour (new natural keys: a second creative's late delivery). */
  creativeShift?: 0 | 1;
  /** Moves the noise, so a batch sent again carries other values. */
  salt?: number;
  /** Only the strategies of these indexes (0-based, by id). */
  maxStrategies?: number;
}

/** The metric expressions name the lateral v's columns bare; qualified here, since s has an i too. */
const qualified = (expr: string) => expr.replace(/\b(placed|won|clk|inst|conv|vs|n|a|i)\b/g, "v.$1");

const isoHour = (d: Date) => {
  if (Number.isNaN(d.getTime()) || d.getTime() % 3_600_000 !== 0) throw new Error(`not a whole UTC hour: ${d.toISOString()}`);
  return d.toISOString();
};
const int = (n: number, what: string) => {
  if (!Number.isSafeInteger(n)) throw new Error(`${what} must be an integer`);
  return n;
};

/**
 * The facts of the advertiser's strategies for the hours [from, to), ordered
 * by hour and strategy (as hourly ingestion lays them down). OFFSET 0 keeps
 * each step of the metrics a subquery of its own: flattened, every metric
 * expression repeated the whole chain before it (4x the time).
 */
export function factsSelect(o: FactsOptions): string {
  const metrics = ROLLUP_METRICS.map((c) => `${qualified(METRIC_SQL[c] ?? "0")} AS ${q(c)}`).join(", ");
  const limit = o.maxStrategies === undefined ? "" : `WHERE i < ${int(o.maxStrategies, "maxStrategies")}`;
  return `
    WITH s AS MATERIALIZED (
      SELECT * FROM (SELECT st.id, st."licenseeId", st."advertiserId", st."campaignId", (row_number() OVER (ORDER BY st.id) - 1)::bigint AS i
                     FROM "Strategy" st WHERE st."advertiserId" = ${int(o.advertiserId, "advertiserId")}) x ${limit}
    ), pool AS MATERIALIZED (
      SELECT (SELECT array_agg(id ORDER BY id) FROM "Creative" WHERE "advertiserId" = ${o.advertiserId}) AS creatives,
             (SELECT array_agg(id ORDER BY id) FROM "InventorySite") AS sites,
             (SELECT array_agg(id ORDER BY id) FROM "InventoryApp") AS apps,
             (SELECT array_agg(id ORDER BY id) FROM "Aggregator") AS aggs
    )
    SELECT h."hour", s."licenseeId", s."advertiserId", s."campaignId", s.id AS "strategyId",
      pool.creatives[1 + r.k] AS "creativeId",
      CASE WHEN s.i % 2 = 0 THEN pool.sites[1 + (s.i * 13 + t.hh * 7) % cardinality(pool.sites)] END AS "siteId",
      CASE WHEN s.i % 2 = 1 THEN pool.apps[1 + (s.i * 17 + t.hh * 5) % cardinality(pool.apps)] END AS "appId",
      pool.aggs[1 + (s.i + t.hh / 24) % cardinality(pool.aggs)] AS "aggregatorId",
      (ARRAY[${COUNTRIES.map((c) => `'${c}'`).join(",")}])[1 + s.i % ${COUNTRIES.length}] AS "country",
      (ARRAY[${DEVICES.map((c) => `'${c}'`).join(",")}])[1 + (s.i / ${COUNTRIES.length}) % ${DEVICES.length}] AS "device",
      ${metrics}
    FROM s CROSS JOIN pool
    CROSS JOIN generate_series('${isoHour(o.from)}'::timestamptz, '${isoHour(o.to)}'::timestamptz - interval '1 hour', interval '1 hour') AS h("hour")
    CROSS JOIN LATERAL (SELECT (extract(epoch FROM h."hour")::bigint / 3600) AS hh OFFSET 0) t
    CROSS JOIN LATERAL (SELECT (s.i * 7919 + t.hh * 104729 + ${int(o.salt ?? 0, "salt")} * 7907) % 1000 AS n,
                               (2 * s.i + (t.hh + ${o.creativeShift ?? 0}) % 2) % cardinality(pool.creatives) AS k,
                               (ARRAY[${DIURNAL.join(",")}])[1 + (t.hh + 5) % 24] AS w OFFSET 0) r
    CROSS JOIN LATERAL (SELECT (200 + (s.i * 7919) % 1800) * r.w * (900 + r.n / 5) / 100000 AS a OFFSET 0) m1
    CROSS JOIN LATERAL (SELECT m1.a * (5 + (s.i * 31) % 60) / 2000 AS clk, m1.a + m1.a / 50 AS won OFFSET 0) m2
    CROSS JOIN LATERAL (SELECT m2.won * (3 + s.i % 5) AS placed, m2.clk * (1 + s.i % 7) / 50 AS inst, m2.clk * (1 + s.i % 5) / 40 AS conv,
                               CASE WHEN r.k % 3 = 2 THEN m1.a * 9 / 10 ELSE 0 END AS vs OFFSET 0) m3
    CROSS JOIN LATERAL (SELECT s.i AS i, r.n AS n, m1.a AS a, m2.clk AS clk, m2.won AS won, m3.placed AS placed, m3.inst AS inst, m3.conv AS conv, m3.vs AS vs OFFSET 0) v
    ORDER BY h."hour", s.id`;
}

/**
 * One statement writing the facts of [from, to) and their sums into the
 * strategy rollup: the rollup's statement triggers then run once, as they do
 * for a chunk of ingestion (lib/delivery/apply.ts applyChunk).
 */
export function bulkDeliverySql(o: FactsOptions): string {
  const metricSums = ROLLUP_METRICS.map((c) => `sum(f.${q(c)})`).join(", ");
  return `
    WITH f AS MATERIALIZED (${factsSelect(o)}),
    facts AS (INSERT INTO "DeliveryHourly" (${FACT_COLUMNS.map(q).join(", ")}) SELECT ${FACT_COLUMNS.map((c) => `f.${q(c)}`).join(", ")} FROM f)
    INSERT INTO "DeliveryStrategyHourly" (${[...ROLLUP_KEY, ...ROLLUP_METRICS].map(q).join(", ")})
    SELECT ${ROLLUP_KEY.map((c) => `f.${q(c)}`).join(", ")}, ${metricSums}
    FROM f GROUP BY ${ROLLUP_KEY.map((c) => `f.${q(c)}`).join(", ")} ORDER BY f."hour", f."strategyId"`;
}

/**
 * Writes whole UTC days [from, from + days), one transaction a day (in time
 * order, as hourly ingestion lays them down). `settings` (SET LOCAL ...) and
 * the SQL `afterDay` returns run in each day's transaction.
 */
export async function bulkDeliveryDays(
  raw: RawSql,
  o: { advertiserId: number; from: Date; days: number; settings?: string; afterDay?: (day: number) => string; committed?: (day: number) => void },
): Promise<void> {
  for (let d = 0; d < o.days; d++) {
    const from = new Date(o.from.getTime() + d * DAY_MS);
    const to = new Date(from.getTime() + DAY_MS);
    await raw.exec(`BEGIN; ${o.settings ?? ""} ${bulkDeliverySql({ advertiserId: o.advertiserId, from, to })}; ${o.afterDay?.(d) ?? ""} COMMIT;`);
    o.committed?.(d);
  }
}

/**
 * The running totals of Asia/Kolkata's day boundary (19:00 UTC), built over
 * the whole year in one ordered pass as the delivery-boundary-build job
 * builds a boundary a reader registered (delivery_running_build). Built
 * after the facts rather than kept by the triggers day by day: each of those
 * rebuilds read the whole hourly rollup (a sequential scan, whatever the
 * day), which made the build quadratic in the days. The rows are the same
 * (tests/integration/bench-world.test.ts).
 */
export async function buildKolkataBoundary(raw: RawSql): Promise<void> {
  await raw.exec(`SELECT delivery_running_build(19::smallint)`);
}

/** The facts as ingestion receives them (POST /api/v1/delivery rows: text values, no nulls). */
export async function ingestionRows(raw: RawSql, o: FactsOptions): Promise<Record<string, string>[]> {
  const text = (c: string) => (c === "hour" ? `to_char(f."hour" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00:00"Z"') AS "hour"` : `f.${q(c)}::text AS ${q(c)}`);
  const rows = await raw.query<Record<string, string | null>>(`SELECT ${INGESTION_FIELDS.map(text).join(", ")} FROM (${factsSelect(o)}) f`);
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => e[1] !== null)));
}
