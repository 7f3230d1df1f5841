// The REST resource of strategies (/api/v1/strategies): list, get, create,
// update (PATCH with version), activate, deactivate (business.md 7). The
// writes run the wizard's own action definitions (the whole strategy schema:
// every step's fields and rules); activate and deactivate the lists' bulk
// status action (with the SKAD check). A/B test arms are not listed on their
// own (shell.md 7: isAbTestStrategy=false), as in the console's list.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { bulkEditRestOperation } from "./bulk-edit/rest";
import { transferOperations } from "./transfer/rest";
import { bulkStatusOperations, erase } from "../rest/resource";
import { advertiserRecord, recordState, viewDecimal, viewId, viewJson, viewTime } from "../rest/view-fields";
import type { TenantClient } from "../data/tenant-db";
import { PricingType, StrategyType } from "../generated/prisma/enums";
import { createStrategyAction, updateStrategyAction } from "./actions";
import { PACING_TYPES, RECOMMENDATION_LOGIC } from "./options";
import { STRATEGY_RELATIONS, strategyFormValues, toStrategyDetails, type StrategyRow } from "./queries";
import { documentedFields } from "../rest/documented-fields";

const decimal = viewDecimal.nullable();
const whole = z.number().int().nullable();
const unlimited = { description: "null: unlimited." };
const ids = z.array(viewId);

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
  bidCapMin: decimal.meta({ description: "null: none." }),
  bidCapMax: decimal.meta({ description: "null: none." }),
  isBargainerActive: z.boolean(),
  deltaMediaBudget: decimal,
  resetTimeDeltaMediaBudget: viewTime.nullable(),
  spillover: z.boolean(),
  boostBidPrice: decimal,
  cpaTarget: decimal,
  isAbTestStrategy: z.boolean(),
  productSelectionPolicy: z.string().nullable(),
  productFeedTargeting: z.object({ categories: z.array(z.string()) }).nullable(),
  inventory: viewJson,
  targeting: viewJson,
  pixelIds: ids,
  creativeIds: ids,
  creativeSetIds: ids,
  ...recordState,
});
type StrategyView = z.output<typeof StrategyViewSchema>;

const formShape = createStrategyAction.definition.input.shape;
type FormField = keyof typeof formShape;

/** What the wizard's fields take where the view answers otherwise (the others are as the view shows them). */
const FIELD_DOCS: Partial<Record<FormField, string>> = {
  campaignId: "Fixed once the strategy exists; the strategy belongs to the campaign's advertiser.",
  type: "MULTI_DEVICE or CTV_OTT; fixed once the strategy exists.",
  startTime: "Epoch seconds, or -1 to start immediately; on create, in the future.",
  endTime: "Epoch seconds after the start, or -1 for never ending.",
  skadOptimised: "Needs the SKAD privilege (the licensee's, and the campaign's SKAD target).",
  skOverlayPosition: "BOTTOM or BOTTOM_RAISED; brand awareness and app install campaigns with iOS targeted only.",
  fcapInterval: "Hours, 1 to 168; with fcapFrequency when campaignFcap is false.",
  pricingValue: "A decimal as text. MARGIN: the percentage, 0 to 99 (the view answers the stored fraction).",
  bidCapMin: "0 or -1: none.",
  bidCapMax: "0 or -1: none.",
  budgetValue: "-1: unlimited.",
  dailyAdvSpendBudget: "-1: unlimited.",
  pacingTypeId: PACING_TYPES.map((p) => `${p.id} ${p.name}`).join(", "),
  productSelectionPolicy: `Recommendation logic: ${RECOMMENDATION_LOGIC.map((r) => r.value).join(", ")}.`,
  placements: "Ignored for CTV_OTT strategies (their placement is CTV, id 5).",
};
const documented = documentedFields(formShape as Record<string, z.ZodType>, FIELD_DOCS);
// A PATCH may change every field of the wizard but the campaign.
const { campaignId: createOnly, ...editable } = documented;

type Args = Record<string, unknown>;
/** The strategy delegate with its associations read alongside. */
const withRelations = (db: TenantClient) => ({
  findMany: (args: Args) => db.strategy.findMany({ ...args, include: STRATEGY_RELATIONS }),
  findFirst: (args: Args) => db.strategy.findFirst({ ...args, include: STRATEGY_RELATIONS }),
  count: (args: { where: Args }) => db.strategy.count(args),
});

export const strategyResource = defineResource<typeof StrategyViewSchema, StrategyRow>(["strategy", "strategies"], StrategyViewSchema, {
  description: "Strategies (line items) of the campaigns, with their inventory, targeting, budget and bidding, and creatives.",
  model: withRelations,
  // The view's fields of the details (archived rows are never answered).
  toView: (row) => StrategyViewSchema.strip().parse(toStrategyDetails(row)),
  sortFields: ["name", "id", "active", "type", "startTime", "endTime", "pricingType", "createdAt"],
  filters: ["advertiserId", "campaignId", "status"],
  where: { isArchived: false, isAbTestStrategy: false },
  create: { definition: erase(createStrategyAction.definition), body: z.object({ campaignId: createOnly, ...editable }) },
  // A PATCH starts from the stored strategy as the wizard shows it, so the fields it does not send keep their values.
  update: {
    definition: erase(updateStrategyAction.definition),
    body: z.object(editable),
    editable: (current: StrategyView) => strategyFormValues({ ...current, isAbTestStrategy: current.isAbTestStrategy }) as Record<string, unknown>,
    // The advertiser is the campaign's: the action takes the strategy's id, version and the wizard's values.
    input: ({ id, version, values }) => ({ ...values, id, version }),
  },
  ...bulkStatusOperations("strategy"),
});

/** What the entity hands to the registry (its entity.ts). */
export const strategyRest: EntityRest = { resource: strategyResource, operations: [...transferOperations, bulkEditRestOperation] };
