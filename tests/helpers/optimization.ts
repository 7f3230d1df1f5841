// Fixtures of the optimization rule tests: a tenant with one strategy that
// delivers on dictionary apps, hour by hour, and apps made on demand.
import { db } from "@/lib/db";
import * as f from "./factories";

let appSeq = 0;
/** A new Android app of the dictionary (named `name`, else "App n"). */
export function makeApp(name?: string) {
  appSeq++;
  return db.inventoryApp.create({ data: { name: name ?? `App ${appSeq}`, packageName: `com.example.app${appSeq}`, platform: "ANDROID" } });
}

/** A tenant of `role` with an advertiser, campaign, strategy ("Android installs" unless named) and creative; `deliver` writes one app-hour. */
export async function strategyWithDelivery(role: "RW" | "RO" | "DEMO" = "RW", strategyName = "Android installs") {
  const t = await f.makeTenant(role);
  const advertiser = await f.makeAdvertiser(t.licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign, { name: strategyName });
  const creative = await f.makeCreative(advertiser);
  const deliver = (appId: number, hour: Date, m: { revenue: string; impressions?: number; installs?: number }) =>
    db.deliveryHourly.create({
      data: {
        hour,
        licenseeId: t.licensee.id,
        advertiserId: advertiser.id,
        campaignId: campaign.id,
        strategyId: strategy.id,
        creativeId: creative.id,
        appId,
        revenue: m.revenue,
        impressions: BigInt(m.impressions ?? 0),
        installs: BigInt(m.installs ?? 0),
      },
    });
  return { ...t, advertiser, campaign, strategy, deliver };
}
