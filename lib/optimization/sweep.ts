// The optimization rule sweep (every 5 minutes): across every licensee, marks
// the active rules whose refresh is due RUNNING, each with its "System"
// activity row, and queues every RUNNING rule (the queue keeps one per rule;
// a job that died is retried by pg-boss, a RUNNING rule is queued again by
// every sweep). The scheduler's view spans licensees: the system client.
import "server-only";
import { db } from "../db";
import type { PrismaClient } from "../generated/prisma/client";
import { writeSystemActivity } from "../audit/system";
import { log } from "../log";
import { isRuleDue, ruleActivity, RULE_ACTIVITY_MESSAGE } from "./rule-run";
import { enqueueRuleRun } from "./run";

const NOT_RUNNING = { OR: [{ state: null }, { state: "STOPPED" as const }] };

/** Marks the active rules whose refresh is due RUNNING, each with its activity row; returns their ids. */
export async function claimDueRules(now: Date, client: Pick<PrismaClient, "optimizationRule" | "$transaction"> = db): Promise<number[]> {
  const candidates = await client.optimizationRule.findMany({
    where: { active: true, strategy: { isArchived: false }, ...NOT_RUNNING },
    select: {
      id: true,
      licenseeId: true,
      state: true,
      version: true,
      lastRunAt: true,
      refreshRateDays: true,
      strategy: { select: { name: true, advertiserId: true } },
    },
  });
  const claimed: number[] = [];
  for (const rule of candidates.filter((r) => isRuleDue(r, now))) {
    // Claimed only as read: every change of the rule (a user's run, a finished
    // run, a deactivation) bumps its version, so a rule that changed since the
    // read (even back to the same state) is left for the next sweep, and the
    // activity row's old value is never wrong.
    const won = await client.$transaction(async (tx) => {
      const { count } = await tx.optimizationRule.updateMany({
        where: { id: rule.id, version: rule.version },
        data: { state: "RUNNING", version: { increment: 1 } },
      });
      if (count === 0) return false;
      await writeSystemActivity(
        tx,
        ruleActivity(rule, RULE_ACTIVITY_MESSAGE.claimed, [{ fieldName: "state", oldValue: rule.state, newValue: "RUNNING" }], now),
      );
      return true;
    });
    if (won) claimed.push(rule.id);
  }
  return claimed;
}

/** The sweep: claims due rules and queues every RUNNING rule (the queue drops duplicates). */
export async function runDueRules(now: Date = new Date()): Promise<{ claimed: number; queued: number }> {
  const claimed = await claimDueRules(now);
  const running = await db.optimizationRule.findMany({ where: { state: "RUNNING" }, select: { id: true } });
  let queued = 0;
  for (const { id } of running) if (await enqueueRuleRun(id)) queued++;
  (claimed.length > 0 ? log.info : log.debug)("optimization: rule sweep", { claimed: claimed.length, queued });
  return { claimed: claimed.length, queued };
}
