// Writes a validated batch (./ingest.ts) inside the caller's transaction: the
// facts upserted on their natural key, then the strategy-hours they touch
// rebuilt in the rollup (DeliveryStrategyHourly) from all facts of those
// hours, so a replayed or corrected batch leaves the rollup exact (and, by
// its triggers, the daily rollup and the running totals).
//
// Rows go as one array per column through unnest (a statement takes a few
// dozen parameters, whatever the chunk size), chunked so one statement stays
// a few MB. Every value is sent as text and cast in SQL: counts stay exact
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

async function upsertChunk(tx: TenantTx, rows: DeliveryRow[], strategies: Strategies): Promise<{ inserted: number; replaced: number }> {
  const [result] = await tx.$queryRaw<Array<{ inserted: bigint | number; total: bigint | number }>>`
    WITH written AS (
      INSERT INTO "DeliveryHourly" (${COLUMNS_SQL})
      SELECT f[1]::timestamptz, ${LICENSEE_PARAM}::int, ${FIELD_CASTS}
      FROM unnest(string_to_array(${chunkText(rows, strategies)}::text, E'\\n')) AS l(line), LATERAL string_to_array(l.line, E'\\t') AS f
      ON CONFLICT (${KEY_SQL}) DO UPDATE SET ${UPDATE_SQL}
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted) AS inserted, count(*) AS total FROM written`;
  const inserted = Number(result.inserted);
  return { inserted, replaced: Number(result.total) - inserted };
}

const SUMS_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `sum(f.${quoted(c)})`).join(", "));
const ROLLUP_COLUMNS_SQL = Prisma.raw(["hour", "licenseeId", "advertiserId", "campaignId", "strategyId", ...ROLLUP_METRICS].map(quoted).join(", "));

const ROLLUP_UPDATE_SQL = Prisma.raw(ROLLUP_METRICS.map((c) => `${quoted(c)} = EXCLUDED.${quoted(c)}`).join(", "));

/**
 * Rebuilds the rollup rows of these strategy-hours from every fact of them
 * (not only this batch's), as one upsert: the rollup's triggers (daily rows,
 * running totals) then run once for the batch's hours, not once for a
 * delete and again for an insert.
 */
async function rebuildRollup(tx: TenantTx, keys: Array<{ strategyId: number; hour: Date }>): Promise<void> {
  const sids = keys.map((k) => String(k.strategyId));
  const hours = keys.map((k) => k.hour.toISOString());
  await tx.$executeRaw`
    INSERT INTO "DeliveryStrategyHourly" (${ROLLUP_COLUMNS_SQL})
    SELECT f."hour", f."licenseeId", f."advertiserId", f."campaignId", f."strategyId", ${SUMS_SQL}
    FROM unnest(${sids}::text[]::int[], ${hours}::text[]::timestamptz[]) AS k(sid, h)
    JOIN "DeliveryHourly" f ON f."strategyId" = k.sid AND f."hour" = k.h
    WHERE f."licenseeId" = ${LICENSEE_PARAM}
    GROUP BY f."hour", f."licenseeId", f."advertiserId", f."campaignId", f."strategyId"
    ON CONFLICT ("strategyId", "hour") DO UPDATE SET ${ROLLUP_UPDATE_SQL}`;
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
  for (let i = 0; i < rows.length; i += CHUNK_ROWS) {
    const counts = await upsertChunk(tx, rows.slice(i, i + CHUNK_ROWS), strategies);
    inserted += counts.inserted;
    replaced += counts.replaced;
  }
  const keys = new Map<string, { strategyId: number; hour: Date }>();
  for (const r of rows) keys.set(`${r.strategyId}|${r.hour.getTime()}`, { strategyId: r.strategyId, hour: r.hour });
  const all = [...keys.values()];
  for (let i = 0; i < all.length; i += CHUNK_ROWS) await rebuildRollup(tx, all.slice(i, i + CHUNK_ROWS));
  return { inserted, replaced, strategyHours: all.length };
}
