// Reads of one strategy for the session's licensee. The shapes a stored
// strategy takes outside the database (details, wizard values) are in
// ./details.ts, re-exported here.
import "server-only";
import type { SessionContext } from "../auth/context";
import { isId } from "../actions/fields";
import { NotFoundError } from "../errors";
import { orNotFound } from "../data/gate";
import { tenantDb, type TenantTx } from "../data/tenant-db";
import type { DescribableStrategy } from "./describe";
import { STRATEGY_RELATIONS, toStrategyDetails, type StrategyDetails, type StrategyRow } from "./details";

export { STRATEGY_RELATIONS, strategyFormValues, toStrategyDetails, type StrategyDetails, type StrategyRow } from "./details";

/** A strategy id from a URL or a form: anything that cannot be one is "not found". */
export function toStrategyId(id: number | string): number {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new NotFoundError("Strategy");
  return n;
}

export async function loadStrategyRow(tx: TenantTx, id: number): Promise<StrategyRow> {
  return orNotFound(await tx.strategy.findUnique({ where: { id }, include: STRATEGY_RELATIONS }), "Strategy");
}

/** One strategy of the session's licensee (archived ones included: their details stay readable). */
export async function getStrategyOrThrow(ctx: SessionContext, id: number | string): Promise<StrategyDetails> {
  return toStrategyDetails(await loadStrategyRow(tenantDb(ctx), toStrategyId(id)));
}

/** The stored strategy as the review and the activity rows read it. */
export const describableOf = (d: Omit<StrategyDetails, "isArchived">): DescribableStrategy => d;

