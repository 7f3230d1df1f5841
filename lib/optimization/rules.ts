// A strategy's optimization rules (shell.md 2.13, 3, 4, 7: GET {strategyId}/orule/all,
// POST {strategyId}/orule, POST {strategyId}/orule/{ruleId}, POST orule/{id}/deactivate,
// GET {strategyId}/orule/logs). Reads and writes go through the tenant-scoped
// client: a strategy or rule of another licensee is "not found". Every write
// (its action checked the role) writes its activity row in the same
// transaction, and refuses a RUNNING rule (shell.md 4). Running a rule is
// ./mutations.ts.
import "server-only";
import { writeActivity } from "../audit/activity";
import { diffFields } from "../audit/diff";
import { ConflictError } from "../errors";
import type { ActionScope } from "../data/scope";
import type { TenantTx } from "../data/tenant-db";
import { withAuditedChange } from "../data/transaction";
import { changeBlockedApps } from "./block-apps";
import { idleRule } from "./mutations";
import { CONV_TYPE_LABELS, type RuleConvType, type RuleValues } from "./rule-form";
import { liveStrategy } from "./strategy";

export const RULE_CHANGED_MESSAGE = "This rule was changed by someone else. Reload it and try again.";
export const STRATEGY_ARCHIVED_MESSAGE = "This strategy is archived: its rules cannot change";

export interface RuleView extends RuleValues {
  id: number;
  version: number;
  state: "RUNNING" | "STOPPED" | null;
  createdAt: string;
  lastRunAt: string | null;
}

export interface RuleLogEntry {
  app: { id: number; name: string; packageName: string };
  spend: string;
  imps: number;
  clicks: number;
  convs: number;
  runAt: string;
}

type RuleRow = {
  id: number;
  version: number;
  spend: { toString(): string } | null;
  imps: number | null;
  clicks: number | null;
  convs: number;
  convType: RuleConvType;
  durationDays: number;
  refreshRateDays: number | null;
  state: "RUNNING" | "STOPPED" | null;
  createdAt: Date;
  lastRunAt: Date | null;
};

function ruleView(r: RuleRow): RuleView {
  return {
    id: r.id,
    version: r.version,
    spend: r.spend === null ? null : r.spend.toString(),
    imps: r.imps,
    clicks: r.clicks,
    convs: r.convs,
    convType: r.convType,
    durationDays: r.durationDays,
    refreshRateDays: r.refreshRateDays,
    state: r.state,
    createdAt: r.createdAt.toISOString(),
    lastRunAt: r.lastRunAt?.toISOString() ?? null,
  };
}

/** The strategy's rules (deleted ones are inactive and not shown), oldest first. */
export async function strategyRules(db: Pick<TenantTx, "strategy" | "optimizationRule">, strategyId: number): Promise<RuleView[]> {
  await liveStrategy(db, strategyId);
  const rules = await db.optimizationRule.findMany({ where: { strategyId, active: true }, orderBy: { id: "asc" } });
  return rules.map(ruleView);
}

/** Each rule's log of blocked apps (newest run first), keyed by rule id. */
export async function strategyRuleLogs(
  db: Pick<TenantTx, "strategy" | "ruleAuditLog">,
  strategyId: number,
): Promise<Record<number, RuleLogEntry[]>> {
  await liveStrategy(db, strategyId);
  const rows = await db.ruleAuditLog.findMany({
    where: { rule: { strategyId, active: true } },
    // Newest run first; within a run, the order it blocked them (most spend first).
    orderBy: [{ runAt: "desc" }, { id: "asc" }],
    include: { app: { select: { id: true, name: true, packageName: true } } },
  });
  const logs: Record<number, RuleLogEntry[]> = {};
  for (const r of rows) {
    (logs[r.ruleId] ??= []).push({
      app: r.app,
      spend: r.spend.toString(),
      imps: Number(r.imps),
      clicks: Number(r.clicks),
      convs: Number(r.convs),
      runAt: r.runAt.toISOString(),
    });
  }
  return logs;
}

/** The rule's fields as its activity rows name them. */
function auditFields(v: RuleValues): Record<string, unknown> {
  return {
    Spend: v.spend,
    Impressions: v.imps,
    Clicks: v.clicks,
    "Conversion Type": CONV_TYPE_LABELS[v.convType],
    "Minimum Conversions": v.convs,
    "Duration (days)": v.durationDays,
    "Refresh Rate (days)": v.refreshRateDays,
  };
}

const ruleEntry = (ruleId: number, strategy: { name: string; advertiserId: number }) =>
  ({ entityType: "OPTIMIZATION_RULE", entityId: ruleId, entityName: `Rule ${ruleId} of ${strategy.name}`, entityAdvertiserId: strategy.advertiserId }) as const;

export async function createRule(scope: ActionScope, strategyId: number, values: RuleValues): Promise<RuleView> {
  return withAuditedChange(scope, async (tx) => {
    const strategy = await liveStrategy(tx, strategyId);
    const rule = await tx.optimizationRule.create({ data: { ...values, strategyId } });
    await writeActivity(tx, scope.ctx, { action: "CREATE", ...ruleEntry(rule.id, strategy), changes: diffFields(null, auditFields(values)) });
    return ruleView(rule as RuleRow);
  });
}

function editableRule(tx: TenantTx, ruleId: number) {
  return idleRule(tx, ruleId, STRATEGY_ARCHIVED_MESSAGE);
}

export async function updateRule(scope: ActionScope, ruleId: number, version: number, values: RuleValues): Promise<RuleView> {
  return withAuditedChange(scope, async (tx) => {
    const before = await editableRule(tx, ruleId);
    if (before.version !== version) throw new ConflictError(RULE_CHANGED_MESSAGE);
    // The version and "not RUNNING" are checked again by the write itself: a run started meanwhile wins.
    const { count } = await tx.optimizationRule.updateMany({
      where: { id: ruleId, version, OR: [{ state: null }, { state: "STOPPED" }] },
      data: { ...values, version: { increment: 1 } } as never,
    });
    if (count === 0) throw new ConflictError(RULE_CHANGED_MESSAGE);
    const changes = diffFields(auditFields(ruleView(before as RuleRow)), auditFields(values));
    await writeActivity(tx, scope.ctx, { action: "UPDATE", ...ruleEntry(ruleId, before.strategy), changes });
    return ruleView((await tx.optimizationRule.findUniqueOrThrow({ where: { id: ruleId } })) as RuleRow);
  });
}

/**
 * Deletes (deactivates) a rule. With `unblockApps`, the apps the rule blocked
 * leave the strategy's blocked apps, except those another active rule of the
 * strategy blocked too. Answers how many apps were unblocked.
 */
export async function deleteRule(scope: ActionScope, ruleId: number, unblockApps: boolean): Promise<{ ruleId: number; unblocked: number }> {
  return withAuditedChange(scope, async (tx) => {
    const rule = await editableRule(tx, ruleId);
    const { count } = await tx.optimizationRule.updateMany({
      where: { id: ruleId, active: true, OR: [{ state: null }, { state: "STOPPED" }] },
      data: { active: false, version: { increment: 1 } },
    });
    if (count === 0) throw new ConflictError(RULE_CHANGED_MESSAGE);
    await writeActivity(tx, scope.ctx, {
      action: "DELETE",
      ...ruleEntry(ruleId, rule.strategy),
      message: unblockApps ? "Optimization rule deleted; the apps it blocked were unblocked" : "Optimization rule deleted",
      changes: [{ fieldName: "active", oldValue: "true", newValue: "false" }],
    });
    if (!unblockApps) return { ruleId, unblocked: 0 };

    const [own, others] = await Promise.all([
      tx.ruleAuditLog.findMany({ where: { ruleId }, select: { appId: true }, distinct: ["appId"] }),
      tx.ruleAuditLog.findMany({ where: { rule: { strategyId: rule.strategyId, active: true } }, select: { appId: true }, distinct: ["appId"] }),
    ]);
    const stillBlocked = new Set(others.map((r) => r.appId));
    const unblock = own.map((r) => r.appId).filter((id) => !stillBlocked.has(id));
    const change = await changeBlockedApps(tx, rule.strategyId, { unblock });
    if (!change) return { ruleId, unblocked: 0 };
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      entityType: "STRATEGY",
      entityId: change.strategy.id,
      entityName: change.strategy.name,
      entityAdvertiserId: change.strategy.advertiserId,
      message: `Apps unblocked with the deletion of optimization rule ${ruleId}`,
      changes: change.changes,
    });
    return { ruleId, unblocked: change.unblocked.length };
  });
}
