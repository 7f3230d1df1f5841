// Running optimization rules in the background: the optimization-rule-run job
// (runOptimizationRule) and the sweep that starts the rules whose refresh is
// due (runDueRules, every 5 minutes). System work: no session; the run's
// result is written with its audit rows, its rule log and its "run finished"
// notification in one transaction. Every state change the system makes (the
// sweep's RUNNING mark, the run's STOPPED, the release of a rule that can no
// longer run) writes a "System" activity row in the transaction of the change.
//
// States (shell.md 4): a rule waiting for a run is RUNNING; the run sets it
// STOPPED with lastRunAt. The RUNNING mark is the claim: the sweep and the
// user's "run" only set it on a rule that is not RUNNING, and only the run
// that still finds RUNNING writes results, so a rule never runs twice at once
// even with several containers. A job that died is retried by pg-boss; a
// RUNNING rule is queued again by every sweep (the queue keeps one per rule).
import { db, type Tx } from "../db";
import type { PrismaClient } from "../generated/prisma/client";
import { enqueue } from "../jobs/queue";
import { JOB } from "../jobs/names";
import { writeSystemActivity } from "../audit/system";
import type { ChangedField } from "../audit/diff";
import { log } from "../log";
import { notifyRuleRunFinished, NOTIFICATION_CONTENT } from "../notifications/generate";
import { appsToBlock, type AppDelivery } from "./evaluate";

const DAY_MS = 86_400_000;
/** shell.md 9: at most 1000 log entries kept per rule. */
export const RULE_LOG_LIMIT = 1000;
/** Days between runs when the rule gives no refresh rate. */
const DEFAULT_REFRESH_DAYS = 1;

type RunDb = Pick<PrismaClient, "$transaction" | "optimizationRule" | "deliveryHourly" | "neverBlockApp" | "ruleAuditLog">;

/** What a rule's activity row names. */
interface RuleLabel {
  id: number;
  licenseeId: number;
  strategy: { name: string; advertiserId: number };
}

function ruleActivity(rule: RuleLabel, message: string, changes: ChangedField[], now: Date) {
  return {
    licenseeId: rule.licenseeId,
    action: "UPDATE" as const,
    entityType: "OPTIMIZATION_RULE" as const,
    entityId: rule.id,
    entityName: `Rule ${rule.id} of ${rule.strategy.name}`,
    entityAdvertiserId: rule.strategy.advertiserId,
    message,
    changes,
    createdAt: now,
  };
}

/** Messages of the system's rule activity rows. */
export const RULE_ACTIVITY_MESSAGE = {
  claimed: "Optimization rule run started (scheduled refresh)",
  released: (reason: string) => `Optimization rule stopped without a run: ${reason}`,
} as const;

export type RuleRunOutcome = { status: "COMPLETED"; blocked: number } | { status: "SKIPPED" };

/** Queues one rule's run; null when it is already queued. */
export function enqueueRuleRun(ruleId: number): Promise<string | null> {
  return enqueue(JOB.optimizationRuleRun, { ruleId }, { singletonKey: String(ruleId) });
}

/** Per-app delivery of one strategy in [from, to). */
export async function appDelivery(client: Pick<RunDb, "deliveryHourly">, strategyId: number, from: Date, to: Date): Promise<AppDelivery[]> {
  const rows = await client.deliveryHourly.groupBy({
    by: ["appId"],
    where: { strategyId, hour: { gte: from, lt: to }, appId: { not: null } },
    _sum: { revenue: true, impressions: true, clicks: true, installs: true, reEngagements: true, conversions: true },
  });
  return rows.map((r) => ({
    appId: r.appId!,
    spend: r._sum.revenue!,
    imps: r._sum.impressions ?? BigInt(0),
    clicks: r._sum.clicks ?? BigInt(0),
    installs: r._sum.installs ?? BigInt(0),
    reEngagements: r._sum.reEngagements ?? BigInt(0),
    conversions: r._sum.conversions ?? BigInt(0),
  }));
}

/** The strategy's never-block apps and the apps its active rules already blocked. */
async function exemptApps(client: RunDb, strategyId: number): Promise<Set<number>> {
  const [neverBlock, blocked] = await Promise.all([
    client.neverBlockApp.findMany({ where: { strategyId }, select: { appId: true } }),
    client.ruleAuditLog.findMany({ where: { rule: { strategyId, active: true } }, select: { appId: true }, distinct: ["appId"] }),
  ]);
  return new Set([...neverBlock, ...blocked].map((r) => r.appId));
}

async function pruneRuleLog(tx: Tx, ruleId: number): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "RuleAuditLog"
    WHERE "ruleId" = ${ruleId}
      AND "id" NOT IN (
        SELECT "id" FROM "RuleAuditLog" WHERE "ruleId" = ${ruleId}
        ORDER BY "runAt" DESC, "id" DESC LIMIT ${RULE_LOG_LIMIT}
      )`;
}

/**
 * Runs one RUNNING rule: finds the weak apps of its strategy over its time
 * window, logs them as blocked, sets the rule STOPPED and notifies the
 * licensee's read-write members. Anything else (unknown, deactivated, not
 * RUNNING, archived strategy) is skipped, and a skipped RUNNING rule is
 * released so it does not stay locked.
 */
export async function runOptimizationRule(ruleId: number, now: Date = new Date(), client: RunDb = db): Promise<RuleRunOutcome> {
  if (!Number.isSafeInteger(ruleId) || ruleId <= 0) return { status: "SKIPPED" };
  const rule = await client.optimizationRule.findUnique({
    where: { id: ruleId },
    include: { strategy: { select: { name: true, isArchived: true, advertiserId: true } } },
  });
  if (!rule || rule.state !== "RUNNING") return { status: "SKIPPED" };
  if (!rule.active || rule.strategy.isArchived) {
    const reason = rule.strategy.isArchived ? "its strategy is archived" : "the rule is inactive";
    await client.$transaction(async (tx) => {
      const { count } = await tx.optimizationRule.updateMany({
        where: { id: ruleId, state: "RUNNING" },
        data: { state: "STOPPED", version: { increment: 1 } },
      });
      if (count === 0) return;
      await writeSystemActivity(
        tx,
        ruleActivity(rule, RULE_ACTIVITY_MESSAGE.released(reason), [{ fieldName: "state", oldValue: "RUNNING", newValue: "STOPPED" }], now),
      );
    });
    return { status: "SKIPPED" };
  }

  const from = new Date(now.getTime() - rule.durationDays * DAY_MS);
  const decisions = appsToBlock(rule, await appDelivery(client, rule.strategyId, from, now), await exemptApps(client, rule.strategyId));

  const completed = await client.$transaction(
    async (tx) => {
      // Only the run that still finds the rule RUNNING writes results.
      const claimed = await tx.optimizationRule.updateMany({
        where: { id: ruleId, state: "RUNNING" },
        data: { state: "STOPPED", lastRunAt: now, version: { increment: 1 } },
      });
      if (claimed.count === 0) return false;
      if (decisions.length > 0) {
        await tx.ruleAuditLog.createMany({
          data: decisions.map((d) => ({ ruleId, appId: d.appId, spend: d.spend, imps: d.imps, clicks: d.clicks, convs: d.convs, runAt: now })),
        });
        await pruneRuleLog(tx, ruleId);
      }
      await writeSystemActivity(
        tx,
        ruleActivity(
          rule,
          NOTIFICATION_CONTENT.ruleRunFinished(decisions.length),
          [
            { fieldName: "state", oldValue: "RUNNING", newValue: "STOPPED" },
            { fieldName: "lastRunAt", oldValue: rule.lastRunAt?.toISOString() ?? null, newValue: now.toISOString() },
          ],
          now,
        ),
      );
      await notifyRuleRunFinished(tx, {
        licenseeId: rule.licenseeId,
        ruleId: rule.id,
        strategyId: rule.strategyId,
        strategyName: rule.strategy.name,
        blockedCount: decisions.length,
        finishedAt: now,
      });
      return true;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
  if (!completed) return { status: "SKIPPED" };
  log.info("optimization: rule run finished", { ruleId, blocked: decisions.length });
  return { status: "COMPLETED", blocked: decisions.length };
}

/** Is the rule's next run due at `now`? A rule that never ran is due at once. */
export function isRuleDue(rule: { lastRunAt: Date | null; refreshRateDays: number | null }, now: Date): boolean {
  if (!rule.lastRunAt) return true;
  return rule.lastRunAt.getTime() + (rule.refreshRateDays ?? DEFAULT_REFRESH_DAYS) * DAY_MS <= now.getTime();
}

const NOT_RUNNING = { OR: [{ state: null }, { state: "STOPPED" as const }] };

/** Marks the active rules whose refresh is due RUNNING, each with its activity row; returns their ids. */
export async function claimDueRules(now: Date, client: Pick<RunDb, "optimizationRule" | "$transaction"> = db): Promise<number[]> {
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
