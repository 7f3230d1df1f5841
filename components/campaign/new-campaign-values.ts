// The values a new campaign's form starts from. Client-safe, so the route
// and the component tests start from the same values.
import { NEVER_ENDING, START_IMMEDIATELY, type CampaignFormInput } from "@/lib/campaigns/schema";

/** A new campaign's form: starts immediately, never ends, no caps or budgets (blank is unlimited), pacing off. */
export function newCampaignFormValues(advertiserId: number | null): Required<CampaignFormInput> {
  return {
    advertiserId,
    name: "",
    objective: "",
    isRetargeting: false,
    pixelId: null,
    startTime: START_IMMEDIATELY,
    endTime: NEVER_ENDING,
    pricingType: "",
    pricingValue: "",
    lifetimeBudget: "",
    lifetimeDeliveryCap: "",
    dailyBudget: "",
    deltaDaily: "",
    dailyDeliveryCap: "",
    dailyAdvSpendBudget: "",
    dailyFcap: "",
    dailyFcapHours: "",
    lifetimeUserFcap: "",
    attributionRatio: "",
    cpaTarget: "",
    cpiTarget: "",
    roiTarget: "",
    budgetPacing: false,
    pacingOption: null,
    budgetSpends: null,
    coolingPeriod: null,
    placeboAds: false,
    skadTarget: false,
    incrementalityTest: false,
  };
}
