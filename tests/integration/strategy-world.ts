// A licensee with what a strategy names (campaign, pixel, creatives, a set, an
// audience) and the wizard's values for it, shared by tests/integration/strategy-*.test.ts.
import { tenantDb } from "@/lib/data/tenant-db";
import type { StrategyFormInput } from "@/lib/strategies/form";
import * as f from "../helpers/factories";

export const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

export async function strategyWorld(campaignOverrides: Record<string, unknown> = {}) {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id, { currencyCode: "EUR" });
  const campaign = await f.makeCampaign(advertiser, { objective: "MOBILE_APP_INSTALLS", ...campaignOverrides });
  const pixel = await f.makePixel(advertiser, { name: "Install pixel" });
  const creative = await f.makeCreative(advertiser, { name: "Banner 300x250", type: "IMAGE" });
  const ctvCreative = await f.makeCreative(advertiser, { name: "TV spot", type: "CTV_VIDEO", width: 1920, height: 1080 });
  const set = await f.makeCreativeSet(advertiser, { name: "Banners", type: "IMAGE" });
  const audience = await f.makeAudience(advertiser, { name: "Cart abandoners", source: "MOBILE" });
  // ctx and db: what a strategy action hands its mutations (lib/actions/define-action.ts ActionScope).
  return { licensee, ctx, db: tenantDb(ctx), advertiser, campaign, pixel, creative, ctvCreative, set, audience };
}
export type World = Awaited<ReturnType<typeof strategyWorld>>;

/** The wizard's values as the browser sends them: text as typed, times as epoch seconds. */
export function strategyInput(w: Pick<World, "campaign" | "pixel" | "creative" | "set" | "audience">, overrides: Record<string, unknown> = {}): StrategyFormInput {
  return {
    campaignId: w.campaign.id, name: "Prospecting EU", type: "MULTI_DEVICE", startTime: inDays(1), endTime: inDays(30),
    pixelIds: [w.pixel.id], trackingParameter: "utm_source=dsp", skadOptimised: false, skOverlayPosition: null,
    campaignFcap: false, fcapFrequency: "3", fcapInterval: "24", lifetimeUserFcap: "10",
    rtbAggregators: { targetList: [], blockedList: [] }, targetAndroidCategories: ["Games"], targetIosCategories: [],
    targetOnlyPublishedApp: true, targetAppRatings: "3+", auctionTypeTargeting: "FIRST_PRICE",
    targetDays: { daypart: [{ day: "MONDAY", hours: [6, 7, 8, 9] }] },
    targetGeographies: {
      country: { targetList: ["DE", "FR"], blockedList: [] }, state: { targetList: [], blockedList: ["DE-BY"] },
      city: { targetList: ["DE-BE:Berlin"], blockedList: [] }, customGeoTargeting: false,
    },
    targetAppSegments: { targetedSegments: [w.audience.id], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" },
    consentType: 1, genderTargeting: [2], ageGroupTargeting: { minAge: 18, maxAge: 44 },
    placements: [{ id: 3, name: "Mobile Apps" }], targetMobileDevices: { targetOperatingSystems: ["Android", "iOS"], targetDeviceTypes: [3] },
    pricingType: "CPM", pricingValue: "4.20", bidPercentage: "80", bidCapMin: "0", bidCapMax: "-1", budgetValue: "30000",
    dailyAdvSpendBudget: "1234.56", pacingTypeId: 6, pacingBudgetValue: "", isBargainerActive: true, deltaMediaBudget: "",
    spillover: false, boostBidPrice: "", cpaTarget: "12.5",
    creativeIds: [w.creative.id], creativeSetIds: [w.set.id],
    ...overrides,
  } as StrategyFormInput;
}
