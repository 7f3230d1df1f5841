// shell.md 7 'optimize strategy' (POST …/strategies/{id}/optimize {siteIds,
// aggregatorIds}): blocks the ids on the strategy's site and aggregator lists
// with the merge rules of ./merge.ts (a target list is replaced by blocking,
// a blocked list is merged). One transaction: the eligibility check
// (business.md 4, refused by the server too), the versioned write of
// Strategy.inventory ('This strategy was changed by someone else' when the
// dialog's version is stale or a save raced it) and the activity row, whose
// fields are the strategy's readable list rows that changed (items added and
// removed, lib/strategies/audit.ts), as the wizard's own edits write them.
import "server-only";
import { writeActivity } from "../../audit/activity";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import type { ActionScope } from "../../data/scope";
import type { TenantTx } from "../../data/tenant-db";
import { updateVersioned, withAuditedChange } from "../../data/transaction";
import { strategyChanges } from "../../strategies/audit";
import { describeStrategy } from "../../strategies/describe";
import { strategyEntry } from "../../strategies/mutations";
import { describableOf, loadStrategyRow, toStrategyDetails } from "../../strategies/queries";
import { loadNamers } from "../../strategies/review";
import { STRATEGY_CHANGE_MESSAGES as CHANGE } from "../../strategies/rules";
import type { StrategyInventory } from "../../strategies/schema";
import { mergeBlocked } from "./merge";
import { BLOCKING_MESSAGES as M, OptimizeBodySchema, type BlockingEntity, type OptimizeBody, type OptimizeResult } from "./schema";
import { eligibilityOf, INVENTORY_FIELD, listsOf, loadBlockingStrategy } from "./strategy";

const BODY_FIELD = { aggregator: "aggregatorIds", site: "siteIds" } as const satisfies Record<BlockingEntity, string>;

/** Every id must be in its dictionary: an unknown one is the field's error. */
async function checkKnown(tx: TenantTx, entity: BlockingEntity, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const where = { id: { in: [...ids] } };
  const found = entity === "aggregator" ? await tx.aggregator.count({ where }) : await tx.inventorySite.count({ where });
  if (found !== ids.length) throw validationError([BODY_FIELD[entity]], M.unknownId);
}

async function describedRows(tx: TenantTx, strategyId: number, campaignName: string) {
  const s = describableOf(toStrategyDetails(await loadStrategyRow(tx, strategyId)));
  return describeStrategy(s, await loadNamers(tx, s, campaignName, (iso) => iso));
}

/** The action checked the role before reading anything: read-only and demo users learn nothing. */
export async function optimizeStrategy(scope: ActionScope, strategyId: number, body: OptimizeBody, now = new Date()): Promise<OptimizeResult> {
  const input = OptimizeBodySchema.parse(body);
  const added: Record<BlockingEntity, number[]> = { aggregator: input.aggregatorIds, site: input.siteIds };
  if (added.aggregator.length === 0 && added.site.length === 0) throw validationError([], M.nothingAdded);
  return withAuditedChange(scope, async (tx) => {
    const strategy = await loadBlockingStrategy(tx, strategyId);
    if (strategy.isArchived) throw new ConflictError(CHANGE.archivedReadOnly);
    const expected = input.version ?? strategy.version;
    if (strategy.version !== expected) throw new ConflictError(CHANGE.staleVersion);
    const eligibility = await eligibilityOf(tx, strategy, now);
    if (!eligibility.eligible) throw new ConflictError(eligibility.reason ?? M.failed);
    const inventory: StrategyInventory = { ...strategy.inventory };
    const result: OptimizeResult = { strategyId, version: strategy.version };
    for (const entity of ["aggregator", "site"] as const) {
      if (added[entity].length === 0) continue;
      await checkKnown(tx, entity, added[entity]);
      const lists = mergeBlocked(listsOf(strategy.inventory, entity), added[entity]);
      inventory[INVENTORY_FIELD[entity]] = lists;
      result[INVENTORY_FIELD[entity]] = lists;
    }
    const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: strategy.campaignId }, select: { name: true } });
    const before = await describedRows(tx, strategyId, campaign.name);
    await updateVersioned(tx.strategy, strategyId, expected, { inventory }, "Strategy").catch((e: unknown) => {
      throw e instanceof ConflictError ? new ConflictError(CHANGE.staleVersion) : e;
    });
    const changes = strategyChanges(before, await describedRows(tx, strategyId, campaign.name));
    await writeActivity(tx, scope.ctx, { action: "UPDATE", ...strategyEntry(strategy), message: "Strategy optimized: inventory blocked", changes });
    return { ...result, version: expected + 1 };
  });
}
