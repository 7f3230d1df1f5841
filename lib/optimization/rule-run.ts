// Running one optimization rule for its licensee (the optimization-rule-run
// job, lib/optimization/run.ts, and the seed): finds the weak apps of the
// rule's strategy over its window and blocks them. Everything goes through
// the licensee's tenant client; the run's result is written with its audit
// rows, its rule log and its "run finished" notification in one transaction.
// Free of server-only imports, so the seed (plain Node) can run it too.
//
// States (shell.md 4): a rule waiting for a run is RUNNING; the run sets it
// STOPPED with lastRunAt. The RUNNING mark is the claim: the sweep and the
// user's "run" only set it on a rule that is not RUNNING, and only the run
// that still finds RUNNING writes results, so a rule never runs twice at once
// even with several containers.
import { LICENSEE_PARAM, systemTransaction, type TenantClient, type TenantTx } from "../data/tenant";
import { writeSystemActivity } from "../audit/system";
import type { ChangedField } from "../audit/diff";
import { log } from "../log";
import { notifyRuleRunFinished, NOTIFICATION_CONTENT } from "../notification-events/generate";
import { appsToBlock, type AppDelivery } from "./evaluate";
import { blockedAppIds, changeBlockedApps, type BlockedAppsChange } from "./block-apps";

const DAY_MS = 86_400_000;
/** shell.md 9: at most 1000 log entries kept per rule. */
export const RULE_LOG_LIMIT = 1000;
/** Days between runs when the rule gives no refresh rate. */
const DEFAULT_REFRESH_DAYS = 1;

/** What a rule's activity row names. */
export interface RuleLabel {
  id: number;
  licenseeId: number;
  strategy: { name: string; advertiserId: number };
}

export function ruleActivity(rule: RuleLabel, message: string, changes: ChangedField[], now: Date) {
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

/** The strategy's activity row of a change of its blocked apps. */
export function blockedAppsActivity(licenseeId: number, change: BlockedAppsChange, message: string, now: Date) {
  return {
    licenseeId,
    action: "UPDATE" as const,
    entityType: "STRATEGY" as const,
    entityId: change.strategy.id,
    entityName: change.strategy.name,
    entityAdvertiserId: change.strategy.advertiserId,
    message,
    changes: change.changes,
    createdAt: now,
  };
}

/** Messages of the system's rule activity rows. */
export const RULE_ACTIVITY_MESSAGE = {
  claimed: "Optimization rule run started (scheduled refresh)",
  released: (reason: string) => `Optimization rule stopped without a run: ${reason}`,
} as const;

export type RuleRunOutcome = { status: "COMPLETED"; blocked: number } | { status: "SKIPPED" };

/** Per-app delivery of one strategy in [from, to). */
export async function appDelivery(client: Pick<TenantTx, "deliveryHourly">, strategyId: number, from: Date, to: Date): Promise<AppDelivery[]> {
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

/** The strategy's never-block apps, the apps its active rules already blocked and the apps its inventory blocks. */
async function exemptApps(client: TenantTx, strategyId: number): Promise<Set<number>> {
  const [neverBlock, blocked, inventoryBlocked] = await Promise.all([
    client.neverBlockApp.findMany({ where: { strategyId }, select: { appId: true } }),
    client.ruleAuditLog.findMany({ where: { rule: { strategyId, active: true } }, select: { appId: true }, distinct: ["appId"] }),
    blockedAppIds(client, strategyId),
  ]);
  return new Set([...[...neverBlock, ...blocked].map((r) => r.appId), ...inventoryBlocked]);
}

async function pruneRuleLog(tx: TenantTx, ruleId: number): Promise<void> {
  await tx.$executeRaw`
    DELETE FROM "RuleAuditLog"
    WHERE "ruleId" = ${ruleId}
      AND "ruleId" IN (SELECT "id" FROM "OptimizationRule" WHERE "licenseeId" = ${LICENSEE_PARAM})
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
export async function runRule(client: TenantClient, ruleId: number, now: Date): Promise<RuleRunOutcome> {
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
        // The run's blocking itself: the apps leave the strategy's inventory (./block-apps.ts).
        const blocked = await changeBlockedApps(tx, rule.strategyId, { block: decisions.map((d) => d.appId) });
        if (blocked) await writeSystemActivity(tx, blockedAppsActivity(rule.licenseeId, blocked, `Apps blocked by optimization rule ${rule.id}`, now));
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
      // The licensee's members are in Membership, a system table: written in the run's own transaction.
      await notifyRuleRunFinished(systemTransaction() as Parameters<typeof notifyRuleRunFinished>[0], {
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
