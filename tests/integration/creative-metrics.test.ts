// Delivery metrics of creatives and creative sets (lib/metrics/creative-metrics.ts),
// read from the facts: per-entity values, the totals row, the order by a
// metric in SQL, the range cut at the reader's midnight, and no other
// licensee's ids or delivery.
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { LICENSEE_PARAM } from "@/lib/data/tenant-db";
import {
  creativeCurrencies,
  creativeIdsByMetric,
  creativeMetricsByEntity,
  creativeMetricTotals,
} from "@/lib/metrics/creative-metrics";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const UTC = 805;
const KOLKATA = 44;
const MARCH = { from: "2024-03-01", to: "2024-03-31", timezoneId: UTC };

async function world() {
  await f.makeUtcTimezone();
  await db.timezone.create({ data: { id: KOLKATA, name: "India", ianaName: "Asia/Kolkata" } });
  const t = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(t.licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  const [c1, c2, c3] = [await f.makeCreative(advertiser, { name: "C1" }), await f.makeCreative(advertiser, { name: "C2" }), await f.makeCreative(advertiser, { name: "C3" })];
  const setA = await f.makeCreativeSet(advertiser, { name: "A" });
  const setB = await f.makeCreativeSet(advertiser, { name: "B" });
  await db.creativeSetCreative.createMany({ data: [{ creativeSetId: setA.id, creativeId: c1.id }, { creativeSetId: setA.id, creativeId: c2.id }, { creativeSetId: setB.id, creativeId: c3.id }] });
  let site = 0;
  const deliver = (creativeId: number, hour: string, impressions: number, clicks: number, revenue: string) =>
    db.deliveryHourly.create({
      data: {
        hour: new Date(hour), licenseeId: t.licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, strategyId: strategy.id,
        creativeId, country: String(++site).padStart(2, "0").slice(-2), impressions: BigInt(impressions), clicks: BigInt(clicks), revenue,
      },
    });
  await deliver(c1.id, "2024-03-02T10:00:00Z", 1000, 10, "5.000001");
  await deliver(c1.id, "2024-03-03T10:00:00Z", 1000, 30, "5");
  await deliver(c2.id, "2024-03-02T11:00:00Z", 100, 20, "1.5");
  // 20:00 UTC on 31 March: still March in UTC, 1 April in Asia/Kolkata.
  await deliver(c3.id, "2024-03-31T20:00:00Z", 500, 1, "2");
  // Outside the range.
  await deliver(c3.id, "2024-04-02T10:00:00Z", 9999, 999, "99");
  return { ...t, c1, c2, c3, setA, setB };
}

const ids = (...list: number[]) => Prisma.sql`SELECT unnest(${list.map(String)}::text[]::int[])`;

test("per creative and per set: the sums of the facts of the range, ratios from them", async () => {
  const w = await world();
  const byCreative = await creativeMetricsByEntity(w.ctx, { level: "creative", ids: [w.c1.id, w.c2.id, w.c3.id], range: MARCH, metricIds: ["impressions", "clicks", "ctr", "revenue"] });
  expect(byCreative.get(w.c1.id)).toMatchObject({ impressions: 2000, clicks: 40, ctr: 2 });
  expect(byCreative.get(w.c1.id)!.revenue).toBeCloseTo(10.000001, 6);
  expect(byCreative.get(w.c3.id)).toMatchObject({ impressions: 500, clicks: 1 });
  const bySet = await creativeMetricsByEntity(w.ctx, { level: "creative_set", ids: [w.setA.id, w.setB.id], range: MARCH, metricIds: ["impressions", "clicks"] });
  expect(bySet.get(w.setA.id)).toMatchObject({ impressions: 2100, clicks: 60 });
  expect(bySet.get(w.setB.id)).toMatchObject({ impressions: 500, clicks: 1 });
});

test("days are cut at the reader's midnight: 20:00 UTC on 31 March belongs to 1 April in Asia/Kolkata", async () => {
  const w = await world();
  const kolkata = { ...MARCH, timezoneId: KOLKATA };
  const m = await creativeMetricsByEntity(w.ctx, { level: "creative", ids: [w.c3.id], range: kolkata, metricIds: ["impressions"] });
  expect(m.get(w.c3.id)).toMatchObject({ impressions: 0 });
});

test("totals row and currencies over a list's ids", async () => {
  const w = await world();
  const totals = await creativeMetricTotals(w.ctx, { level: "creative", idsSql: ids(w.c1.id, w.c2.id), range: MARCH, metricIds: ["impressions", "clicks", "ctr"] });
  expect(totals).toMatchObject({ impressions: 2100, clicks: 60 });
  expect(totals.ctr).toBeCloseTo((60 / 2100) * 100, 6);
  expect(await creativeCurrencies(w.ctx, "creative_set", ids(w.setA.id, w.setB.id))).toEqual(["USD"]);
});

test("order by a metric in SQL: highest first, entities without delivery last, ties by id; pages with LIMIT", async () => {
  const w = await world();
  const c4 = await f.makeCreative({ id: w.c1.advertiserId, licenseeId: w.licensee.id }, { name: "C4 (no delivery)" });
  const all = ids(w.c1.id, w.c2.id, w.c3.id, c4.id);
  const order = (metricId: string, desc: boolean, skip = 0, take = 10) =>
    creativeIdsByMetric(w.ctx, { level: "creative", idsSql: all, range: MARCH, metricId, desc, skip, take });
  expect(await order("impressions", true)).toEqual([w.c1.id, w.c3.id, w.c2.id, c4.id]);
  expect(await order("ctr", true)).toEqual([w.c2.id, w.c1.id, w.c3.id, c4.id]);
  expect(await order("ctr", false)).toEqual([w.c3.id, w.c1.id, w.c2.id, c4.id]);
  expect(await order("impressions", true, 1, 2)).toEqual([w.c3.id, w.c2.id]);
});

test("another licensee's creatives get no values and their delivery is never summed", async () => {
  const w = await world();
  const other = await f.makeTenant();
  const otherIds = ids(w.c1.id, w.c2.id);
  const m = await creativeMetricsByEntity(other.ctx, { level: "creative", ids: [w.c1.id], range: MARCH, metricIds: ["impressions"] });
  expect(m.size).toBe(0);
  expect(await creativeMetricTotals(other.ctx, { level: "creative", idsSql: otherIds, range: MARCH, metricIds: ["impressions"] })).toMatchObject({ impressions: 0 });
  const own = Prisma.sql`SELECT id FROM "Creative" WHERE "licenseeId" = ${LICENSEE_PARAM}`;
  expect(await creativeIdsByMetric(other.ctx, { level: "creative", idsSql: own, range: MARCH, metricId: "impressions", desc: true, skip: 0, take: 10 })).toEqual([]);
});
