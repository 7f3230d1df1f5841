// Writers of a strategy's delivery take its lock for their transaction: the
// triggers under DeliveryStrategyHourly rebuild whole strategy-days (daily
// rollup) and every later running total of a strategy, so two transactions
// writing hours of one strategy at once would race there (a duplicate key or
// a lost update). Ingestion batches and credited pixel conversions wait for
// each other per strategy instead; in id order, so two batches never deadlock.
// Free of server-only imports: the seed (plain Node) takes them through ./apply.ts.
import { LICENSEE_PARAM, type TenantTx } from "../data/tenant";

/** Arbitrary, distinct from the app's other advisory lock namespaces (lib/preferences: 71_102). */
const STRATEGY_LOCK_NAMESPACE = 71_401;

/** Locks these strategies of the licensee until the transaction ends. */
export async function lockStrategies(tx: TenantTx, strategyIds: number[]): Promise<void> {
  const ids = [...new Set(strategyIds)].sort((a, b) => a - b).map(String);
  if (ids.length === 0) return;
  await tx.$executeRaw`
    SELECT pg_advisory_xact_lock(${STRATEGY_LOCK_NAMESPACE}::int, s."id")
    FROM (SELECT s."id" FROM "Strategy" s WHERE s."id" = ANY(${ids}::text[]::int[]) AND s."licenseeId" = ${LICENSEE_PARAM} ORDER BY s."id") s`;
}
