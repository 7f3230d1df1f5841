// A campaign's pacing on its details page: media spend of its schedule and of
// the reader's today against the lifetime and daily budgets (formula cases in
// lib/delivery/pacing.test.ts); a role that may not see cost gets none.
import { db } from "@/lib/db";
import { loadCampaignPacing } from "@/lib/campaigns/pacing";
import { getCampaignOrThrow } from "@/lib/campaigns/queries";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2030-01-05T12:00:00Z"); // 4.5 days into a 10-day schedule, noon UTC

async function campaignWithSpend(spend: Array<[hour: string, cost: string]>) {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser, {
    startTime: new Date("2030-01-01T00:00:00Z"),
    endTime: new Date("2030-01-11T00:00:00Z"),
    lifetimeBudget: "1000",
    dailyBudget: "100",
  });
  const strategy = await f.makeStrategy(campaign);
  for (const [hour, cost] of spend) {
    await db.deliveryStrategyHourly.create({
      data: { hour: new Date(hour), licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, strategyId: strategy.id, cost, revenue: cost },
    });
  }
  return { ctx, licensee, campaign: await getCampaignOrThrow(ctx, campaign.id) };
}

test("lifetime and today's spend against the budgets, cut at the reader's midnight", async () => {
  const { ctx, campaign } = await campaignWithSpend([
    ["2030-01-02T10:00:00Z", "200"],
    ["2030-01-04T23:00:00Z", "200.5"], // yesterday in UTC, today in Asia/Kolkata (04:30 on the 5th)
    ["2030-01-05T08:00:00Z", "49.5"],
    ["2030-01-05T13:00:00Z", "999"], // after now: not spent yet
  ]);
  const utc = await loadCampaignPacing(ctx, campaign, "UTC", NOW);
  // 4.5 of 10 days gone: 450 expected, 450 spent.
  expect(utc?.lifetime).toMatchObject({ status: "ON_TRACK", spent: "450", expected: "450.000000", percentOfBudget: "45.00" });
  // Half of today gone: 50 expected of 100; 49.5 spent.
  expect(utc?.daily).toMatchObject({ status: "ON_TRACK", spent: "49.5", expected: "50.000000" });

  const kolkata = await loadCampaignPacing(ctx, campaign, "Asia/Kolkata", NOW);
  // Today in Kolkata began at 18:30 UTC on the 4th: the 23:00 hour counts, 250 spent, 17.5 of 24 hours gone.
  expect(kolkata?.daily).toMatchObject({ status: "OVER", spent: "250" });
});

test("read-only users, who may not see cost, get no pacing", async () => {
  const { licensee, campaign } = await campaignWithSpend([]);
  const user = await f.makeUser(`ro-pacing-${licensee.id}@t.test`, [{ licenseeId: licensee.id, role: "RO" }]);
  expect(await loadCampaignPacing(await f.ctxFor(user.id, licensee.id), campaign, "UTC", NOW)).toBeNull();
});
