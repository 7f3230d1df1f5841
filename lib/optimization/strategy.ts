// The strategy whose optimisation settings (rules, never-block apps) are read
// or changed: it must exist for the licensee and not be archived.
import "server-only";
import { orNotFound } from "../data/gate";
import type { TenantTx } from "../data/tenant-db";

/** The strategy's id, name and advertiser; a missing or archived one is not found. */
export async function liveStrategy(db: Pick<TenantTx, "strategy">, strategyId: number) {
  return orNotFound(
    await db.strategy.findFirst({ where: { id: strategyId, isArchived: false }, select: { id: true, name: true, advertiserId: true } }),
    "Strategy",
  );
}
