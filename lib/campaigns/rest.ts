// The REST resource of campaigns (/api/v1/campaigns): list, get, activate,
// deactivate (the lists' bulk status action). business.md 7 also names create
// and update, which the console does not have yet: they join here when their
// actions exist.
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { bulkStatusOperations } from "../api/resource";
import { advertiserRecord, recordState, viewCount, viewDecimal, viewId, viewTime } from "../api/view-fields";
import { CampaignObjective, PricingType } from "../generated/prisma/enums";

const decimal = viewDecimal.nullable();
const whole = z.number().int().nullable();
const unlimited = { description: "null: unlimited." };

export const CampaignViewSchema = z.object({
  ...advertiserRecord,
  name: z.string(),
  objective: z.enum(CampaignObjective),
  isRetargeting: z.boolean(),
  pixelId: viewId.nullable(),
  startTime: viewTime,
  endTime: viewTime.nullable().meta({ description: "null: never ending." }),
  pricingType: z.enum(PricingType),
  pricingValue: viewDecimal,
  lifetimeBudget: decimal.meta(unlimited),
  lifetimeDeliveryCap: viewCount.nullable(),
  dailyBudget: decimal,
  deltaDaily: decimal,
  dailyDeliveryCap: viewCount.nullable(),
  dailyAdvSpendBudget: decimal.meta(unlimited),
  dailyFcap: whole,
  dailyFcapHours: whole,
  lifetimeUserFcap: whole,
  userFcapDuration: whole.meta({ description: "Seconds." }),
  attributionRatio: decimal,
  cpaTarget: decimal,
  cpiTarget: decimal,
  roiTarget: decimal,
  budgetPacing: z.boolean(),
  flowRate: decimal,
  placeboAds: z.boolean(),
  skadTarget: z.boolean(),
  incrementalityTest: z.boolean(),
  currencyCode: z.string(),
  ...recordState,
});

export const campaignResource = defineResource(["campaign", "campaigns"], CampaignViewSchema, {
  description: "Campaigns of the advertisers.",
  model: (db) => db.campaign,
  sortFields: ["name", "id", "active", "startTime", "endTime", "objective", "pricingType", "createdAt"],
  ...bulkStatusOperations("campaign"),
});
