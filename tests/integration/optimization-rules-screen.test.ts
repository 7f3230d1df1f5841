// The optimization rules screen's data layer (lib/optimization/rules.ts,
// never-block.ts, block-apps.ts): rules created, edited and deleted with their
// activity rows and version checks; a run over delivery blocks the weak apps in
// the strategy's inventory and spares the never-block apps; deleting a rule
// with "unblock" gives its apps back; other licensees get "not found".
import "../helpers/action-session";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { tenantDb } from "@/lib/data/tenant-db";
import { createRuleAction, deleteRuleAction } from "@/lib/optimization/actions";
import { markRuleRunning, RULE_RUNNING_MESSAGE } from "@/lib/optimization/mutations";
import { runOptimizationRule } from "@/lib/optimization/run";
import { ruleSchema } from "@/lib/optimization/rule-form";
import { createRule, deleteRule, RULE_CHANGED_MESSAGE, strategyRuleLogs, strategyRules, updateRule } from "@/lib/optimization/rules";
import { neverBlockApps, saveNeverBlockApps, searchStrategyApps, validateApps } from "@/lib/optimization/never-block";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { makeApp, strategyWithDelivery } from "../helpers/optimization";
import { requireSessionMock } from "../helpers/session-mock";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-id") }));

useTestDatabase();

const NOW = new Date();
const hoursAgo = (h: number) => new Date(Math.floor(NOW.getTime() / 3_600_000) * 3_600_000 - h * 3_600_000);
const RULE_FORM = { spend: "10", imps: "", clicks: "", convType: "INSTALL", convs: "1", durationDays: "7", refreshRateDays: "1" } as const;
const RULE = ruleSchema.parse(RULE_FORM);

const setUp = (role: "RW" | "RO" | "DEMO" = "RW") => strategyWithDelivery(role, "Installs EU");

const inventoryOf = async (strategyId: number) =>
  ((await db.strategy.findUniqueOrThrow({ where: { id: strategyId } })).inventory as { rtbApps?: { targetList: number[]; blockedList: number[] } }).rtbApps;

test("create and edit a rule with its activity rows; a stale version and a running rule are refused", async () => {
  const s = await setUp();
  const rule = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);
  expect(rule).toMatchObject({ spend: "10", imps: null, convType: "INSTALL", durationDays: 7, state: null, version: 1 });
  expect((await strategyRules(tenantDb(s.ctx), s.strategy.id)).map((r) => r.id)).toEqual([rule.id]);

  const edited = await updateRule(scopeOf(s.ctx), rule.id, 1, { ...RULE, imps: 5000, durationDays: 10 });
  expect(edited).toMatchObject({ imps: 5000, durationDays: 10, version: 2 });
  await expect(updateRule(scopeOf(s.ctx), rule.id, 1, RULE)).rejects.toThrow(RULE_CHANGED_MESSAGE);

  const activity = await db.activityLog.findMany({ where: { entityType: "OPTIMIZATION_RULE", entityId: rule.id }, include: { fields: true }, orderBy: { id: "asc" } });
  expect(activity.map((a) => [a.action, a.userName, a.entityName])).toEqual([
    ["CREATE", s.user.name, `Rule ${rule.id} of Installs EU`],
    ["UPDATE", s.user.name, `Rule ${rule.id} of Installs EU`],
  ]);
  expect(activity[1].fields.map((x) => [x.fieldName, x.oldValue, x.newValue]).sort()).toEqual([
    ["Duration (days)", "7", "10"],
    ["Impressions", null, "5000"],
  ]);

  await markRuleRunning(scopeOf(s.ctx), rule.id);
  await expect(updateRule(scopeOf(s.ctx), rule.id, 3, RULE)).rejects.toThrow(RULE_RUNNING_MESSAGE);
  await expect(deleteRule(scopeOf(s.ctx), rule.id, false)).rejects.toThrow(RULE_RUNNING_MESSAGE);
  await expect(markRuleRunning(scopeOf(s.ctx), rule.id)).rejects.toThrow(ConflictError);
});

test("a run over delivery blocks the weak apps in the strategy's inventory, spares never-block apps, and logs them", async () => {
  const s = await setUp();
  const [weak, alsoWeak, converting, spared] = await Promise.all([makeApp("Weak One"), makeApp("Weak Two"), makeApp(), makeApp("Spared")]);
  await s.deliver(weak.id, hoursAgo(3), { revenue: "25" });
  await s.deliver(alsoWeak.id, hoursAgo(30), { revenue: "11" });
  await s.deliver(converting.id, hoursAgo(3), { revenue: "40", installs: 3 });
  await s.deliver(spared.id, hoursAgo(3), { revenue: "90" });
  await saveNeverBlockApps(scopeOf(s.ctx), s.strategy.id, [spared.id]);
  const rule = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);

  await markRuleRunning(scopeOf(s.ctx), rule.id);
  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "COMPLETED", blocked: 2 });

  expect(await inventoryOf(s.strategy.id)).toEqual({ targetList: [], blockedList: [weak.id, alsoWeak.id] });
  const logs = await strategyRuleLogs(tenantDb(s.ctx), s.strategy.id);
  expect(logs[rule.id].map((l) => [l.app.name, l.spend, l.convs])).toEqual([
    ["Weak One", "25", 0],
    ["Weak Two", "11", 0],
  ]);
  const strategyActivity = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY", entityId: s.strategy.id, userName: "System" }, include: { fields: true } });
  expect(strategyActivity.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["Blocked Apps", null, "Added: Weak One, Weak Two"]]);
  expect((await db.strategy.findUniqueOrThrow({ where: { id: s.strategy.id } })).version).toBe(s.strategy.version + 1);
  expect((await strategyRules(tenantDb(s.ctx), s.strategy.id))[0]).toMatchObject({ state: "STOPPED", lastRunAt: NOW.toISOString() });
});

test("deleting a rule with unblock gives back its apps, except those another active rule blocked; without unblock they stay", async () => {
  const s = await setUp();
  const [a, b, mine] = await Promise.all([makeApp("A"), makeApp("B"), makeApp("Mine")]);
  const first = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);
  const second = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);
  const third = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);
  await db.ruleAuditLog.createMany({
    data: [
      { ruleId: first.id, appId: a.id, spend: "1", imps: 1, clicks: 0, convs: 0, runAt: NOW },
      { ruleId: first.id, appId: b.id, spend: "1", imps: 1, clicks: 0, convs: 0, runAt: NOW },
      { ruleId: second.id, appId: b.id, spend: "1", imps: 1, clicks: 0, convs: 0, runAt: NOW },
      { ruleId: third.id, appId: mine.id, spend: "1", imps: 1, clicks: 0, convs: 0, runAt: NOW },
    ],
  });
  await db.strategy.update({ where: { id: s.strategy.id }, data: { inventory: { rtbApps: { targetList: [], blockedList: [a.id, b.id, mine.id] } } } });

  expect(await deleteRule(scopeOf(s.ctx), first.id, true)).toEqual({ ruleId: first.id, unblocked: 1 });
  expect((await inventoryOf(s.strategy.id))?.blockedList).toEqual([b.id, mine.id]);
  expect(await deleteRule(scopeOf(s.ctx), third.id, false)).toEqual({ ruleId: third.id, unblocked: 0 });
  expect((await inventoryOf(s.strategy.id))?.blockedList).toEqual([b.id, mine.id]);
  expect((await strategyRules(tenantDb(s.ctx), s.strategy.id)).map((r) => r.id)).toEqual([second.id]);

  const unblockRow = await db.activityLog.findFirstOrThrow({ where: { entityType: "STRATEGY", entityId: s.strategy.id, message: { contains: "unblocked" } }, include: { fields: true } });
  expect(unblockRow.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["Blocked Apps", "Removed: A", null]]);
});

test("never-block apps: replaced as a whole and audited; validation splits known and unknown entries; search looks back 30 days", async () => {
  const s = await setUp();
  const [recent, old, other] = await Promise.all([makeApp("Puzzle Quest"), makeApp("Puzzle Classic"), makeApp("Racing")]);
  await s.deliver(recent.id, hoursAgo(24 * 3), { revenue: "1" });
  await s.deliver(old.id, hoursAgo(24 * 40), { revenue: "1" });

  expect((await searchStrategyApps(tenantDb(s.ctx), s.strategy.id, "puzzle", NOW)).map((a) => a.name)).toEqual(["Puzzle Quest"]);
  expect(await searchStrategyApps(tenantDb(s.ctx), s.strategy.id, "p", NOW)).toEqual([]);

  const result = await validateApps(tenantDb(s.ctx), [recent.packageName.toUpperCase(), "Racing", "no.such.app"]);
  expect(result.validSites.map((a) => a.id)).toEqual([recent.id, other.id]);
  expect(result.invalidSites).toEqual(["no.such.app"]);

  await saveNeverBlockApps(scopeOf(s.ctx), s.strategy.id, [recent.id, other.id]);
  await saveNeverBlockApps(scopeOf(s.ctx), s.strategy.id, [other.id, old.id]);
  expect((await neverBlockApps(tenantDb(s.ctx), s.strategy.id)).map((a) => a.name)).toEqual(["Racing", "Puzzle Classic"]);
  const rows = await db.activityLog.findMany({ where: { entityType: "STRATEGY", entityId: s.strategy.id }, include: { fields: true }, orderBy: { id: "asc" } });
  expect(rows.map((r) => r.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]))).toEqual([
    [["Never-block Apps", null, "Added: Puzzle Quest, Racing"]],
    [["Never-block Apps", "Removed: Puzzle Quest", "Added: Puzzle Classic"]],
  ]);
});

test("other licensees get 'not found', read-only and demo users change nothing", async () => {
  const s = await setUp();
  const rule = await createRule(scopeOf(s.ctx), s.strategy.id, RULE);
  const other = await f.makeTenant("RW");
  await expect(strategyRules(tenantDb(other.ctx), s.strategy.id)).rejects.toThrow(NotFoundError);
  await expect(createRule(scopeOf(other.ctx), s.strategy.id, RULE)).rejects.toThrow(NotFoundError);
  await expect(updateRule(scopeOf(other.ctx), rule.id, rule.version, RULE)).rejects.toThrow(NotFoundError);
  await expect(deleteRule(scopeOf(other.ctx), rule.id, true)).rejects.toThrow(NotFoundError);
  await expect(saveNeverBlockApps(scopeOf(other.ctx), s.strategy.id, [])).rejects.toThrow(NotFoundError);

  const ro = await f.makeUser(`ro.rules.${rule.id}@example.com`, [{ licenseeId: s.licensee.id, role: "RO" }]);
  requireSessionMock.mockResolvedValue(await f.ctxFor(ro.id, s.licensee.id));
  expect(await createRuleAction({ strategyId: s.strategy.id, ...RULE_FORM })).toMatchObject({ ok: false, status: 403 });
  expect(await deleteRuleAction({ ruleId: rule.id, unblockApps: true })).toMatchObject({ ok: false, status: 403 });
  expect(await db.optimizationRule.count({ where: { strategyId: s.strategy.id, active: true } })).toBe(1);
});
