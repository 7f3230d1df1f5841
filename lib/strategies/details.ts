// The shapes a stored strategy takes outside the database: its details (plain
// JSON: money as exact decimal text, times as ISO text, the ids it is
// associated with; also the REST view) and the values its wizard (and a REST
// PATCH) starts from. Free of server-only imports, so the seed (plain Node)
// saves its demo template the way the console does.
import type { Prisma } from "../generated/prisma/client";
import { marginPercentText } from "../campaigns/budget";
import { plainRecordState } from "../data/record-state";
import type { StrategyFormInput } from "./form";
import { parseStrategyInventory, parseStrategyTargeting } from "./schema";

/** The associations read with a strategy (ids in a stable order). */
export const STRATEGY_RELATIONS = {
  pixels: { select: { pixelId: true }, orderBy: { pixelId: "asc" } },
  creatives: { select: { creativeId: true }, orderBy: { creativeId: "asc" } },
  creativeSets: { select: { creativeSetId: true }, orderBy: { creativeSetId: "asc" } },
} satisfies Prisma.StrategyInclude;
export type StrategyRow = Prisma.StrategyGetPayload<{ include: typeof STRATEGY_RELATIONS }>;

const decimalText = (value: { toString(): string } | null) => (value === null ? null : value.toString());

export function toStrategyDetails(row: StrategyRow) {
  return {
    id: row.id,
    advertiserId: row.advertiserId,
    campaignId: row.campaignId,
    name: row.name,
    type: row.type,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime ? row.endTime.toISOString() : null,
    campaignFcap: row.campaignFcap,
    fcapFrequency: row.fcapFrequency,
    fcapInterval: row.fcapInterval,
    lifetimeUserFcap: row.lifetimeUserFcap,
    trackingParameter: row.trackingParameter,
    skadOptimised: row.skadOptimised,
    skOverlayPosition: row.skOverlayPosition,
    budgetValue: decimalText(row.budgetValue),
    dailyAdvSpendBudget: decimalText(row.dailyAdvSpendBudget),
    pacingBudgetValue: decimalText(row.pacingBudgetValue),
    pacingTypeId: row.pacingTypeId,
    pricingType: row.pricingType,
    pricingValue: row.pricingValue.toString(),
    bidPercentage: decimalText(row.bidPercentage),
    bidCapMin: decimalText(row.bidCapMin),
    bidCapMax: decimalText(row.bidCapMax),
    isBargainerActive: row.isBargainerActive,
    deltaMediaBudget: decimalText(row.deltaMediaBudget),
    resetTimeDeltaMediaBudget: row.resetTimeDeltaMediaBudget ? row.resetTimeDeltaMediaBudget.toISOString() : null,
    spillover: row.spillover,
    boostBidPrice: decimalText(row.boostBidPrice),
    cpaTarget: decimalText(row.cpaTarget),
    isAbTestStrategy: row.isAbTestStrategy,
    productSelectionPolicy: row.productSelectionPolicy,
    productFeedTargeting: (row.productFeedTargeting ?? null) as { categories: string[] } | null,
    inventory: parseStrategyInventory(row.inventory),
    targeting: parseStrategyTargeting(row.targeting),
    pixelIds: row.pixels.map((p) => p.pixelId),
    creativeIds: row.creatives.map((c) => c.creativeId),
    creativeSetIds: row.creativeSets.map((c) => c.creativeSetId),
    ...plainRecordState(row),
  };
}
export type StrategyDetails = ReturnType<typeof toStrategyDetails>;

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * What the wizard holds for a stored strategy: times as epoch seconds (-1:
 * never ending), a margin as its percentage, -1 for unlimited budgets, the
 * inventory and targeting fields at the top level. Parsing it back gives the
 * stored values, so an untouched wizard (or a PATCH that sends nothing new) changes nothing.
 */
export function strategyFormValues(d: Omit<StrategyDetails, "isArchived">): StrategyFormInput {
  const { dealDTO, targetDealCategory, ...targeting } = d.targeting;
  return {
    campaignId: d.campaignId,
    name: d.name,
    type: d.type,
    startTime: epochSeconds(d.startTime),
    endTime: d.endTime === null ? -1 : epochSeconds(d.endTime),
    pixelIds: d.pixelIds,
    trackingParameter: d.trackingParameter,
    skadOptimised: d.skadOptimised,
    skOverlayPosition: d.skOverlayPosition,
    campaignFcap: d.campaignFcap,
    fcapFrequency: d.fcapFrequency,
    fcapInterval: d.fcapInterval,
    lifetimeUserFcap: d.lifetimeUserFcap,
    ...d.inventory,
    dealDTO,
    targetDealCategory,
    ...targeting,
    pricingType: d.pricingType,
    pricingValue: d.pricingType === "MARGIN" ? marginPercentText(d.pricingValue) : d.pricingValue,
    bidPercentage: d.bidPercentage,
    bidCapMin: d.bidCapMin,
    bidCapMax: d.bidCapMax,
    budgetValue: d.budgetValue ?? "-1",
    dailyAdvSpendBudget: d.dailyAdvSpendBudget ?? "-1",
    pacingTypeId: d.pacingTypeId,
    pacingBudgetValue: d.pacingBudgetValue,
    isBargainerActive: d.isBargainerActive,
    deltaMediaBudget: d.deltaMediaBudget,
    resetTimeDeltaMediaBudget: d.resetTimeDeltaMediaBudget === null ? null : epochSeconds(d.resetTimeDeltaMediaBudget),
    spillover: d.spillover,
    boostBidPrice: d.boostBidPrice,
    cpaTarget: d.cpaTarget,
    productFeedTargeting: d.productFeedTargeting,
    productSelectionPolicy: d.productSelectionPolicy,
    creativeIds: d.creativeIds,
    creativeSetIds: d.creativeSetIds,
  };
}
