// Writes a validated batch (./ingest.ts) inside the caller's transaction: the
// facts upserted on their natural key, and the strategy-hours they touch in
// the rollup (DeliveryStrategyHourly) moved by the difference, so a replayed
// or corrected batch leaves the rollup the exact sum of its facts (and, by
// its triggers, the daily rollup and the running totals).
//
// Rows go in chunks of 10,000 (strategy by strategy), one statement each, so one statement stays a
// few MB. Every value is sent as text and cast in SQL: counts stay exact
// BIGINTs and amounts exact NUMERICs, never JS numbers.
// Free of server-only imports, so the seed (plain Node) writes its delivery through it too.
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant";
import { MONEY_METRICS, ROLLUP_METRICS } from "../metrics/rollup";
import { COUNT_COLUMNS, type DeliveryRow } from "./schema";
import { lockStrategies } from "./locks";

const CHUNK_ROWS = 10_000;

const quoted = (c: string) => `"${c}"`;
const DIMENSIONS = ["strategyId", "hour", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", "source"] as const;
const KEY_SQL = Prisma.raw(DIMENSIONS.map(quoted).join(", "));
const METRIC_COLUMNS = [...COUNT_COLUMNS, ...MONEY_METRICS];
const COLUMNS_SQL = Prisma.raw(["hour", "licenseeId", "advertiserId", "campaignId", "strategyId", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", ...METRIC_COLUMNS].map(quoted).join(", "));
const UPDATE_SQL = Prisma.raw(METRIC_COLUMNS.map((c) => `${quoted(c)} = EXCLUDED.${quoted(c)}`).join(", "));
const isMoney = (c: string): c is (typeof MONEY_METRICS)[number] => (MONEY_METRICS as readonly string[]).includes(c);

type Strategies = Map<number, { advertiserId: number; campaignId: number }>;

// A chunk travels as ONE text parameter, a line per row and a tab between
// fields, split and cast in SQL: one parameter instead of one array per
// column (drivers spent seconds per chunk serialising ~50 arrays of 10,000
// values). Every field is validated before (ids, ISO hours and countries,
// the device enum, digits): none can hold a tab or a line break.
// The casts of a line's fields in COLUMNS_SQL's order after "hour" and "licenseeId".
const FIELD_CASTS = Prisma.raw(
  [
    "f[2]::int", "f[3]::int", "f[4]::int", "f[5]::int", // advertiser, campaign, strategy, creative
    "nullif(f[6], '')::int", "nullif(f[7], '')::int", "nullif(f[8], '')::int", // site, app, aggregator
    "f[9]", "f[10]", // country, device
    ...METRIC_COLUMNS.map((c, i) => `f[${11 + i}]::${isMoney(c) ? "numeric" : "bigint"}`),
  ].join(", "),
);

function chunkText(rows: DeliveryRow[], strategies: Strategies): string {
  return rows
    .map((r) => {
      const s = strategies.get(r.strategyId)!;
      const metrics = METRIC_COLUMNS.map((c) => (isMoney(c) ? r.amounts[c] : r.counts[c as (typeof COUNT_COLUMNS)[number]]));
      return [r.hour.toISOString(), s.advertiserId, s.campaignId, r.strategyId, r.creativeId, r.siteId ?? "", r.appId ?? "", r.aggregatorId ?? "", r.country, r.device, ...metrics].join("\t");
    })
    .join("\n");
}

const ROLLUP_COLUMNS_SQL = Prisma.raw(["hour", "licenseeId", "advertiserId", "campaignId", "strategyId", ...ROLLUP_METRICS].map(quoted).join(", "));
/** The chunk's columns as FIELD_CASTS gives them, named as the facts' (COLUMNS_SQL without "licenseeId"). */
const INCOMING_COLUMNS = ["advertiserId", "campaignId", "strategyId", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", ...METRIC_COLUMNS];
const INCOMING_SQL = Prisma.raw(INCOMING_COLUMNS.map(quoted).join(", "));
const INCOMING_VALUES_SQL = Prisma.raw(INCOMING_COLUMNS.map((c) => `i.${quoted(c)}`).join(", "));
const NEW_METRICS_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `i.${quoted(c)}`).join(", "));
const OLD_METRICS_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `-d.${quoted(c)}`).join(", "));
const DELTA_SUMS_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `sum(${quoted(c)})`).join(", "));
const ADD_DELTA_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `${quoted(c)} = r.${quoted(c)} + EXCLUDED.${quoted(c)}`).join(", "));

/**
 * One chunk, one statement: the facts upserted on their natural key, and each
 * strategy-hour of the rollup moved by what the chunk changed there (the new
 * facts' values minus those they replace, read before the statement writes).
 * The rollup stays the sum of its facts, as pixel conversions keep it too
 * (lib/attribution/conversion.ts adds to both), without reading back every
 * fact of the hours touched: that re-read was a third of a batch's time. The
 * strategies' locks (./locks.ts) keep other writers of these hours waiting.
 * A key is at most once in a batch (./ingest.ts refuses repeats), so no fact
 * is subtracted twice; a later chunk sees an earlier one's facts as "before".
 */
async function applyChunk(tx: TenantTx, rows: DeliveryRow[], strategies: Strategies): Promise<{ inserted: number; replaced: number }> {
  const [result] = await tx.$queryRaw<Array<{ inserted: bigint | number; total: bigint | number }>>`
    WITH incoming ("hour", ${INCOMING_SQL}) AS MATERIALIZED (
      SELECT f[1]::timestamptz, ${FIELD_CASTS}
      FROM unnest(string_to_array(${chunkText(rows, strategies)}::text, E'\\n')) AS l(line), LATERAL string_to_array(l.line, E'\\t') AS f
    ),
    -- What the facts this chunk replaces held, negated (ingestion's own source ''; pixel conversions stay).
    replaced AS MATERIALIZED (
      SELECT d."hour", d."advertiserId", d."campaignId", d."strategyId", ${OLD_METRICS_SQL} FROM incoming i
      JOIN "DeliveryHourly" d ON d."strategyId" = i."strategyId" AND d."hour" = i."hour" AND d."creativeId" = i."creativeId"
        AND d."siteId" IS NOT DISTINCT FROM i."siteId" AND d."appId" IS NOT DISTINCT FROM i."appId"
        AND d."aggregatorId" IS NOT DISTINCT FROM i."aggregatorId" AND d."country" = i."country" AND d."device" = i."device" AND d."source" = ''
      WHERE d."licenseeId" = ${LICENSEE_PARAM}
    ), written AS (
      INSERT INTO "DeliveryHourly" (${COLUMNS_SQL})
      SELECT i."hour", ${LICENSEE_PARAM}::int, ${INCOMING_VALUES_SQL}
      FROM incoming i
      ON CONFLICT (${KEY_SQL}) DO UPDATE SET ${UPDATE_SQL}
      RETURNING (xmax = 0) AS inserted
    ), deltas AS (
      SELECT i."hour", i."advertiserId", i."campaignId", i."strategyId", ${NEW_METRICS_SQL} FROM incoming i
      UNION ALL
      SELECT * FROM replaced
    ), rolled AS (
      INSERT INTO "DeliveryStrategyHourly" AS r (${ROLLUP_COLUMNS_SQL})
      SELECT "hour", ${LICENSEE_PARAM}::int, "advertiserId", "campaignId", "strategyId", ${DELTA_SUMS_SQL}
      FROM deltas GROUP BY "hour", "advertiserId", "campaignId", "strategyId"
      ON CONFLICT ("strategyId", "hour") DO UPDATE SET ${ADD_DELTA_SQL}
    )
    SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) AS total FROM written`;
  const inserted = Number(result.inserted);
  return { inserted, replaced: Number(result.total) - inserted };
}

/**
 * The batch in chunks of CHUNK_ROWS, strategy by strategy and hour by hour
 * within each: every chunk's statement makes the triggers rebuild the running
 * totals of the strategies it touched from their first hour on, so a feed
 * sent hour by hour (every strategy in every chunk) rebuilt each strategy
 * once per chunk: ten times for 100,000 rows.
 */
export function chunksOf(rows: readonly DeliveryRow[]): DeliveryRow[][] {
  const ordered = [...rows].sort((a, b) => a.strategyId - b.strategyId || a.hour.getTime() - b.hour.getTime());
  const chunks: DeliveryRow[][] = [];
  for (let i = 0; i < ordered.length; i += CHUNK_ROWS) chunks.push(ordered.slice(i, i + CHUNK_ROWS));
  return chunks;
}

export async function applyDeliveryRows(
  tx: TenantTx,
  rows: DeliveryRow[],
  strategies: Strategies,
): Promise<{ inserted: number; replaced: number; strategyHours: number }> {
  // Concurrent batches (and pixel conversions) of the same strategies wait for each other.
  await lockStrategies(tx, [...strategies.keys()]);
  let inserted = 0;
  let replaced = 0;
  for (const chunk of chunksOf(rows)) {
    const counts = await applyChunk(tx, chunk, strategies);
    inserted += counts.inserted;
    replaced += counts.replaced;
  }
  const strategyHours = new Set(rows.map((r) => `${r.strategyId}|${r.hour.getTime()}`)).size;
  return { inserted, replaced, strategyHours };
}
