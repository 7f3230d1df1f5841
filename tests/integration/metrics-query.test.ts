// Metric reads over a handful of hand-made rollup rows: exact sums and
// ratios, day grouping per timezone, licensee isolation and read-only filtering.
import { db } from "@/lib/db";
import { metricsByEntity, metricsDaily, metricTotals, type DateRange } from "@/lib/metrics/query";
import { METRICS } from "@/lib/metrics/catalogue";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeAdvertiser, makeCampaign, makeStrategy, makeTenant, makeUser } from "../helpers/factories";

useTestDatabase();

const ALL = METRICS.map((m) => m.id);
const UTC = 805;
const NEW_YORK = 804;
const KOLKATA = 814;

async function timezones() {
  await db.timezone.createMany({
    data: [
      { id: UTC, name: "UTC", ianaName: "UTC" },
      { id: NEW_YORK, name: "(GMT-05:00) America/New_York", ianaName: "America/New_York" },
      { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
    ],
  });
}

type Strat = { id: number; licenseeId: number; advertiserId: number; campaignId: number };

async function deliver(s: Strat, hour: string, v: Record<string, number | string>) {
  await db.deliveryStrategyHourly.create({
    data: { hour: new Date(hour), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, ...v },
  });
}

async function world() {
  await timezones();
  const a = await makeTenant("RW", "a");
  const a1 = await makeAdvertiser(a.licensee.id);
  const a2 = await makeAdvertiser(a.licensee.id);
  const a3 = await makeAdvertiser(a.licensee.id); // no delivery at all
  const c1 = await makeCampaign(a1);
  const c2 = await makeCampaign(a2);
  const s1 = await makeStrategy(c1);
  const s2 = await makeStrategy(c1);
  const s3 = await makeStrategy(c2);
  // Around the 2024 US DST switch (10 March, 07:00 UTC); New York is UTC-5 before, UTC-4 after.
  await deliver(s1, "2024-03-10T02:00:00Z", { impressions: 1000, clicks: 10, installs: 2, conversions: 1, revenue: "5.5", cost: "3.25", advRevenue: "11" }); // r1 NY: 9th 21:00
  await deliver(s1, "2024-03-10T04:00:00Z", { impressions: 9, revenue: "0.01", cost: "0.005" }); // r3 NY: 9th 23:00
  await deliver(s1, "2024-03-10T12:00:00Z", { impressions: 500, clicks: 5, conversions: 1, revenue: "2.25", cost: "1.5" }); // r2 NY: 10th 08:00
  await deliver(s2, "2024-03-11T03:00:00Z", { impressions: 300, clicks: 3, installs: 1, revenue: "1", cost: "0.75" }); // r4 NY: 10th 23:00
  await deliver(s3, "2024-03-11T23:00:00Z", { impressions: 200, revenue: "0.5", cost: "0.5" }); // r5 NY: 11th 19:00
  await deliver(s3, "2024-03-12T03:00:00Z", { impressions: 50, clicks: 1, revenue: "0.2", cost: "0.1" }); // r6 NY: 11th 23:00
  await deliver(s3, "2024-03-12T04:00:00Z", { impressions: 7, revenue: "0.07", cost: "0.07" }); // r7 NY: 12th 00:00

  const b = await makeTenant("RW", "b");
  const b1 = await makeAdvertiser(b.licensee.id);
  const cb = await makeCampaign(b1);
  const sb = await makeStrategy(cb);
  await deliver(sb, "2024-03-10T12:00:00Z", { impressions: 99999, clicks: 999, revenue: "1000", cost: "900" });

  const roUser = await makeUser("ro@a.example.com", [{ licenseeId: a.licensee.id, role: "RO" }]);
  const ro = await ctxFor(roUser.id, a.licensee.id);
  return { a: a.ctx, ro, a1, a2, a3, c1, c2, s1, s2, s3, b: b.ctx, b1, cb, sb };
}

const utc: DateRange = { from: "2024-03-10", to: "2024-03-11", timezoneId: UTC };
const ny: DateRange = { from: "2024-03-10", to: "2024-03-11", timezoneId: NEW_YORK };

describe("metricTotals", () => {
  test("licensee totals are the exact sums of its rows in the UTC range (r1-r5), with ratios", async () => {
    const w = await world();
    const t = await metricTotals(w.a, { level: "licensee", range: utc, metricIds: ALL });
    expect(t).toMatchObject({ impressions: 2009, clicks: 18, installs: 3, conversions: 2, revenue: 9.26, cost: 6.005, advRevenue: 11 });
    expect(t.ctr).toBeCloseTo((18 / 2009) * 100, 10);
    expect(t.margin).toBeCloseTo((3.255 / 9.26) * 100, 10);
    expect(t.ecpm).toBeCloseTo((6.005 / 2009) * 1000, 10);
    expect(t.ecpa).toBe(3.0025); // 6.005 / 2, exact in decimal
    expect(t.cpr).toBe(1.201); // 6.005 / (3 + 2 + 0)
    expect(t.roi).toBeCloseTo(11 / 9.26, 10);
    expect(t.ecpo).toBeNull(); // no app opens
  });

  test("totals of one advertiser, campaign and strategy", async () => {
    const w = await world();
    const ids = ["impressions", "revenue", "cost"];
    expect(await metricTotals(w.a, { level: "advertiser", id: w.a1.id, range: utc, metricIds: ids })).toEqual({ impressions: 1809, revenue: 8.76, cost: 5.505 });
    expect(await metricTotals(w.a, { level: "campaign", id: w.c2.id, range: utc, metricIds: ids })).toEqual({ impressions: 200, revenue: 0.5, cost: 0.5 });
    expect(await metricTotals(w.a, { level: "strategy", id: w.s1.id, range: utc, metricIds: ids })).toEqual({ impressions: 1509, revenue: 7.76, cost: 4.755 });
  });

  test("in America/New_York the range is local midnight to local midnight (r2, r4, r5, r6)", async () => {
    const w = await world();
    expect(await metricTotals(w.a, { level: "licensee", range: ny, metricIds: ["impressions", "revenue"] })).toEqual({ impressions: 1050, revenue: 3.95 });
  });
});

describe("metricsByEntity", () => {
  test("per strategy, advertiser and campaign; entities without delivery get zeros and null ratios", async () => {
    const w = await world();
    const ids = ["impressions", "clicks", "cost", "ctr", "ecpc"];
    const byStrategy = await metricsByEntity(w.a, { level: "strategy", range: utc, metricIds: ids });
    expect([...byStrategy.keys()].sort((x, y) => x - y)).toEqual([w.s1.id, w.s2.id, w.s3.id]);
    expect(byStrategy.get(w.s1.id)).toEqual({ impressions: 1509, clicks: 15, cost: 4.755, ctr: expect.closeTo((15 / 1509) * 100, 10), ecpc: 0.317 });
    expect(byStrategy.get(w.s3.id)).toEqual({ impressions: 200, clicks: 0, cost: 0.5, ctr: 0, ecpc: null });

    const byAdvertiser = await metricsByEntity(w.a, { level: "advertiser", range: utc, metricIds: ids });
    expect(byAdvertiser.get(w.a1.id)?.impressions).toBe(1809);
    expect(byAdvertiser.get(w.a2.id)?.impressions).toBe(200);
    expect(byAdvertiser.get(w.a3.id)).toEqual({ impressions: 0, clicks: 0, cost: 0, ctr: null, ecpc: null });

    const byCampaign = await metricsByEntity(w.a, { level: "campaign", ids: [w.c2.id], range: ny, metricIds: ["impressions"] });
    expect([...byCampaign.entries()]).toEqual([[w.c2.id, { impressions: 250 }]]);
  });
});

describe("metricsDaily", () => {
  test("every day of the range is present, zero-filled, grouped by UTC day", async () => {
    const w = await world();
    const days = await metricsDaily(w.a, { level: "licensee", range: { ...utc, from: "2024-03-09" }, metricIds: ["impressions", "ctr"] });
    expect(days).toEqual([
      { day: "2024-03-09", values: { impressions: 0, ctr: null } },
      { day: "2024-03-10", values: { impressions: 1509, ctr: expect.closeTo((15 / 1509) * 100, 10) } },
      { day: "2024-03-11", values: { impressions: 500, ctr: 0.6 } }, // 3 / 500 x 100
    ]);
  });

  test("the same rows fall on different days in America/New_York (hours near midnight)", async () => {
    const w = await world();
    const days = await metricsDaily(w.a, { level: "licensee", range: ny, metricIds: ["impressions"] });
    expect(days).toEqual([
      { day: "2024-03-10", values: { impressions: 800 } }, // r2 + r4 (03:00 UTC on the 11th is 23:00 on the 10th)
      { day: "2024-03-11", values: { impressions: 250 } }, // r5 + r6
    ]);
    const s3 = await metricsDaily(w.a, { level: "strategy", id: w.s3.id, range: ny, metricIds: ["impressions"] });
    expect(s3.map((d) => d.values.impressions)).toEqual([0, 250]);
  });

  test("half-hour zones: an hour bucket counts for the local day in which it starts", async () => {
    await timezones();
    const t = await makeTenant("RW", "k");
    const s = await makeStrategy(await makeCampaign(await makeAdvertiser(t.licensee.id)));
    await deliver(s, "2024-03-10T18:00:00Z", { impressions: 1 }); // 23:30-00:30 IST: the 10th
    await deliver(s, "2024-03-10T19:00:00Z", { impressions: 2 }); // 00:30 IST: the 11th
    const days = await metricsDaily(t.ctx, { level: "licensee", range: { from: "2024-03-10", to: "2024-03-11", timezoneId: KOLKATA }, metricIds: ["impressions"] });
    expect(days.map((d) => d.values.impressions)).toEqual([1, 2]);
    const inUtc = await metricsDaily(t.ctx, { level: "licensee", range: { from: "2024-03-10", to: "2024-03-11", timezoneId: UTC }, metricIds: ["impressions"] });
    expect(inUtc.map((d) => d.values.impressions)).toEqual([3, 0]);
  });
});

describe("isolation and roles", () => {
  test("a licensee never sees another licensee's delivery", async () => {
    const w = await world();
    expect((await metricTotals(w.b, { level: "licensee", range: utc, metricIds: ["impressions"] })).impressions).toBe(99999);
    // A's session asking for B's entities by id: nothing of B's delivery comes back.
    expect((await metricTotals(w.a, { level: "strategy", id: w.sb.id, range: utc, metricIds: ["impressions"] })).impressions).toBe(0);
    expect((await metricTotals(w.a, { level: "advertiser", id: w.b1.id, range: utc, metricIds: ["impressions"] })).impressions).toBe(0);
    const daily = await metricsDaily(w.a, { level: "campaign", id: w.cb.id, range: utc, metricIds: ["impressions"] });
    expect(daily.every((d) => d.values.impressions === 0)).toBe(true);
    const byAdvertiser = await metricsByEntity(w.a, { level: "advertiser", ids: [w.b1.id, w.a1.id], range: utc, metricIds: ["impressions"] });
    expect([...byAdvertiser.keys()]).toEqual([w.a1.id]);
    const all = await metricsByEntity(w.a, { level: "strategy", range: utc, metricIds: ["impressions"] });
    expect(all.has(w.sb.id)).toBe(false);
  });

  test("read-only users never receive cost, margin, eCPx, invalid clicks, unique users or CPR (keys absent)", async () => {
    const w = await world();
    const hidden = ["cost", "margin", "ecpm", "ecpc", "ecpi", "ecpa", "ecpo", "invalidClicks", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "cpr"];
    const totals = await metricTotals(w.ro, { level: "licensee", range: utc, metricIds: ALL });
    const byStrategy = await metricsByEntity(w.ro, { level: "strategy", range: utc, metricIds: ALL });
    const daily = await metricsDaily(w.ro, { level: "licensee", range: utc, metricIds: ALL });
    for (const values of [totals, ...byStrategy.values(), ...daily.map((d) => d.values)]) {
      for (const id of hidden) expect(Object.keys(values)).not.toContain(id);
      expect(values).toHaveProperty("revenue");
    }
    expect(totals.impressions).toBe(2009);
    const rw = await metricTotals(w.a, { level: "licensee", range: utc, metricIds: ["cost", "margin"] });
    expect(Object.keys(rw)).toEqual(["cost", "margin"]);
  });

  test("invalid ranges and missing entity ids are refused", async () => {
    const w = await world();
    await expect(metricTotals(w.a, { level: "licensee", range: { from: "2024-03-12", to: "2024-03-10", timezoneId: UTC }, metricIds: ["impressions"] })).rejects.toThrow(RangeError);
    await expect(metricTotals(w.a, { level: "licensee", range: { from: "10/03/2024", to: "2024-03-10", timezoneId: UTC }, metricIds: ["impressions"] })).rejects.toThrow(RangeError);
    await expect(metricTotals(w.a, { level: "strategy", range: utc, metricIds: ["impressions"] })).rejects.toThrow(RangeError);
  });
});
