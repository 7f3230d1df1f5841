// Optimization rule runs (lib/optimization): the run blocks the weak apps of
// its strategy over its window, logs them, stops the rule and notifies the
// licensee's read-write members, all at once; the sweep starts due rules; a
// user's run request goes through the gate.
import "../helpers/action-session";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";
import { runRuleAction } from "@/lib/optimization/actions";
import { RULE_RUNNING_MESSAGE } from "@/lib/optimization/mutations";
import { RULE_LOG_LIMIT, runOptimizationRule } from "@/lib/optimization/run";
import { claimDueRules, runDueRules } from "@/lib/optimization/sweep";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { makeApp, strategyWithDelivery } from "../helpers/optimization";
import { requireSessionMock } from "../helpers/session-mock";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn(async () => "job-id") }));
const enqueued = enqueue as jest.MockedFunction<typeof enqueue>;

useTestDatabase();
beforeEach(() => enqueued.mockClear());

const NOW = new Date("2030-06-15T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

async function setUp(role: "RW" | "RO" | "DEMO" = "RW") {
  const t = await strategyWithDelivery(role);
  const rule = (over: Partial<Parameters<typeof db.optimizationRule.create>[0]["data"]> = {}) =>
    db.optimizationRule.create({
      data: { licenseeId: t.licensee.id, strategyId: t.strategy.id, spend: "10", convs: 1, convType: "INSTALL", durationDays: 7, refreshRateDays: 1, ...over } as never,
    });
  return { ...t, rule };
}

test("a run blocks the weak apps of its window, logs them, stops the rule, writes an activity row and notifies once", async () => {
  const s = await setUp();
  const [weak, converting, small, old, exempt] = await Promise.all([makeApp(), makeApp(), makeApp(), makeApp(), makeApp()]);
  await s.deliver(weak.id, hoursAgo(5), { revenue: "6" });
  await s.deliver(weak.id, hoursAgo(30), { revenue: "6" }); // 12 in the window, no install
  await s.deliver(converting.id, hoursAgo(5), { revenue: "40", installs: 1 });
  await s.deliver(small.id, hoursAgo(5), { revenue: "9.99" });
  await s.deliver(old.id, hoursAgo(24 * 8), { revenue: "100" }); // outside the 7 days
  await s.deliver(exempt.id, hoursAgo(5), { revenue: "100" });
  await db.neverBlockApp.create({ data: { licenseeId: s.licensee.id, strategyId: s.strategy.id, appId: exempt.id } });
  const rule = await s.rule({ state: "RUNNING" });

  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "COMPLETED", blocked: 1 });

  const log = await db.ruleAuditLog.findMany({ where: { ruleId: rule.id } });
  expect(log.map((l) => [l.appId, l.spend.toString(), Number(l.convs), l.runAt.toISOString()])).toEqual([[weak.id, "12", 0, NOW.toISOString()]]);
  const after = await db.optimizationRule.findUniqueOrThrow({ where: { id: rule.id } });
  expect(after).toMatchObject({ state: "STOPPED", lastRunAt: NOW, version: rule.version + 1 });
  const activity = await db.activityLog.findMany({ where: { entityType: "OPTIMIZATION_RULE" }, include: { fields: true } });
  expect(activity).toHaveLength(1);
  expect(activity[0]).toMatchObject({ userId: null, userName: "System", message: "Optimization rule run finished: 1 app(s) blocked" });
  expect(activity[0].fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toContainEqual(["state", "RUNNING", "STOPPED"]);
  const notes = await db.notification.findMany({ where: { licenseeId: s.licensee.id } });
  expect(notes.map((n) => [n.userId, n.entityType, n.entityId, n.content])).toEqual([
    [s.user.id, "STRATEGY", s.strategy.id, "Optimization rule run finished: 1 app(s) blocked"],
  ]);

  // Already stopped: a second job for the same run changes nothing.
  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "SKIPPED" });
  expect(await db.notification.count()).toBe(1);
});

test("the next run does not block an app twice, and a run with nothing to block still finishes and notifies", async () => {
  const s = await setUp();
  const weak = await makeApp();
  await s.deliver(weak.id, hoursAgo(5), { revenue: "50" });
  const rule = await s.rule({ state: "RUNNING" });
  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "COMPLETED", blocked: 1 });
  await db.optimizationRule.update({ where: { id: rule.id }, data: { state: "RUNNING" } });
  const later = new Date(NOW.getTime() + 86_400_000);
  expect(await runOptimizationRule(rule.id, later)).toEqual({ status: "COMPLETED", blocked: 0 });
  expect(await db.ruleAuditLog.count()).toBe(1);
  expect((await db.notification.findMany({ orderBy: { id: "asc" } })).map((n) => n.content)).toEqual([
    "Optimization rule run finished: 1 app(s) blocked",
    "Optimization rule run finished: 0 app(s) blocked",
  ]);
});

test(`the rule log keeps the newest ${RULE_LOG_LIMIT} entries`, async () => {
  const s = await setUp();
  const [blockedBefore, fresh, other] = await Promise.all([makeApp(), makeApp(), makeApp()]);
  const rule = await s.rule({ state: "RUNNING" });
  // One entry short of the limit; the run adds two, so the oldest must go.
  await db.ruleAuditLog.createMany({
    data: Array.from({ length: RULE_LOG_LIMIT - 1 }, (_, i) => ({ ruleId: rule.id, appId: blockedBefore.id, spend: "1", imps: 1, clicks: 0, convs: 0, runAt: hoursAgo(1000 + i) })),
  });
  await s.deliver(fresh.id, hoursAgo(5), { revenue: "30" });
  await s.deliver(other.id, hoursAgo(5), { revenue: "20" });
  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "COMPLETED", blocked: 2 });
  expect(await db.ruleAuditLog.count({ where: { ruleId: rule.id } })).toBe(RULE_LOG_LIMIT);
  expect(await db.ruleAuditLog.count({ where: { ruleId: rule.id, runAt: NOW } })).toBe(2);
  expect(await db.ruleAuditLog.count({ where: { ruleId: rule.id, runAt: hoursAgo(1000 + RULE_LOG_LIMIT - 2) } })).toBe(0);
  expect(await db.ruleAuditLog.count({ where: { ruleId: rule.id, runAt: hoursAgo(1000 + RULE_LOG_LIMIT - 3) } })).toBe(1);
});

test("a rule run by a user between the sweep's read and its claim is not claimed again", async () => {
  const s = await setUp();
  const rule = await s.rule({ state: "STOPPED", lastRunAt: hoursAgo(48) });
  // The sweep reads the rule as due; before it claims, a user's run starts and
  // finishes (STOPPED again, just run): the same state, but no longer due.
  const racing = {
    $transaction: db.$transaction.bind(db),
    optimizationRule: {
      ...db.optimizationRule,
      findMany: async (args: Parameters<typeof db.optimizationRule.findMany>[0]) => {
        const read = await db.optimizationRule.findMany(args);
        await db.optimizationRule.update({ where: { id: rule.id }, data: { state: "RUNNING", version: { increment: 1 } } });
        await db.optimizationRule.update({ where: { id: rule.id }, data: { state: "STOPPED", lastRunAt: NOW, version: { increment: 1 } } });
        return read;
      },
    },
  } as unknown as Parameters<typeof claimDueRules>[1];

  expect(await claimDueRules(NOW, racing)).toEqual([]);
  expect(await db.optimizationRule.findUniqueOrThrow({ where: { id: rule.id }, select: { state: true } })).toEqual({ state: "STOPPED" });
  expect(await db.activityLog.count({ where: { entityType: "OPTIMIZATION_RULE", entityId: rule.id } })).toBe(0);
});

test("the sweep starts due rules only: never run, or refresh days passed; not deactivated, running or on archived strategies", async () => {
  const s = await setUp();
  const fresh = await s.rule();
  const due = await s.rule({ state: "STOPPED", lastRunAt: hoursAgo(24 * 2), refreshRateDays: 2 });
  await s.rule({ state: "STOPPED", lastRunAt: hoursAgo(24 * 2 - 1), refreshRateDays: 2 });
  await s.rule({ active: false });
  await s.rule({ state: "RUNNING" });
  const archived = await f.makeStrategy(await f.makeCampaign(s.advertiser), { isArchived: true });
  await db.optimizationRule.create({ data: { licenseeId: s.licensee.id, strategyId: archived.id, spend: "1", convs: 1, durationDays: 3 } });

  expect((await claimDueRules(NOW)).sort()).toEqual([fresh.id, due.id].sort());
  expect(await claimDueRules(NOW)).toEqual([]); // claimed rules are RUNNING now

  // Each claim is a system state change with its own activity row, once.
  const activity = await db.activityLog.findMany({ where: { entityType: "OPTIMIZATION_RULE" }, include: { fields: true }, orderBy: { entityId: "asc" } });
  expect(
    activity.map((a) => [a.entityId, a.userId, a.userName, a.message, a.createdAt.toISOString(), a.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])]),
  ).toEqual([
    [fresh.id, null, "System", "Optimization rule run started (scheduled refresh)", NOW.toISOString(), [["state", null, "RUNNING"]]],
    [due.id, null, "System", "Optimization rule run started (scheduled refresh)", NOW.toISOString(), [["state", "STOPPED", "RUNNING"]]],
  ]);
  expect(activity.every((a) => a.licenseeId === s.licensee.id && a.entityAdvertiserId === s.advertiser.id)).toBe(true);
});

test("runDueRules queues every running rule once per rule", async () => {
  const s = await setUp();
  const a = await s.rule();
  const b = await s.rule({ state: "RUNNING" });
  expect(await runDueRules(NOW)).toEqual({ claimed: 1, queued: 2 });
  expect(enqueued).toHaveBeenCalledTimes(2);
  expect(enqueued).toHaveBeenCalledWith("optimization-rule-run", { ruleId: a.id }, { singletonKey: String(a.id) });
  expect(enqueued).toHaveBeenCalledWith("optimization-rule-run", { ruleId: b.id }, { singletonKey: String(b.id) });
});

test("a deactivated rule or archived strategy is released, not run, with a system activity row", async () => {
  const s = await setUp();
  const rule = await s.rule({ state: "RUNNING", active: false });
  expect(await runOptimizationRule(rule.id, NOW)).toEqual({ status: "SKIPPED" });
  expect((await db.optimizationRule.findUniqueOrThrow({ where: { id: rule.id } })).state).toBe("STOPPED");
  expect(await db.notification.count()).toBe(0);

  const archived = await f.makeStrategy(await f.makeCampaign(s.advertiser), { isArchived: true, name: "Old strategy" });
  const orphan = await db.optimizationRule.create({
    data: { licenseeId: s.licensee.id, strategyId: archived.id, spend: "1", convs: 1, durationDays: 3, state: "RUNNING" },
  });
  expect(await runOptimizationRule(orphan.id, NOW)).toEqual({ status: "SKIPPED" });

  const activity = await db.activityLog.findMany({ where: { entityType: "OPTIMIZATION_RULE" }, include: { fields: true }, orderBy: { id: "asc" } });
  expect(activity.map((a) => [a.entityId, a.entityName, a.userId, a.userName, a.message, a.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])])).toEqual([
    [rule.id, `Rule ${rule.id} of Android installs`, null, "System", "Optimization rule stopped without a run: the rule is inactive", [["state", "RUNNING", "STOPPED"]]],
    [orphan.id, `Rule ${orphan.id} of Old strategy`, null, "System", "Optimization rule stopped without a run: its strategy is archived", [["state", "RUNNING", "STOPPED"]]],
  ]);
  // Released already: a second job neither changes the rule nor logs again.
  expect(await runOptimizationRule(orphan.id, NOW)).toEqual({ status: "SKIPPED" });
  expect(await db.activityLog.count({ where: { entityType: "OPTIMIZATION_RULE" } })).toBe(2);
});

test("a user's run request marks the rule RUNNING with an activity row and queues it; a running rule is refused", async () => {
  const s = await setUp();
  const rule = await s.rule({ state: "STOPPED" });
  requireSessionMock.mockResolvedValue(s.ctx);
  expect(await runRuleAction({ ruleId: rule.id })).toEqual({ ok: true, data: { ruleId: rule.id, state: "RUNNING" } });
  expect((await db.optimizationRule.findUniqueOrThrow({ where: { id: rule.id } })).state).toBe("RUNNING");
  expect(enqueued).toHaveBeenCalledWith("optimization-rule-run", { ruleId: rule.id }, { singletonKey: String(rule.id) });
  const activity = await db.activityLog.findFirstOrThrow({ where: { entityId: rule.id, entityType: "OPTIMIZATION_RULE" }, include: { fields: true } });
  expect(activity).toMatchObject({ userId: s.user.id, message: "Optimization rule run started" });
  expect(activity.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["state", "STOPPED", "RUNNING"]]);

  expect(await runRuleAction({ ruleId: rule.id })).toEqual({ ok: false, status: 409, formError: RULE_RUNNING_MESSAGE });
});

test("read-only and demo users cannot run a rule; another licensee's rule is not found", async () => {
  for (const role of ["RO", "DEMO"] as const) {
    const s = await setUp(role);
    const rule = await s.rule();
    requireSessionMock.mockResolvedValue(s.ctx);
    expect(await runRuleAction({ ruleId: rule.id })).toMatchObject({ ok: false, status: 403 });
    expect((await db.optimizationRule.findUniqueOrThrow({ where: { id: rule.id } })).state).toBeNull();
  }
  const mine = await setUp();
  const theirs = await setUp();
  const rule = await theirs.rule();
  requireSessionMock.mockResolvedValue(mine.ctx);
  expect(await runRuleAction({ ruleId: rule.id })).toMatchObject({ ok: false, status: 404 });
  expect(enqueued).not.toHaveBeenCalled();
});
