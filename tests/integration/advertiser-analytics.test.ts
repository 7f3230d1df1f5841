// ANALYTICS tab of an advertiser (business.md 2): the campaign table is a list,
// so archived campaigns are left out (business.md 7), while the headline totals
// and the daily chart keep counting their delivery (it still happened).
import { db } from "@/lib/db";
import { ForbiddenError } from "@/lib/errors";
import { loadAdvertiserAnalytics } from "@/lib/advertisers/analytics";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const RANGE = f.MARCH_2024_UTC;

async function world() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(tenant.licensee.id);
  const live = await f.makeCampaign(advertiser, { name: "Live campaign" });
  const archived = await f.makeCampaign(advertiser, { name: "Archived campaign", active: false, isArchived: true });
  await f.deliverStrategyHour(await f.makeStrategy(live), "2024-03-05T10:00:00Z", { impressions: 100, revenue: "10" });
  await f.deliverStrategyHour(await f.makeStrategy(archived, { active: false, isArchived: true }), "2024-03-06T10:00:00Z", { impressions: 40, revenue: "30" });
  return { ...tenant, advertiser, live, archived };
}

test("an archived campaign has no row in the campaign table, but its delivery stays in the totals and chart", async () => {
  const { ctx, advertiser, live } = await world();

  const analytics = await loadAdvertiserAnalytics(ctx, advertiser.id, RANGE);

  // The archived campaign spent more, so without the filter it would be listed first.
  expect(analytics.campaigns.map((c) => [c.id, c.name])).toEqual([[live.id, "Live campaign"]]);
  expect(analytics.campaigns[0].values).toMatchObject({ impressions: 100, revenue: 10 });
  const tile = (id: string) => analytics.tiles.find((t) => t.id === id)?.value;
  expect(tile("impressions")).toBe(140);
  expect(tile("revenue")).toBe(40);
  const days = Object.fromEntries(analytics.daily.map((d) => [d.day, d.values.impressions]));
  expect(days["2024-03-05"]).toBe(100);
  expect(days["2024-03-06"]).toBe(40);
});

test("un-archived, the same campaign is listed (the filter is what hides it)", async () => {
  const { ctx, advertiser, live, archived } = await world();
  await db.campaign.update({ where: { id: archived.id }, data: { isArchived: false } });

  const analytics = await loadAdvertiserAnalytics(ctx, advertiser.id, RANGE);

  expect(analytics.campaigns.map((c) => c.id)).toEqual([archived.id, live.id]);
});

test("a demo user is refused analytics on the server", async () => {
  const { licensee } = await world();
  const demo = await f.makeUser("demo.analytics@example.com", [{ licenseeId: licensee.id, role: "DEMO" }]);
  const ctx = await f.ctxFor(demo.id, licensee.id);
  const advertiser = await db.advertiser.findFirstOrThrow({ where: { licenseeId: licensee.id } });
  await expect(loadAdvertiserAnalytics(ctx, advertiser.id, RANGE)).rejects.toBeInstanceOf(ForbiddenError);
});
