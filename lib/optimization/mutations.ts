// The user's "run" of an optimization rule (shell.md 4, 7: POST orule/{id}/run):
// the action checks the role and the tenant client the licensee; the RUNNING
// mark and its activity row in one transaction, then the run is queued
// (lib/optimization/run.ts).
import "server-only";
import { writeActivity } from "../audit/activity";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";

/** shell.md 4: a running rule cannot be edited, deleted or run again. */
export const RULE_RUNNING_MESSAGE = "This rule is running. Please check again later.";

/** An active rule of a strategy that is not archived (else `archivedMessage`), not running now: one that may change or run. */
export async function idleRule(tx: TenantTx, ruleId: number, archivedMessage: string) {
  const rule = orNotFound(
    await tx.optimizationRule.findUnique({
      where: { id: ruleId, active: true },
      include: { strategy: { select: { name: true, advertiserId: true, isArchived: true } } },
    }),
    "Rule",
  );
  if (rule.strategy.isArchived) throw new ConflictError(archivedMessage);
  if (rule.state === "RUNNING") throw new ConflictError(RULE_RUNNING_MESSAGE);
  return rule;
}

/** Marks the rule RUNNING with its activity row (the action's `after` queues the run once this committed). */
export async function markRuleRunning(scope: ActionScope, ruleId: number): Promise<{ ruleId: number; state: "RUNNING" }> {
  await withAuditedChange(scope, async (tx) => {
    const rule = await idleRule(tx, ruleId, "This strategy is archived: its rules cannot run");
    const { count } = await tx.optimizationRule.updateMany({
      where: { id: rule.id, version: rule.version },
      data: { state: "RUNNING", version: { increment: 1 } },
    });
    if (count === 0) throw new ConflictError(RULE_RUNNING_MESSAGE);
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      entityType: "OPTIMIZATION_RULE",
      entityId: rule.id,
      entityName: `Rule ${rule.id} of ${rule.strategy.name}`,
      entityAdvertiserId: rule.strategy.advertiserId,
      message: "Optimization rule run started",
      changes: [{ fieldName: "state", oldValue: rule.state, newValue: "RUNNING" }],
    });
  });
  return { ruleId, state: "RUNNING" };
}
