// What "blocked" means for a rule's apps: the app ids sit in the strategy's
// inventory, rtbApps.blockedList (lib/strategies/schema.ts), the list the
// strategy wizard and details page show as "Blocked Apps". A rule run adds
// the weak apps there; deleting a rule with "unblock" takes its apps out again.
// A blocked app also leaves the strategy's target list, if it has one, so a
// strategy that targets chosen apps stops buying the blocked one too; it stays
// in the blocked list, so an emptied target list (which means "all apps")
// still excludes it.
//
// The strategy's version is bumped, so a wizard open on the strategy meanwhile
// gets the conflict message instead of writing the old list back. The caller
// writes the activity row (a user's or the system's) with the changes returned.
// Free of server-only imports: the seed's rule runs use it too.
import type { ChangedField } from "../audit/diff";
import { diffItems } from "../audit/items";
import { ConflictError, NotFoundError } from "../errors";
import type { TenantTx } from "../data/tenant";
import { strategyInventorySchema } from "../strategies/schema";

export interface BlockedAppsChange {
  strategy: { id: number; name: string; advertiserId: number };
  /** The activity row's fields: "Blocked Apps" and "Targeted Apps" by items added and removed. */
  changes: ChangedField[];
  /** The apps that left the blocked list. */
  unblocked: number[];
}

/** The message when the strategy changed between the read and the write (a user's save meanwhile). */
export const STRATEGY_CHANGED_MESSAGE = "This strategy was changed by someone else";

type StrategyInventoryDb = Pick<TenantTx, "strategy" | "inventoryApp">;

/** The apps a strategy's inventory already blocks. */
export async function blockedAppIds(tx: Pick<TenantTx, "strategy">, strategyId: number): Promise<number[]> {
  const row = await tx.strategy.findUnique({ where: { id: strategyId }, select: { inventory: true } });
  const inventory = strategyInventorySchema.safeParse(row?.inventory ?? {});
  return inventory.success ? (inventory.data.rtbApps?.blockedList ?? []) : [];
}

/**
 * Adds `block` to the strategy's blocked apps and takes `unblock` out of them.
 * Null when nothing changes (every app was already where asked).
 */
export async function changeBlockedApps(
  tx: StrategyInventoryDb,
  strategyId: number,
  change: { block?: readonly number[]; unblock?: readonly number[] },
): Promise<BlockedAppsChange | null> {
  const row = await tx.strategy.findUnique({
    where: { id: strategyId },
    select: { id: true, name: true, advertiserId: true, inventory: true, version: true },
  });
  if (!row) throw new NotFoundError("Strategy");
  const inventory = strategyInventorySchema.parse(row.inventory ?? {});
  const before = inventory.rtbApps ?? { targetList: [], blockedList: [] };
  const block = new Set(change.block ?? []);
  const unblock = new Set(change.unblock ?? []);
  const blockedList = [...new Set([...before.blockedList.filter((id) => !unblock.has(id)), ...block])];
  const targetList = before.targetList.filter((id) => !block.has(id));
  if (sameItems(blockedList, before.blockedList) && sameItems(targetList, before.targetList)) return null;

  const { count } = await tx.strategy.updateMany({
    where: { id: row.id, version: row.version },
    data: { inventory: { ...inventory, rtbApps: { targetList, blockedList } }, version: { increment: 1 } },
  });
  if (count === 0) throw new ConflictError(STRATEGY_CHANGED_MESSAGE);

  const names = await appNames(tx, [...before.blockedList, ...before.targetList, ...blockedList]);
  const named = (ids: readonly number[]) => ids.map((id) => names.get(id) ?? `App ${id}`);
  const changes = [
    diffItems("Blocked Apps", named(before.blockedList), named(blockedList)),
    diffItems("Targeted Apps", named(before.targetList), named(targetList)),
  ].filter((c): c is ChangedField => c !== null);
  const unblocked = before.blockedList.filter((id) => !blockedList.includes(id));
  return { strategy: { id: row.id, name: row.name, advertiserId: row.advertiserId }, changes, unblocked };
}

function sameItems(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

async function appNames(tx: Pick<TenantTx, "inventoryApp">, ids: readonly number[]): Promise<Map<number, string>> {
  const apps = await tx.inventoryApp.findMany({ where: { id: { in: [...new Set(ids)] } }, select: { id: true, name: true } });
  return new Map(apps.map((a) => [a.id, a.name]));
}
