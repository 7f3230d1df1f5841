// What creates notifications (lib/notification-events/generate.ts): ended campaigns
// and strategies, spent budgets and finished rule runs notify each read-write
// member of the licensee once, however often the sweep runs.
import { db } from "@/lib/db";
import { NOTIFICATION_CONTENT, notifyRuleRunFinished, runNotificationSweep } from "@/lib/notification-events/generate";
import { useTestDatabase } from "../helpers/db";
import { makeAdvertiser, makeCampaign, makeStrategy, makeTenant, makeUser } from "../helpers/factories";
import { createRng } from "@/lib/random";

useTestDatabase();

const NOW = new Date("2030-06-15T12:00:00Z");
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

async function deliver(s: { id: number; licenseeId: number; advertiserId: number; campaignId: number }, hour: Date, revenue: string) {
  await db.deliveryStrategyHourly.create({
    data: { hour, licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, revenue },
  });
}

async function tenantWithMembers() {
  const t = await makeTenant("RW");
  const rw2 = await makeUser(`rw2.${t.licensee.id}@example.com`, [{ licenseeId: t.licensee.id, role: "RW" }]);
  const ro = await makeUser(`ro.${t.licensee.id}@example.com`, [{ licenseeId: t.licensee.id, role: "RO" }]);
  const demo = await makeUser(`demo.${t.licensee.id}@example.com`, [{ licenseeId: t.licensee.id, role: "DEMO" }]);
  const advertiser = await makeAdvertiser(t.licensee.id);
  return { ...t, rw2, ro, demo, advertiser };
}

test("an end time that passed notifies every RW member once; re-running creates nothing", async () => {
  const { licensee, user, rw2, advertiser } = await tenantWithMembers();
  const ended = await makeCampaign(advertiser, { name: "Ended C", startTime: hoursAgo(500), endTime: hoursAgo(2) });
  await makeCampaign(advertiser, { name: "Running C", startTime: hoursAgo(500), endTime: new Date("2030-07-01T00:00:00Z") });
  await makeCampaign(advertiser, { name: "Never ending", startTime: hoursAgo(500), endTime: null });
  await makeCampaign(advertiser, { name: "Long ago", startTime: hoursAgo(2000), endTime: hoursAgo(24 * 30) });
  await makeCampaign(advertiser, { name: "Archived", startTime: hoursAgo(500), endTime: hoursAgo(2), isArchived: true });
  const running = await makeCampaign(advertiser, { startTime: hoursAgo(500) });
  const strategy = await makeStrategy(running, { name: "Ended S", startTime: hoursAgo(500), endTime: hoursAgo(1) });

  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 4 });
  const rows = await db.notification.findMany({ orderBy: [{ entityType: "asc" }, { userId: "asc" }] });
  expect(rows.map((n) => [n.userId, n.licenseeId, n.type, n.entityType, n.entityId, n.entityName, n.content])).toEqual([
    [user.id, licensee.id, "INFO", "CAMPAIGN", ended.id, "Ended C", NOTIFICATION_CONTENT.campaignEnded],
    [rw2.id, licensee.id, "INFO", "CAMPAIGN", ended.id, "Ended C", NOTIFICATION_CONTENT.campaignEnded],
    [user.id, licensee.id, "INFO", "STRATEGY", strategy.id, "Ended S", NOTIFICATION_CONTENT.strategyEnded],
    [rw2.id, licensee.id, "INFO", "STRATEGY", strategy.id, "Ended S", NOTIFICATION_CONTENT.strategyEnded],
  ]);
  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 0 });
  expect(await runNotificationSweep(new Date(NOW.getTime() + 3_600_000), db)).toEqual({ created: 0 });
  expect(await db.notification.count()).toBe(4);
});

test("a campaign lifetime budget or strategy budget reached by delivered Adv Spend notifies once", async () => {
  const { user, rw2, ro, demo, advertiser } = await tenantWithMembers();
  const spent = await makeCampaign(advertiser, { name: "Spent C", startTime: hoursAgo(100), lifetimeBudget: "100" });
  const under = await makeCampaign(advertiser, { name: "Under C", startTime: hoursAgo(100), lifetimeBudget: "100" });
  const s1 = await makeStrategy(spent, { startTime: hoursAgo(100), budgetValue: "60" });
  const s2 = await makeStrategy(spent, { startTime: hoursAgo(100) });
  const s3 = await makeStrategy(under, { startTime: hoursAgo(100), budgetValue: "500" });
  await deliver(s1, hoursAgo(5), "60.000000"); // s1 budget exactly reached
  await deliver(s2, hoursAgo(5), "25");
  await deliver(s2, hoursAgo(4), "15"); // campaign: 100 of 100
  await deliver(s3, hoursAgo(4), "99.99");

  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 4 });
  const rows = await db.notification.findMany({ orderBy: [{ entityType: "asc" }, { userId: "asc" }] });
  expect(rows.map((n) => [n.userId, n.type, n.entityType, n.entityId, n.content])).toEqual([
    [user.id, "ACTIONABLE", "CAMPAIGN", spent.id, NOTIFICATION_CONTENT.campaignBudgetSpent],
    [rw2.id, "ACTIONABLE", "CAMPAIGN", spent.id, NOTIFICATION_CONTENT.campaignBudgetSpent],
    [user.id, "ACTIONABLE", "STRATEGY", s1.id, NOTIFICATION_CONTENT.strategyBudgetSpent],
    [rw2.id, "ACTIONABLE", "STRATEGY", s1.id, NOTIFICATION_CONTENT.strategyBudgetSpent],
  ]);
  expect(rows.some((n) => n.userId === ro.id || n.userId === demo.id)).toBe(false);

  await deliver(s3, hoursAgo(3), "10"); // the other campaign now spends too
  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 2 });
  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 0 });
  // Raising the budget and spending it again is a new event.
  await db.campaign.update({ where: { id: spent.id }, data: { lifetimeBudget: "110" } });
  await deliver(s2, hoursAgo(2), "10");
  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 2 });
});

test("the sweep covers every licensee, each notifying its own members", async () => {
  const a = await tenantWithMembers();
  const b = await tenantWithMembers();
  await makeCampaign(a.advertiser, { startTime: hoursAgo(50), endTime: hoursAgo(1) });
  await makeCampaign(b.advertiser, { startTime: hoursAgo(50), endTime: hoursAgo(1) });
  expect(await runNotificationSweep(NOW, db)).toEqual({ created: 4 });
  const byLicensee = await db.notification.groupBy({ by: ["licenseeId"], _count: { _all: true }, orderBy: { licenseeId: "asc" } });
  expect(byLicensee.map((g) => [g.licenseeId, g._count._all])).toEqual([
    [a.licensee.id, 2],
    [b.licensee.id, 2],
  ]);
  const members = await db.membership.findMany({ where: { role: "RW" }, select: { userId: true, licenseeId: true } });
  const rows = await db.notification.findMany();
  expect(rows.every((n) => members.some((m) => m.userId === n.userId && m.licenseeId === n.licenseeId))).toBe(true);
});

test("a finished rule run notifies the RW members in the runner's transaction, once per run", async () => {
  const { licensee, user, rw2 } = await tenantWithMembers();
  const run = { licenseeId: licensee.id, ruleId: 3, strategyId: 8, strategyName: "Android - Broad", blockedCount: 12, finishedAt: NOW };
  expect(await db.$transaction((tx) => notifyRuleRunFinished(tx, run))).toBe(2);
  expect(await db.$transaction((tx) => notifyRuleRunFinished(tx, run))).toBe(0);
  // A rolled back run leaves no notification.
  await expect(
    db.$transaction(async (tx) => {
      await notifyRuleRunFinished(tx, { ...run, finishedAt: new Date(NOW.getTime() + 1000) });
      throw new Error("run failed");
    }),
  ).rejects.toThrow("run failed");
  const rows = await db.notification.findMany({ orderBy: { userId: "asc" } });
  expect(rows.map((n) => [n.userId, n.type, n.entityType, n.entityId, n.entityName, n.content])).toEqual([
    [user.id, "INFO", "STRATEGY", 8, "Android - Broad", "Optimization rule run finished: 12 app(s) blocked"],
    [rw2.id, "INFO", "STRATEGY", 8, "Android - Broad", "Optimization rule run finished: 12 app(s) blocked"],
  ]);
});

test("budgets are checked against all delivery ever stored: the same events as a plain sum of every hour, after updates and deletes", async () => {
  const { advertiser } = await tenantWithMembers();
  const rng = createRng(5150);
  const campaigns = await Promise.all(Array.from({ length: 4 }, () => makeCampaign(advertiser, { startTime: hoursAgo(24 * 60) })));
  const strategies = [];
  for (const c of campaigns) for (let i = 0; i < 5; i++) strategies.push(await makeStrategy(c, { startTime: hoursAgo(24 * 60) }));
  // Delivery over 40 days (many UTC days, so the lifetime spans many running rows), then changed.
  await db.deliveryStrategyHourly.createMany({
    data: strategies.flatMap((s) =>
      rng.sample(Array.from({ length: 24 * 40 }, (_, h) => h), 60).map((h) => ({
        hour: hoursAgo(h + 1), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, revenue: rng.money(0, 20, 6),
      })),
    ),
  });
  await db.deliveryStrategyHourly.updateMany({ where: { strategyId: strategies[3].id, hour: { lt: hoursAgo(24 * 20) } }, data: { revenue: "0.5" } });
  await db.deliveryStrategyHourly.deleteMany({ where: { strategyId: strategies[7].id, hour: { gte: hoursAgo(24 * 10) } } });
  // Budgets at, just above and just below each one's plain sum of hours.
  const plain = async (by: "strategyId" | "campaignId") =>
    new Map((await db.deliveryStrategyHourly.groupBy({ by: [by], _sum: { revenue: true } })).map((g) => [g[by], g._sum.revenue!]));
  const [byStrategy, byCampaign] = [await plain("strategyId"), await plain("campaignId")];
  const nudge = (spent: { add(n: string): { toFixed(d: number): string } }, i: number) => spent.add(["0", "0.000001", "-0.000001"][i % 3]).toFixed(6);
  for (const [i, s] of strategies.entries()) await db.strategy.update({ where: { id: s.id }, data: { budgetValue: nudge(byStrategy.get(s.id)!, i) } });
  for (const [i, c] of campaigns.entries()) await db.campaign.update({ where: { id: c.id }, data: { lifetimeBudget: nudge(byCampaign.get(c.id)!, i + 1) } });
  const want = [
    ...campaigns.filter((_, i) => (i + 1) % 3 !== 1).map((c) => `CAMPAIGN:${c.id}`),
    ...strategies.filter((_, i) => i % 3 !== 1).map((s) => `STRATEGY:${s.id}`),
  ].sort();

  await runNotificationSweep(NOW, db);
  const rows = await db.notification.findMany({ where: { type: "ACTIONABLE" }, distinct: ["entityType", "entityId"] });
  expect(rows.map((n) => `${n.entityType}:${n.entityId}`).sort()).toEqual(want);
});
