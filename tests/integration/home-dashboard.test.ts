// Home dashboard (shell.md 4: lists exclude archived items): an archived
// advertiser or campaign is not ranked among the top ones, while its delivery
// still counts in the headline tiles (it happened).
import { loadHomeDashboard } from "@/lib/metrics/home";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const RANGE = f.MARCH_2024_UTC;

async function world() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  const live = await f.makeAdvertiser(tenant.licensee.id, { name: "Live advertiser" });
  const gone = await f.makeAdvertiser(tenant.licensee.id, { name: "Archived advertiser", active: false, isArchived: true });
  const liveCampaign = await f.makeCampaign(live, { name: "Live campaign" });
  const archivedCampaign = await f.makeCampaign(live, { name: "Archived campaign", active: false, isArchived: true });
  const goneCampaign = await f.makeCampaign(gone, { name: "Campaign of the archived advertiser", active: false, isArchived: true });
  await f.deliverStrategyHour(await f.makeStrategy(liveCampaign), "2024-03-05T10:00:00Z", { impressions: 100, revenue: "10" });
  await f.deliverStrategyHour(await f.makeStrategy(archivedCampaign, { active: false, isArchived: true }), "2024-03-05T10:00:00Z", { impressions: 50, revenue: "20" });
  await f.deliverStrategyHour(await f.makeStrategy(goneCampaign, { active: false, isArchived: true }), "2024-03-05T10:00:00Z", { impressions: 25, revenue: "30" });
  return { ...tenant, live, liveCampaign };
}

test("archived advertisers and campaigns are not among the top ones, but count in the tiles", async () => {
  const { ctx, live, liveCampaign } = await world();

  const home = await loadHomeDashboard(ctx, RANGE);

  expect(home.topAdvertisers.map((a) => a.name)).toEqual(["Live advertiser"]);
  expect(home.topAdvertisers[0].id).toBe(live.id);
  expect(home.topCampaigns.map((c) => [c.id, c.name, c.parentName])).toEqual([[liveCampaign.id, "Live campaign", "Live advertiser"]]);
  const tile = (id: string) => home.tiles.find((t) => t.id === id)?.value;
  expect(tile("impressions")).toBe(175);
  expect(tile("revenue")).toBe(60);
});
