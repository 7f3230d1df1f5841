// A list sorted by a metric, and its totals row, read the list's filter as a
// SQL subquery (lib/list/where-sql.ts) instead of loading its ids: they must
// select exactly the rows the list counts and pages with its Prisma filter,
// for every filter the URL can hold; and the totals row sums every matching
// row (all pages), in the rows' one currency.
import { db } from "@/lib/db";
import { loadListView } from "@/lib/entities/lists";
import { listEntity } from "@/lib/entities/lists";
import type { ListFilters } from "@/lib/list/where";
import { todayIn } from "@/lib/user-settings/date-range";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const other = await f.makeTenant();
  const a1 = await f.makeAdvertiser(licensee.id, { name: "Shoes 100% off" });
  const a2 = await f.makeAdvertiser(licensee.id, { name: "Shoes_100", active: false });
  await f.makeAdvertiser(licensee.id, { name: "Archived shoes", isArchived: true });
  const foreign = await f.makeAdvertiser(other.licensee.id, { name: "Shoes of another licensee" });
  const c1 = await f.makeCampaign(a1, { name: "Summer 100% sale" });
  const c2 = await f.makeCampaign(a2, { name: "Winter_a", active: false });
  const c3 = await f.makeCampaign(a1, { name: "Winterxa" });
  await f.makeCampaign(foreign, { name: "Summer foreign" });
  const strategies = [
    await f.makeStrategy(c1, { name: "Prospecting 100%" }),
    await f.makeStrategy(c1, { name: "Retargeting", active: false }),
    await f.makeStrategy(c2, { name: "Prospecting_2" }),
    await f.makeStrategy(c3, { name: "A/B arm", isAbTestStrategy: true }),
    await f.makeStrategy(c3, { name: "Archived", isArchived: true }),
    await f.makeStrategy(c3, { name: "prospecting x" }),
  ];
  for (const [i, s] of strategies.entries()) {
    await db.deliveryStrategyHourly.create({
      data: { hour: f.yesterdayNoon(), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, impressions: BigInt(100 * (i + 1)), revenue: `${i + 1}.25` },
    });
  }
  return { ctx, a1, a2, c1, c2, c3, strategies };
}

const FILTERS = (w: Awaited<ReturnType<typeof world>>): ListFilters[] => {
  const none: ListFilters = { q: "", status: "all", advertiserId: null, campaignId: null };
  return [
    none,
    { ...none, status: "active" },
    { ...none, status: "inactive" },
    { ...none, q: "100%" },
    { ...none, q: "_" },
    { ...none, q: "winter_a" },
    { ...none, q: "PROSPECTING" },
    { ...none, q: String(w.strategies[1].id) },
    { ...none, q: String(w.c3.id) },
    { ...none, advertiserId: w.a1.id },
    { ...none, advertiserId: w.a1.id, campaignId: w.c3.id, status: "active" },
    { ...none, campaignId: w.c1.id, q: "e" },
  ];
};

test.each(["advertiser", "campaign", "strategy"])("the %s list's SQL filter selects exactly the rows its Prisma filter counts", async (key) => {
  const w = await world();
  const adapter = listEntity(key).list.adapter;
  const range = { from: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10), to: todayIn("UTC"), timezoneId: 805 }; // delivery was yesterday
  await f.makeUtcTimezone();
  for (const filters of FILTERS(w)) {
    const expected = (await adapter.ids(w.ctx, filters)).sort((a, b) => a - b);
    const sorted = await adapter.idsByMetric!(w.ctx, { filters, metricId: "impressions", desc: true, range, skip: 0, take: 1000 });
    expect([filters, [...sorted].sort((a, b) => a - b)]).toEqual([filters, expected]);
    expect(await adapter.count(w.ctx, filters)).toBe(expected.length);
  }
});

test("the totals row sums every matching row of every page, and leaves money out across currencies", async () => {
  const w = await world();
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 20, columns: ["impressions", "revenue"] } });
  const page1 = await loadListView(w.ctx, "strategy", new URLSearchParams("size=10&page=1&sort=-impressions&status=active"));
  // Active, listed strategies: 0 (100), 2 (300), 5 (600); not the inactive, the A/B arm or the archived one.
  expect(page1.total).toBe(3);
  expect(page1.totals).toEqual({ impressions: "1.00K", revenue: "$10.75" });
  const small = await loadListView(w.ctx, "strategy", new URLSearchParams("size=10&page=2&sort=name&status=active&q=prospecting"));
  expect(small.totals).toEqual({ impressions: "1.00K", revenue: "$10.75" });

  await db.campaign.update({ where: { id: w.c3.id }, data: { currencyCode: "EUR" } });
  const mixed = await loadListView(w.ctx, "strategy", new URLSearchParams("status=active"));
  expect(mixed.totals).toEqual({ impressions: "1.00K", revenue: "Mixed currencies" });
  const empty = await loadListView(w.ctx, "strategy", new URLSearchParams("q=nothing-matches"));
  expect(empty.totals).toBeNull();
});
