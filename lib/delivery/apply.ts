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
import "server-only";
import { Prisma } from "../generated/prisma/client";
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant-db";
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

const text = (v: number | null) => (v === null ? null : String(v));

async function upsertChunk(tx: TenantTx, rows: DeliveryRow[], strategies: Strategies): Promise<{ inserted: number; replaced: number }> {
  const s = (r: DeliveryRow) => strategies.get(r.strategyId)!;
  const metricArrays = METRIC_COLUMNS.map((c) => {
    const values = rows.map((r) => (isMoney(c) ? r.amounts[c] : r.counts[c as (typeof COUNT_COLUMNS)[number]]));
    return Prisma.sql`${values}::text[]::${Prisma.raw(isMoney(c) ? "numeric" : "bigint")}[]`;
  });
  const result = await tx.$queryRaw<Array<{ inserted: boolean }>>`
    INSERT INTO "DeliveryHourly" (${COLUMNS_SQL})
    SELECT u.*
    FROM unnest(
      ${rows.map((r) => r.hour.toISOString())}::text[]::timestamptz[],
      array_fill(${LICENSEE_PARAM}::int, ARRAY[${rows.length}::int]),
      ${rows.map((r) => String(s(r).advertiserId))}::text[]::int[],
      ${rows.map((r) => String(s(r).campaignId))}::text[]::int[],
      ${rows.map((r) => String(r.strategyId))}::text[]::int[],
      ${rows.map((r) => String(r.creativeId))}::text[]::int[],
      ${rows.map((r) => text(r.siteId))}::text[]::int[],
      ${rows.map((r) => text(r.appId))}::text[]::int[],
      ${rows.map((r) => text(r.aggregatorId))}::text[]::int[],
      ${rows.map((r) => r.country)}::text[],
      ${rows.map((r) => r.device)}::text[],
      ${Prisma.join(metricArrays)}
    ) AS u
    ON CONFLICT (${KEY_SQL}) DO UPDATE SET ${UPDATE_SQL}
    RETURNING (xmax = 0) AS inserted`;
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, replaced: result.length - inserted };
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
