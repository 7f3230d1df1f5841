// The strategy wizard's steps as zod schemas (business.md 2 and 5 Strategy):
// one field shape per step, with the rules of that step. ./form.ts composes
// them into the whole strategy schema that the server action and the REST API
// parse; the wizard validates one step with strategyStepSchema before moving
// on. Pure: safe in client components.
//
// The inventory and targeting steps reuse the JSON schemas of the stored
// columns field by field (./schema.ts): what a step accepts is what the
// column stores. Rules may read fields of other steps (SKOverlay needs iOS
// among the targeted systems); a step schema keeps the other steps' values
// (a loose object) so those rules see them, and reports only on its own fields.
import { z } from "../validation/z";
import { compareMoney, marginFractionOf, MONEY_SCALE, toScaled } from "../campaigns/budget";
import { field, fields, flag, idArray, isBlank, P, peek, valueOf } from "./fields";
import { CTV_PLACEMENT_ID, MOBILE_APPS_PLACEMENT_ID, STRATEGY_STEPS, type StrategyFormStepKey } from "./options";
import { STRATEGY_MESSAGES as M } from "./rules";
import { strategyInventorySchema, strategyTargetingSchema } from "./schema";
import { skOverlayApplies, SKOVERLAY_OBJECTIVES, targetsIos } from "./visibility";

/** What the rules know besides the form: the server fills it on save, the wizard from its context loader. */
export interface StrategySchemaOptions {
  mode: "create" | "edit";
  /** The clock the "in the future" rules use. */
  now: Date;
  /** Edit: the stored schedule and type (a changed start or end must be in the future; the type cannot change). */
  saved?: { startTime: Date; endTime: Date | null; type: string };
  /** The chosen campaign's facts; undefined or null: not known here (the server checks on save). */
  campaign?: { objective: string; isRetargeting: boolean; skadTarget: boolean; advertiserId: number } | null;
  /** Whether SKAd optimisation is allowed (the licensee's privilege and the campaign's SKAD target); undefined: not checked here. */
  skadAllowed?: boolean;
  /** The advertiser's purchase-frequency mappings (intent shows with exactly 6); undefined: unknown. */
  purchaseFrequencyMappings?: number | null;
  /** The advertiser has a product catalog; undefined: unknown. */
  catalogAdvertiser?: boolean | null;
  /** The advertiser has partner-data (DMP) access; undefined: unknown. */
  dmpAccess?: boolean | null;
}

type Values = Record<string, unknown>;
type Issue = (path: string, message: string) => void;
type Rule = (v: Values, issue: Issue, o: StrategySchemaOptions) => void;

// ───────────── shapes ─────────────

const T = strategyTargetingSchema.shape;
const { dealDTO, targetDealCategory, ...targetingShape } = T;

export const STEP_SHAPES = {
  basic: {
    campaignId: field(P.campaignId, M.campaignRequired),
    name: fields.name,
    type: field(P.type, M.typeRequired),
    startTime: fields.startTime,
    endTime: fields.endTime,
    pixelIds: idArray(),
    trackingParameter: fields.trackingParameter,
    skadOptimised: flag(),
    skOverlayPosition: field(P.skOverlayPosition, M.skOverlayPosition),
    campaignFcap: z.boolean({ error: "Choose yes or no" }).default(true),
    fcapFrequency: field(P.fcapFrequency, M.countWhole),
    fcapInterval: field(P.fcapInterval, M.fcapIntervalRange),
    lifetimeUserFcap: field(P.lifetimeUserFcap, M.countWhole),
  },
  // Deals are stored with targeting (business.md 3 dealDTO, targetDealCategory) but chosen with the inventory.
  inventory: { ...strategyInventorySchema.shape, dealDTO, targetDealCategory },
  targeting: targetingShape,
  budget: {
    pricingType: field(P.pricingType, M.pricingTypeRequired),
    pricingValue: field(P.pricingValue, M.pricingValueRequired),
    bidPercentage: field(P.bidPercentage, M.bidPercentageRange),
    bidCapMin: field(P.bidCap, M.bidCapPositive),
    bidCapMax: field(P.bidCap, M.bidCapPositive),
    budgetValue: field(P.budget, M.budgetPositive),
    dailyAdvSpendBudget: field(P.budget, M.budgetPositive),
    pacingTypeId: field(P.pacingTypeId, M.pacingTypeRequired),
    pacingBudgetValue: field(P.pacingBudgetValue, M.pacingBudgetPositive),
    isBargainerActive: flag(),
    deltaMediaBudget: field(P.deltaMediaBudget, M.amountNegative),
    resetTimeDeltaMediaBudget: fields.resetTime,
    spillover: flag(),
    boostBidPrice: field(P.boostBidPrice, M.boostBidPositive),
    cpaTarget: field(P.cpaTarget, M.cpaTargetPositive),
    productFeedTargeting: z.strictObject({ categories: z.array(z.string().trim().min(1).max(200)).max(1000) }).nullish(),
    productSelectionPolicy: field(P.recommendationLogic, M.recommendationLogicRequired),
  },
  creative: { creativeIds: idArray() },
  creativeSets: { creativeSetIds: idArray() },
} satisfies Record<StrategyFormStepKey, z.core.$ZodLooseShape>;

/** Which step holds each field: the wizard shows a save's field errors on their step. */
export const STEP_OF_FIELD: Record<string, StrategyFormStepKey> = Object.fromEntries(
  Object.entries(STEP_SHAPES).flatMap(([step, shape]) => Object.keys(shape).map((key) => [key, step as StrategyFormStepKey])),
);

// ───────────── rules ─────────────

const peekTargeting = <K extends keyof typeof T>(key: K, raw: unknown): z.output<(typeof T)[K]> | undefined =>
  peek(T[key] as z.ZodType, raw) as z.output<(typeof T)[K]> | undefined;
const money = (raw: unknown) => {
  const text = valueOf(P.pricingValue, raw);
  return typeof text === "string" ? toScaled(text, MONEY_SCALE) : null;
};

const basicRules: Rule = (v, issue, o) => {
  const nowMs = o.now.getTime();
  const type = valueOf(P.type, v.type);
  if (o.mode === "edit" && o.saved && type && type !== o.saved.type) issue("type", M.typeNotEditable);

  // Schedule: -1 starts now, -1 never ends; as the campaign form: a start or end changed on edit must be in the future.
  const start = valueOf(P.startTime, v.startTime);
  const end = valueOf(P.endTime, v.endTime);
  const startMs = start === undefined ? undefined : start === -1 ? nowMs : start * 1000;
  const mustBeFuture = (seconds: number, saved: Date | null | undefined) =>
    o.mode === "create" || (o.saved !== undefined && (!saved || Math.floor(saved.getTime() / 1000) !== seconds));
  if (start !== undefined && start !== -1 && mustBeFuture(start, o.saved?.startTime) && start * 1000 < nowMs) issue("startTime", M.startInPast);
  if (end !== undefined && end !== -1) {
    if (mustBeFuture(end, o.saved?.endTime) && end * 1000 <= nowMs) issue("endTime", M.endInPast);
    else if (startMs !== undefined && end * 1000 <= startMs) issue("endTime", M.endBeforeStart);
  }

  if (v.skadOptimised === true && o.skadAllowed === false) issue("skadOptimised", M.skadNotAllowed);
  if (!isBlank(v.skOverlayPosition) && valueOf(P.skOverlayPosition, v.skOverlayPosition)) {
    const systems = peekTargeting("targetMobileDevices", v.targetMobileDevices)?.targetOperatingSystems ?? null;
    if (o.campaign && !SKOVERLAY_OBJECTIVES.includes(o.campaign.objective)) issue("skOverlayPosition", M.skOverlayObjective);
    else if (type !== "CTV_OTT" && !targetsIos(systems)) issue("skOverlayPosition", M.skOverlayNeedsIos);
  }

  if (v.campaignFcap === false) {
    if (isBlank(v.fcapFrequency)) issue("fcapFrequency", M.fcapFrequencyRequired);
    if (isBlank(v.fcapInterval)) issue("fcapInterval", M.fcapIntervalRequired);
  }
};

/** Apps can be reached: a Multi Device strategy whose placements are all (none chosen) or include mobile apps. */
function reachesApps(v: Values): boolean {
  if (valueOf(P.type, v.type) === "CTV_OTT") return false;
  const placements = peekTargeting("placements", v.placements);
  return !placements || placements.length === 0 || placements.some((p) => p.id === MOBILE_APPS_PLACEMENT_ID);
}

const inventoryRules: Rule = (v, issue) => {
  // business.md 5 "at least one product category": categories chosen (not "all") must not be none at all.
  const android = peek(strategyInventorySchema.shape.targetAndroidCategories, v.targetAndroidCategories);
  const ios = peek(strategyInventorySchema.shape.targetIosCategories, v.targetIosCategories);
  if (android && ios && android.length + ios.length === 0 && reachesApps(v)) issue("targetAndroidCategories", M.productCategoryRequired);
};

const targetingRules: Rule = (v, issue, o) => {
  const placements = peekTargeting("placements", v.placements);
  if (valueOf(P.type, v.type) === "MULTI_DEVICE" && placements?.some((p) => p.id === CTV_PLACEMENT_ID)) issue("placements", M.ctvPlacementOnlyForCtv);
  const fence = peekTargeting("geoFenceDTO", v.geoFenceDTO);
  if (fence?.isEnabled && fence.targetList.length === 0) issue("geoFenceDTO", M.geofenceNeedsLocation);
  for (const key of ["targetAppSegments", "targetWebSegments", "targetDmpSegments", "targetLalSegments"] as const) {
    const segments = peekTargeting(key, v[key]);
    const any = segments && segments.targetedSegments.length + segments.blockedSegments.length > 0;
    if (!any) continue;
    // business.md 5: "audience filter fields need an advertiser" (the campaign's).
    if (isBlank(v.campaignId) && o.campaign === undefined) issue(key, M.audiencesNeedAdvertiser);
    else if (key === "targetDmpSegments" && o.dmpAccess === false) issue(key, M.noDmpAccess);
  }
};

const budgetRules: Rule = (v, issue, o) => {
  const type = valueOf(P.pricingType, v.pricingType);
  const price = money(v.pricingValue);
  if (price !== null && type === "MARGIN") {
    if (price < 0n || price > 99n * 10n ** BigInt(MONEY_SCALE)) issue("pricingValue", M.marginRange);
    else if (marginFractionOf(valueOf(P.pricingValue, v.pricingValue)) === null) issue("pricingValue", M.marginDecimals);
  } else if (price !== null && type && price <= 0n) issue("pricingValue", M.pricingValuePositive);

  const min = valueOf(P.bidCap, v.bidCapMin);
  const max = valueOf(P.bidCap, v.bidCapMax);
  if (min && max && compareMoney(min, max) === 1) issue("bidCapMin", M.bidCapMinAboveMax);

  const budget = valueOf(P.budget, v.budgetValue);
  const daily = valueOf(P.budget, v.dailyAdvSpendBudget);
  if (budget && daily && compareMoney(daily, budget) === 1) issue("dailyAdvSpendBudget", M.dailyAboveBudget);
  const pacingBudget = valueOf(P.pacingBudgetValue, v.pacingBudgetValue);
  if (budget && pacingBudget && compareMoney(pacingBudget, budget) === 1) issue("pacingBudgetValue", M.pacingBudgetAboveBudget);

  // Day parted pacing weighs the chosen hours: without day parts (all hours) it has none to weigh.
  if (valueOf(P.pacingTypeId, v.pacingTypeId) === 11) {
    const days = peekTargeting("targetDays", v.targetDays);
    if (!days || days.daypart.length === 0 || isAllHours(days.daypart)) issue("pacingTypeId", M.dayPartedPacingNeedsDayParts);
  }

  const delta = valueOf(P.deltaMediaBudget, v.deltaMediaBudget);
  if (delta && delta.startsWith("-")) issue("deltaMediaBudget", M.amountNegative);
  else if (delta && delta !== "0" && isBlank(v.resetTimeDeltaMediaBudget)) issue("resetTimeDeltaMediaBudget", M.resetTimeRequired);

  const feed = peek(STEP_SHAPES.budget.productFeedTargeting, v.productFeedTargeting);
  if (feed) {
    if (o.catalogAdvertiser === false) issue("productFeedTargeting", M.productFeedOnlyForCatalog);
    else if (feed.categories.length === 0) issue("productFeedTargeting", M.productCategoryRequired);
    else if (isBlank(v.productSelectionPolicy)) issue("productSelectionPolicy", M.recommendationLogicRequired);
  }
};

/** Every hour of every day: the same as no day parts (business.md 9 "all seven days with 24 hours each means all"). */
export function isAllHours(daypart: readonly { day: string; hours: readonly number[] }[]): boolean {
  return daypart.length === 7 && daypart.every((d) => new Set(d.hours).size === 24);
}

export const STEP_RULES: Record<StrategyFormStepKey, Rule | null> = {
  basic: basicRules,
  inventory: inventoryRules,
  targeting: targetingRules,
  budget: budgetRules,
  creative: null,
  creativeSets: null,
};

/** zod skips refinements after a failed field by default; these re-read every field, so an object is enough. */
export const crossFieldWhen = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export function refineWith(rules: (Rule | null)[], o: StrategySchemaOptions) {
  return (v: Values, ctx: z.RefinementCtx) => {
    const issue: Issue = (path, message) => ctx.addIssue({ code: "custom", path: [path], message });
    for (const rule of rules) rule?.(v, issue, o);
  };
}

/** One step's schema: its fields and rules; the other steps' values pass through unchecked for the rules that read them. */
export function strategyStepSchema(step: StrategyFormStepKey, options: StrategySchemaOptions) {
  const own = Object.keys(STEP_SHAPES[step]);
  return z
    .looseObject(STEP_SHAPES[step])
    .superRefine(refineWith([STEP_RULES[step]], options), crossFieldWhen)
    .transform((v) => Object.fromEntries(own.filter((k) => k in v).map((k) => [k, (v as Values)[k]])));
}

/** The steps that hold fields, in the wizard's order. */
export const FORM_STEPS = STRATEGY_STEPS.filter((s) => s.key !== "review").map((s) => s.key as StrategyFormStepKey);

export { skOverlayApplies };
