// The optimization-rule-run job and the user's queue entry point: a rule is
// run for the licensee it belongs to (rule-run.ts, through systemTenantDb);
// the sweep that marks due rules is sweep.ts.
import "server-only";
import { licenseeOfRow, systemTenantDb } from "../data/tenant-db";
import { enqueue } from "../jobs/queue";
import { JOB } from "../jobs/names";
import { runRule, type RuleRunOutcome } from "./rule-run";

export { isRuleDue, RULE_ACTIVITY_MESSAGE, RULE_LOG_LIMIT, type RuleRunOutcome } from "./rule-run";

/** Queues one rule's run; null when it is already queued. */
export function enqueueRuleRun(ruleId: number): Promise<string | null> {
  return enqueue(JOB.optimizationRuleRun, { ruleId }, { singletonKey: String(ruleId) });
}

/**
 * Runs one RUNNING rule (the job): its licensee is read from the rule, and
 * everything after happens for that licensee only. An unknown id (or a
 * malformed job payload) is skipped.
 */
export async function runOptimizationRule(ruleId: number, now: Date = new Date()): Promise<RuleRunOutcome> {
  const licenseeId = await licenseeOfRow("optimizationRule", ruleId);
  if (licenseeId === null) return { status: "SKIPPED" };
  return runRule(systemTenantDb(licenseeId), ruleId, now);
}
