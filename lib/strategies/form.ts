// The whole strategy schema: the wizard's step schemas (./steps.ts) composed
// into one object with every step's rules, then turned into what is stored.
// The server action, the REST API and the wizard's final save all parse with
// it. Pure: safe in client components.
//
// Storage step: money as exact decimal text (a margin typed as a percentage
// becomes its fraction), times as ISO 8601 text, "unlimited" and "none" as
// null, the inventory and targeting fields gathered into their JSON columns,
// and the fields of rows that do not apply (./visibility.ts: hidden by the
// type, SKAd, the objective) dropped, so a row hidden after a change does
// not keep restricting delivery unseen.
import { z } from "../validation/z";
import { marginFractionOf } from "../campaigns/budget";
import { CTV_PLACEMENT_ID, PLACEMENTS, STRATEGY_STEPS, type StrategyTypeValue } from "./options";
import type { StrategyInventory, StrategyTargeting } from "./schema";
import { crossFieldWhen, FORM_STEPS, refineWith, STEP_RULES, STEP_SHAPES, type StrategySchemaOptions } from "./steps";
import { hiddenFields, strategyVisibility, type VisibilityFacts } from "./visibility";

export type { StrategySchemaOptions } from "./steps";
export { STRATEGY_STEPS };

const WHOLE_SHAPE = Object.assign({}, ...FORM_STEPS.map((step) => STEP_SHAPES[step])) as typeof STEP_SHAPES.basic &
  typeof STEP_SHAPES.inventory &
  typeof STEP_SHAPES.targeting &
  typeof STEP_SHAPES.budget &
  typeof STEP_SHAPES.creative &
  typeof STEP_SHAPES.creativeSets;

const INVENTORY_KEYS = Object.keys(STEP_SHAPES.inventory).filter((k) => k !== "dealDTO" && k !== "targetDealCategory");
const TARGETING_KEYS = [...Object.keys(STEP_SHAPES.targeting), "dealDTO", "targetDealCategory"];

/** The visibility facts of form values under the schema's options (the form's own role is not a rule of saving). */
export function visibilityFactsOf(
  v: { type?: unknown; skadOptimised?: unknown; targetMobileDevices?: unknown },
  o: Pick<StrategySchemaOptions, "campaign" | "purchaseFrequencyMappings" | "catalogAdvertiser">,
): VisibilityFacts {
  const devices = v.targetMobileDevices as { targetOperatingSystems?: string[] } | undefined;
  return {
    type: v.type === "MULTI_DEVICE" || v.type === "CTV_OTT" ? (v.type as StrategyTypeValue) : null,
    skadCampaign: o.campaign?.skadTarget === true,
    skadOptimised: v.skadOptimised === true,
    objective: o.campaign?.objective ?? null,
    isRetargeting: o.campaign ? o.campaign.isRetargeting : null,
    purchaseFrequencyMappings: o.purchaseFrequencyMappings ?? null,
    targetOperatingSystems: devices?.targetOperatingSystems ?? null,
    catalogAdvertiser: o.catalogAdvertiser ?? null,
    role: null,
  };
}

/** Only the keys whose value is given: absent means "all" in the JSON columns. */
function pick<T>(v: Record<string, unknown>, keys: readonly string[], hidden: Set<string>): T {
  return Object.fromEntries(keys.filter((k) => v[k] !== undefined && !hidden.has(k)).map((k) => [k, v[k]])) as T;
}

/** The fields of form values whose rows are hidden under the schema's options: the save drops them. */
export function hiddenFieldsOf(v: Parameters<typeof visibilityFactsOf>[0], o: Parameters<typeof visibilityFactsOf>[1]): Set<string> {
  return hiddenFields(strategyVisibility(visibilityFactsOf(v, o)));
}

/**
 * The inventory and targeting columns as saved from form values: the given
 * values only, none of a hidden row's fields, and a CTV/OTT strategy on the
 * CTV placement (business.md 3: placement 5 is CTV).
 */
export function strategyJsonColumns(v: Record<string, unknown>, hidden: Set<string>): { inventory: StrategyInventory; targeting: StrategyTargeting } {
  const targeting = pick<StrategyTargeting>(v, TARGETING_KEYS, hidden);
  if (v.type === "CTV_OTT") targeting.placements = PLACEMENTS.filter((p) => p.id === CTV_PLACEMENT_ID).map((p) => ({ ...p }));
  return { inventory: pick<StrategyInventory>(v, INVENTORY_KEYS, hidden), targeting };
}

const iso = (seconds: number | null, nowMs: number) => (seconds === null ? null : new Date(seconds === -1 ? nowMs : seconds * 1000).toISOString());

export function strategySchema(options: StrategySchemaOptions) {
  const nowMs = options.now.getTime();
  const whole = z.object(WHOLE_SHAPE);
  return whole
    .superRefine(refineWith(FORM_STEPS.map((step) => STEP_RULES[step]), options), crossFieldWhen)
    .transform((v) => {
      const hidden = hiddenFieldsOf(v, options);
      const keep = <T>(key: string, value: T, none: T) => (hidden.has(key) ? none : value);
      const { inventory, targeting } = strategyJsonColumns(v, hidden);
      const productFeedTargeting = keep("productFeedTargeting", v.productFeedTargeting ?? null, null);
      return {
        campaignId: v.campaignId as number,
        name: v.name,
        type: v.type as StrategyTypeValue,
        startTime: iso(v.startTime, nowMs)!,
        endTime: v.endTime === -1 ? null : iso(v.endTime, nowMs),
        pixelIds: v.pixelIds,
        trackingParameter: v.trackingParameter,
        skadOptimised: v.skadOptimised,
        skOverlayPosition: keep("skOverlayPosition", v.skOverlayPosition, null),
        campaignFcap: v.campaignFcap,
        // Frequency and interval mean something only without the campaign's cap.
        fcapFrequency: v.campaignFcap ? null : v.fcapFrequency,
        fcapInterval: v.campaignFcap ? null : v.fcapInterval,
        lifetimeUserFcap: v.lifetimeUserFcap || null,
        pricingType: v.pricingType!,
        pricingValue: (v.pricingType === "MARGIN" ? marginFractionOf(v.pricingValue) : v.pricingValue) as string,
        bidPercentage: v.bidPercentage,
        bidCapMin: v.bidCapMin,
        bidCapMax: v.bidCapMax,
        budgetValue: v.budgetValue,
        dailyAdvSpendBudget: v.dailyAdvSpendBudget,
        pacingTypeId: v.pacingTypeId!,
        pacingBudgetValue: v.pacingBudgetValue,
        isBargainerActive: v.isBargainerActive,
        deltaMediaBudget: v.deltaMediaBudget,
        resetTimeDeltaMediaBudget: v.deltaMediaBudget && v.deltaMediaBudget !== "0" ? iso(v.resetTimeDeltaMediaBudget, nowMs) : null,
        spillover: v.spillover,
        boostBidPrice: v.boostBidPrice,
        cpaTarget: v.cpaTarget,
        productFeedTargeting,
        productSelectionPolicy: productFeedTargeting ? v.productSelectionPolicy : null,
        inventory,
        targeting,
        creativeIds: v.creativeIds,
        creativeSetIds: v.creativeSetIds,
      };
    });
}

export type StrategySchema = ReturnType<typeof strategySchema>;
/** What the wizard holds (text and numbers as typed, a margin as its percentage, times as epoch seconds, -1 for immediately / never / unlimited). */
export type StrategyFormInput = z.input<StrategySchema>;
/** What the server stores after parsing. */
export type StrategyData = z.output<StrategySchema>;

/** The wizard's starting values for a new strategy (business.md 4: start immediately -1, Never Ending -1; -1 unlimited budgets). */
export function newStrategyFormValues(campaignId: number | null = null): StrategyFormInput {
  return {
    campaignId, name: "", type: "MULTI_DEVICE", startTime: -1, endTime: -1, pixelIds: [], trackingParameter: "", skadOptimised: false,
    skOverlayPosition: null, campaignFcap: true, fcapFrequency: "", fcapInterval: "", lifetimeUserFcap: "",
    pricingType: "CPM", pricingValue: "", bidPercentage: "", bidCapMin: "0", bidCapMax: "0", budgetValue: "-1", dailyAdvSpendBudget: "-1",
    pacingTypeId: 6, pacingBudgetValue: "", isBargainerActive: false, deltaMediaBudget: "", resetTimeDeltaMediaBudget: null, spillover: false,
    boostBidPrice: "", cpaTarget: "", productFeedTargeting: null, productSelectionPolicy: null, creativeIds: [], creativeSetIds: [],
  };
}
