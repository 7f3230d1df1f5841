// shell.md 3 'Existing targeting response' (GET …/strategies/{id}/targeting):
// how the strategy targets aggregators or sites today, by name, with the
// strategy's version (the dialog sends it back with optimize).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { tenantDb, type TenantTx } from "../../data/tenant-db";
import { targetingMode } from "./merge";
import type { BlockingEntity, ExistingTargeting, NamedId } from "./schema";
import { listsOf, loadBlockingStrategy } from "./strategy";

/** Names of dictionary ids (an id no longer in the dictionary keeps its number as its name). */
export async function namesOf(db: Pick<TenantTx, "aggregator" | "inventorySite">, entity: BlockingEntity, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const where = { id: { in: [...ids] } };
  const rows =
    entity === "aggregator"
      ? await db.aggregator.findMany({ where, select: { id: true, name: true } })
      : await db.inventorySite.findMany({ where, select: { id: true, name: true } });
  return new Map(rows.map((r) => [r.id, r.name]));
}

const named = (ids: readonly number[], names: Map<number, string>): NamedId[] => ids.map((id) => ({ id, name: names.get(id) ?? `#${id}` }));

export async function loadExistingTargeting(ctx: SessionContext, strategyId: number, entity: BlockingEntity): Promise<ExistingTargeting> {
  const db = tenantDb(ctx);
  const strategy = await loadBlockingStrategy(db, strategyId);
  const lists = listsOf(strategy.inventory, entity);
  const names = await namesOf(db, entity, [...(lists?.targetList ?? []), ...(lists?.blockedList ?? [])]);
  return {
    entity,
    version: strategy.version,
    mode: targetingMode(lists),
    targetList: named(lists?.targetList ?? [], names),
    blockedList: named(lists?.blockedList ?? [], names),
  };
}
