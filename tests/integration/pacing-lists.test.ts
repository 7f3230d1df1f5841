// Pacing in the campaign and strategy lists: each row shows its lifetime and
// today's spend against the budgets with the indicator, and sorting by
// either column happens in SQL in the order of the pacing ratio the cells
// follow (lib/delivery/pacing-load.ts, pacing-sql.ts), page after page, in
// the reader's timezone; read-only users get neither the columns nor the order.
import { db } from "@/lib/db";
import { loadListView } from "@/lib/entities/lists";
import { pacingSortValue } from "@/lib/delivery/pacing-load";
import { strategyPacingSubject } from "@/lib/strategies/pacing";
import { campaignPacingSubject } from "@/lib/campaigns/pacing";
import { localMidnight, todayIn } from "@/lib/user-settings/date-range";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2030-01-05T12:30:00Z");
const KOLKATA = 9001;
const q = (query: string) => new URLSearchParams(query);

type S = { id: number; licenseeId: number; advertiserId: number; campaignId: number };
async function spend(s: S, hour: string, revenue: string, cost = revenue) {
  await db.deliveryStrategyHourly.create({
    data: { hour: new Date(hour), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, revenue, cost },
  });
}

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  await f.makeUtcTimezone();
  await db.timezone.create({ data: { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 3, columns: ["revenue"] } });
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser, { endTime: new Date("2030-01-11T00:00:00Z"), lifetimeBudget: "1000", dailyBudget: "100" });
  const other = await f.makeCampaign(advertiser, { lifetimeBudget: "50", dailyBudget: null, budgetPacing: true, flowRate: "1" });
  const schedule = { startTime: new Date("2030-01-01T00:00:00Z"), endTime: new Date("2030-01-11T00:00:00Z") };
  const strategies = [
    await f.makeStrategy(campaign, { ...schedule, name: "even on track", budgetValue: "1000", dailyAdvSpendBudget: "100", pacingTypeId: 10 }),
    await f.makeStrategy(campaign, { ...schedule, name: "even ahead", budgetValue: "500", dailyAdvSpendBudget: "20", pacingTypeId: 10 }),
    await f.makeStrategy(campaign, { ...schedule, name: "asap", budgetValue: "800", dailyAdvSpendBudget: "400", pacingTypeId: 1 }),
    await f.makeStrategy(campaign, { ...schedule, name: "no budget", budgetValue: null, dailyAdvSpendBudget: null }),
    await f.makeStrategy(campaign, { name: "not started", startTime: new Date("2030-02-01T00:00:00Z"), budgetValue: "100", dailyAdvSpendBudget: "10" }),
    await f.makeStrategy(campaign, { name: "ended", startTime: new Date("2029-12-01T00:00:00Z"), endTime: new Date("2030-01-03T00:00:00Z"), budgetValue: "300", dailyAdvSpendBudget: "50" }),
    await f.makeStrategy(other, { ...schedule, name: "never ending", endTime: null, budgetValue: "200", dailyAdvSpendBudget: "30", pacingTypeId: 6 }),
  ];
  const [onTrack, ahead, asap, noBudget, , ended, neverEnding] = strategies;
  await spend(onTrack, "2030-01-02T10:00:00Z", "400");
  await spend(onTrack, "2030-01-05T08:00:00Z", "50");
  await spend(ahead, "2030-01-04T23:00:00Z", "300"); // today for a Kolkata reader (04:30 on the 5th)
  await spend(ahead, "2030-01-05T12:00:00Z", "15"); // the hour now is in
  await spend(asap, "2030-01-03T05:00:00Z", "100");
  await spend(noBudget, "2030-01-05T01:00:00Z", "7");
  await spend(ended, "2030-01-02T01:00:00Z", "290");
  await spend(neverEnding, "2030-01-05T02:00:00Z", "12");
  await spend(neverEnding, "2030-01-05T13:00:00Z", "999"); // after now: not spent yet
  return { ctx, licensee, campaign, other, strategies };
}

const pacingOrder = (
  subjects: Array<{ id: number; subject: Parameters<typeof pacingSortValue>[0]; spent: { lifetime: string; daily: string } }>,
  iana: string,
  key: "lifetime" | "daily",
  desc: boolean,
) => {
  const day = todayIn(iana, NOW);
  const today = { start: localMidnight(day, iana), end: localMidnight(day, iana, 1) };
  const value = new Map(subjects.map((s) => [s.id, pacingSortValue(s.subject, s.spent, today, NOW, key)]));
  return [...subjects]
    .sort((a, b) => {
      const va = value.get(a.id) ?? null;
      const vb = value.get(b.id) ?? null;
      if (va === null || vb === null) return va === vb ? a.id - b.id : va === null ? 1 : -1;
      return va === vb ? a.id - b.id : desc ? vb - va : va - vb;
    })
    .map((s) => s.id);
};

async function pagesOf(ctx: Parameters<typeof loadListView>[0], entity: string, sort: string) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const view = await loadListView(ctx, entity, q(`sort=${sort}&page=${page}`), { now: NOW });
    ids.push(...view.rows.map((r) => r.id));
    if (ids.length >= view.total) return ids;
  }
}

test("strategy rows show spend to date against both budgets, today cut at the reader's midnight", async () => {
  const { ctx, strategies } = await world();
  const view = await loadListView(ctx, "strategy", q("size=10&sort=name"), { now: NOW });
  const cell = (name: string, id: string) => view.rows.find((r) => r.cells.name === name)?.cells[id];
  expect(view.columns.map((c) => c.id).slice(4, 6)).toEqual(["pacingLifetime", "pacingToday"]);
  // 4.52 of 10 days gone: 452.08 expected of 1000, 450 spent; today: 52.08 of 100 expected, 50 spent.
  expect(cell("even on track", "pacingLifetime")).toBe("On track · $450.00 of $1,000.00");
  expect(cell("even on track", "pacingToday")).toBe("On track · $50.00 of $100.00");
  expect(cell("even ahead", "pacingLifetime")).toBe("Over-pacing · $315.00 of $500.00");
  expect(cell("asap", "pacingLifetime")).toBe("On track · $100.00 of $800.00");
  expect(cell("no budget", "pacingToday")).toBe("No budget · $7.00 spent");
  expect(cell("not started", "pacingLifetime")).toBe("Not started · $0.00 of $100.00");
  expect(cell("ended", "pacingLifetime")).toBe("Ended · $290.00 of $300.00");
  expect(cell("ended", "pacingToday")).toBe("Ended · $0.00 of $50.00");
  expect(cell("never ending", "pacingToday")).toBe("On track · $12.00 of $30.00");

  await db.userSettings.create({ data: { userId: ctx.userId, timezoneId: KOLKATA } });
  const kolkata = await loadListView(ctx, "strategy", q("size=10&sort=name"), { now: NOW });
  // Today in Kolkata began at 18:30 UTC on the 4th: the 23:00 hour is today's.
  expect(kolkata.rows.find((r) => r.cells.name === "even ahead")?.cells.pacingToday).toBe("Over-pacing · $315.00 of $20.00");
  expect(strategies).toHaveLength(7);
  // Today's spend ends at the current hour: read from hours, it registers no boundary hour for 13:00 UTC.
  expect((await db.deliveryBoundary.findMany()).map((b) => b.boundaryHour)).not.toContain(13);
});

test.each([
  ["UTC", null],
  ["Asia/Kolkata", KOLKATA],
] as const)("sorting by either pacing column in SQL gives the order of the cells' ratios, page after page (%s)", async (iana, timezoneId) => {
  const { ctx, strategies, campaign, other } = await world();
  if (timezoneId) await db.userSettings.create({ data: { userId: ctx.userId, timezoneId } });
  const day = todayIn(iana, NOW);
  const todayStart = localMidnight(day, iana);
  const hours = await db.deliveryStrategyHourly.findMany({ select: { strategyId: true, campaignId: true, hour: true, revenue: true, cost: true } });
  const spentOf = (match: (h: (typeof hours)[number]) => boolean, column: "revenue" | "cost") => {
    const ofToday = hours.filter((h) => match(h) && h.hour.getTime() + 3_600_000 > todayStart.getTime() + 1 && h.hour < NOW);
    const all = hours.filter((h) => match(h) && h.hour < NOW);
    const sum = (rows: typeof hours) => rows.reduce((n, h) => n + Number(h[column]), 0).toString();
    return { lifetime: sum(all), daily: sum(ofToday.filter((h) => h.hour.getTime() >= Math.ceil(todayStart.getTime() / 3_600_000) * 3_600_000)) };
  };
  const strategySubjects = await db.strategy.findMany({ where: { id: { in: strategies.map((s) => s.id) } } });
  const subjects = strategySubjects.map((s) => ({ id: s.id, subject: strategyPacingSubject(s), spent: spentOf((h) => h.strategyId === s.id, "revenue") }));
  for (const key of ["lifetime", "daily"] as const) {
    for (const desc of [true, false]) {
      const sort = `${desc ? "-" : ""}${key === "lifetime" ? "pacingLifetime" : "pacingToday"}`;
      expect([sort, await pagesOf(ctx, "strategy", sort)]).toEqual([sort, pacingOrder(subjects, iana, key, desc)]);
    }
  }
  const campaigns = await db.campaign.findMany({ where: { id: { in: [campaign.id, other.id] } } });
  const campaignSubjects = campaigns.map((c) => ({ id: c.id, subject: campaignPacingSubject(c), spent: spentOf((h) => h.campaignId === c.id, "cost") }));
  expect(await pagesOf(ctx, "campaign", "-pacingLifetime")).toEqual(pacingOrder(campaignSubjects, iana, "lifetime", true));
});

test("read-only users see no pacing column and cannot sort by one", async () => {
  const { licensee } = await world();
  const user = await f.makeUser(`ro-pacing-list-${licensee.id}@t.test`, [{ licenseeId: licensee.id, role: "RO" }]);
  const ro = await f.ctxFor(user.id, licensee.id);
  for (const entity of ["campaign", "strategy"]) {
    const view = await loadListView(ro, entity, q("sort=-pacingLifetime"), { now: NOW });
    expect(view.columns.map((c) => c.id)).not.toContain("pacingLifetime");
    expect(view.state.sort?.field).not.toBe("pacingLifetime");
  }
});
