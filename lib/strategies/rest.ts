// The REST resource of strategies (/api/v1/strategies): list, get, activate,
// deactivate (business.md 7; the lists' bulk status action). A/B test arms are
// not listed on their own (shell.md 7: isAbTestStrategy=false), as in the
// console's list.
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { bulkStatusOperations } from "../api/resource";
import { advertiserRecord, recordState, viewDecimal, viewId, viewJson, viewTime } from "../api/view-fields";
import { PricingType, StrategyType } from "../generated/prisma/enums";

const decimal = viewDecimal.nullable();
const whole = z.number().int().nullable();
const unlimited = { description: "null: unlimited." };

export const StrategyViewSchema = z.object({
  ...advertiserRecord,
  campaignId: viewId,
  name: z.string(),
  type: z.enum(StrategyType),
  startTime: viewTime,
  endTime: viewTime.nullable().meta({ description: "null: never ending." }),
  campaignFcap: z.boolean().meta({ description: "Uses the campaign's frequency cap." }),
  fcapFrequency: whole,
  fcapInterval: whole.meta({ description: "Hours." }),
  lifetimeUserFcap: whole,
  trackingParameter: z.string().nullable(),
  skadOptimised: z.boolean(),
  skOverlayPosition: z.string().nullable(),
  budgetValue: decimal.meta(unlimited),
  dailyAdvSpendBudget: decimal.meta(unlimited),
  pacingBudgetValue: decimal,
  pacingTypeId: z.number().int(),
  pricingType: z.enum(PricingType),
  pricingValue: viewDecimal,
  bidPercentage: decimal,
  bidCapMin: decimal,
  bidCapMax: decimal,
  isBargainerActive: z.boolean(),
  deltaMediaBudget: decimal,
  resetTimeDeltaMediaBudget: viewTime.nullable(),
  spillover: z.boolean(),
  boostBidPrice: decimal,
  isAbTestStrategy: z.boolean(),
  productSelectionPolicy: z.string().nullable(),
  inventory: viewJson,
  targeting: viewJson,
  ...recordState,
});

export const strategyResource = defineResource(["strategy", "strategies"], StrategyViewSchema, {
  description: "Strategies (line items) of the campaigns, with their inventory and targeting.",
  model: (db) => db.strategy,
  sortFields: ["name", "id", "active", "type", "startTime", "endTime", "pricingType", "createdAt"],
  filters: ["advertiserId", "campaignId", "status"],
  where: { isArchived: false, isAbTestStrategy: false },
  ...bulkStatusOperations("strategy"),
});
