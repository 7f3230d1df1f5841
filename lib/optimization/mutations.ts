// The user's "run" of an optimization rule (shell.md 4, 7: POST orule/{id}/run):
// role and licensee checked by the gate, the RUNNING mark and its activity row
// in one transaction, then the run is queued (lib/optimization/run.ts).
import "server-only";
import type { SessionContext } from "../auth/context";
import { writeActivity } from "../audit/activity";
import { ConflictError } from "../errors";
import { orNotFound } from "../data/gate";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { enqueueRuleRun } from "./run";

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

/** Marks the rule RUNNING with its activity row (the run is queued once this committed: requestRuleRun, or the action's `after`). */
export async function markRuleRunning(ctx: SessionContext, ruleId: number): Promise<{ ruleId: number; state: "RUNNING" }> {
  await withAuditedChange(ctx, async (tx) => {
    const rule = await idleRule(tx, ruleId, "This strategy is archived: its rules cannot run");
    const { count } = await tx.optimizationRule.updateMany({
      where: { id: rule.id, version: rule.version },
      data: { state: "RUNNING", version: { increment: 1 } },
    });
    if (count === 0) throw new ConflictError(RULE_RUNNING_MESSAGE);
    await writeActivity(tx, ctx, {
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

export async function requestRuleRun(ctx: SessionContext, ruleId: number): Promise<{ ruleId: number; state: "RUNNING" }> {
  const marked = await markRuleRunning(ctx, ruleId);
  await enqueueRuleRun(ruleId);
  return marked;
}
