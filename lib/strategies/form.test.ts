// Every strategy rule of business.md 5 with its message, on the
// field it is shown beside; the step schemas report only their own fields.
import { firstErrors } from "@/tests/helpers/schema-errors";
import { strategySchema, type StrategySchemaOptions } from "./form";
import { STRATEGY_STEPS } from "./options";
import { STRATEGY_MESSAGES as M } from "./rules";
import { FORM_STEPS, STEP_OF_FIELD, strategyStepSchema } from "./steps";

const NOW = new Date("2030-01-01T00:00:00Z");
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;
const CAMPAIGN = { objective: "MOBILE_APP_INSTALLS", isRetargeting: false, skadTarget: false, advertiserId: 1 };
const CREATE: StrategySchemaOptions = { mode: "create", now: NOW, campaign: CAMPAIGN };

const valid = (over: Record<string, unknown> = {}) => ({
  campaignId: "3", name: "Prospecting", type: "MULTI_DEVICE", startTime: NOW_S + DAY, endTime: NOW_S + 30 * DAY, pixelIds: ["7"],
  trackingParameter: "", skadOptimised: false, skOverlayPosition: "", campaignFcap: true, fcapFrequency: "", fcapInterval: "", lifetimeUserFcap: "",
  pricingType: "CPM", pricingValue: "4.20", bidPercentage: "", bidCapMin: "0", bidCapMax: "-1", budgetValue: "-1", dailyAdvSpendBudget: "-1",
  pacingTypeId: 6, pacingBudgetValue: "", isBargainerActive: false, deltaMediaBudget: "", resetTimeDeltaMediaBudget: null, spillover: false,
  boostBidPrice: "", cpaTarget: "", productFeedTargeting: null, productSelectionPolicy: "", creativeIds: [], creativeSetIds: [],
  ...over,
});

const seen = new Set<string>();
function errorsOf(input: unknown, options: StrategySchemaOptions = CREATE) {
  const errors = firstErrors(strategySchema(options), input);
  for (const message of Object.values(errors)) seen.add(message);
  return errors;
}
const parse = (input: unknown, options: StrategySchemaOptions = CREATE) => strategySchema(options).parse(input);

test("the steps: keys and exact titles of business.md 2", () => {
  expect(STRATEGY_STEPS.map((s) => [s.key, s.title])).toEqual([
    ["basic", "Enter Basic Details"],
    ["inventory", "Select Inventory"],
    ["targeting", "Select Targeting Options"],
    ["budget", "Specify Budget & Bidding"],
    ["creative", "Associate Creatives"],
    ["creativeSets", "Associate Creative Sets"],
    ["review", "Review Strategy Settings"],
  ]);
  expect([STEP_OF_FIELD.name, STEP_OF_FIELD.rtbAggregators, STEP_OF_FIELD.dealDTO, STEP_OF_FIELD.targetGeographies, STEP_OF_FIELD.bidCapMax, STEP_OF_FIELD.creativeIds, STEP_OF_FIELD.creativeSetIds]).toEqual([
    "basic", "inventory", "inventory", "targeting", "budget", "creative", "creativeSets",
  ]);
});

test("a valid strategy parses to what is stored: exact money, ISO times, none and unlimited as null, JSON columns apart", () => {
  const parsed = parse(valid({ pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "1234.56", zipCodes: ["10115"], targetAndroidCategories: ["Games"], dealDTO: { targetList: [4], blockedList: [] } }));
  expect(parsed).toMatchObject({
    campaignId: 3, pixelIds: [7], pricingValue: "0.3", dailyAdvSpendBudget: "1234.56", budgetValue: null, bidCapMin: null, bidCapMax: null,
    startTime: new Date((NOW_S + DAY) * 1000).toISOString(), fcapFrequency: null, skOverlayPosition: null,
    inventory: { targetAndroidCategories: ["Games"] }, targeting: { zipCodes: ["10115"], dealDTO: { targetList: [4], blockedList: [] } },
  });
  expect(parse(valid({ startTime: -1, endTime: -1 }))).toMatchObject({ startTime: NOW.toISOString(), endTime: null });
});

test("basic details: campaign, name, type, schedule", () => {
  expect(errorsOf(valid({ campaignId: "", name: "  ", type: "" }))).toMatchObject({ campaignId: M.campaignRequired, name: M.nameRequired, type: M.typeRequired });
  expect(errorsOf(valid({ name: "x".repeat(256) }))).toEqual({ name: M.nameTooLong });
  expect(errorsOf(valid({ startTime: NOW_S - DAY }))).toEqual({ startTime: M.startInPast });
  expect(errorsOf(valid({ endTime: NOW_S - DAY }))).toEqual({ endTime: M.endInPast });
  expect(errorsOf(valid({ endTime: NOW_S + DAY / 2 }))).toEqual({ endTime: M.endBeforeStart });
  expect(errorsOf(valid({ endTime: "" }))).toEqual({ endTime: M.endRequired });
  expect(errorsOf(valid({ startTime: "", endTime: "later" }))).toEqual({ startTime: M.startRequired, endTime: M.endInvalid });
  expect(errorsOf(valid({ startTime: "soon" }))).toEqual({ startTime: M.startInvalid });
  expect(errorsOf(valid({ trackingParameter: "x".repeat(501) }))).toEqual({ trackingParameter: M.trackingParameterTooLong });
});

test("the type cannot change once saved; an unchanged running schedule stays valid on edit", () => {
  const saved = { startTime: new Date((NOW_S - 10 * DAY) * 1000), endTime: null, type: "MULTI_DEVICE" };
  const edit: StrategySchemaOptions = { mode: "edit", now: NOW, saved, campaign: CAMPAIGN };
  expect(errorsOf(valid({ type: "CTV_OTT", startTime: NOW_S - 10 * DAY, endTime: -1 }), edit)).toEqual({ type: M.typeNotEditable });
  expect(errorsOf(valid({ startTime: NOW_S - 10 * DAY, endTime: -1 }), edit)).toEqual({});
});

test("SKAd optimisation is refused with a clear message without the privilege", () => {
  expect(errorsOf(valid({ skadOptimised: true }), { ...CREATE, skadAllowed: false })).toEqual({ skadOptimised: M.skadNotAllowed });
  expect(errorsOf(valid({ skadOptimised: true }), { ...CREATE, skadAllowed: true })).toEqual({});
});

test("SKOverlay: Bottom or Bottom Raised, brand awareness and app install objectives, iOS targeted", () => {
  expect(errorsOf(valid({ skOverlayPosition: "TOP" }))).toEqual({ skOverlayPosition: M.skOverlayPosition });
  expect(errorsOf(valid({ skOverlayPosition: "BOTTOM" }), { ...CREATE, campaign: { ...CAMPAIGN, objective: "WEBSITE" } })).toEqual({ skOverlayPosition: M.skOverlayObjective });
  const android = { targetMobileDevices: { targetOperatingSystems: ["Android"], targetDeviceTypes: [] } };
  expect(errorsOf(valid({ skOverlayPosition: "BOTTOM_RAISED", ...android }))).toEqual({ skOverlayPosition: M.skOverlayNeedsIos });
  expect(parse(valid({ skOverlayPosition: "BOTTOM_RAISED" })).skOverlayPosition).toBe("BOTTOM_RAISED");
  // CTV hides SKOverlay: the value is dropped, not refused.
  expect(parse(valid({ type: "CTV_OTT", skOverlayPosition: "BOTTOM" })).skOverlayPosition).toBeNull();
});

test("frequency cap: the campaign's, or a frequency with an interval of 1 to 168 hours; lifetime user cap", () => {
  expect(errorsOf(valid({ campaignFcap: false }))).toEqual({ fcapFrequency: M.fcapFrequencyRequired, fcapInterval: M.fcapIntervalRequired });
  expect(errorsOf(valid({ campaignFcap: false, fcapFrequency: "0", fcapInterval: "169" }))).toEqual({ fcapFrequency: M.countMin, fcapInterval: M.fcapIntervalRange });
  expect(errorsOf(valid({ campaignFcap: false, fcapFrequency: "2.5", fcapInterval: "0" }))).toEqual({ fcapFrequency: M.countWhole, fcapInterval: M.fcapIntervalRange });
  expect(parse(valid({ campaignFcap: false, fcapFrequency: "3", fcapInterval: "168" }))).toMatchObject({ fcapFrequency: 3, fcapInterval: 168 });
  expect(parse(valid({ campaignFcap: true, fcapFrequency: "3", fcapInterval: "5" }))).toMatchObject({ fcapFrequency: null, fcapInterval: null });
  expect(errorsOf(valid({ lifetimeUserFcap: "-1" }))).toEqual({ lifetimeUserFcap: M.capMin });
  expect(parse(valid({ lifetimeUserFcap: "0" })).lifetimeUserFcap).toBeNull();
});

test("inventory: at least one product category when categories are chosen and apps are reached; ratings and auction types", () => {
  expect(errorsOf(valid({ targetAndroidCategories: [], targetIosCategories: [] }))).toEqual({ targetAndroidCategories: M.productCategoryRequired });
  expect(errorsOf(valid({ targetAndroidCategories: [], targetIosCategories: [], placements: [{ id: 1, name: "Desktop" }] }))).toEqual({});
  expect(Object.keys(errorsOf(valid({ targetAppRatings: "5+", auctionTypeTargeting: "THIRD_PRICE" })))).toEqual(["targetAppRatings", "auctionTypeTargeting"]);
});

test("targeting: CTV placement only for CTV, geofence needs a location, audiences need the campaign, DMP needs access", () => {
  expect(errorsOf(valid({ placements: [{ id: 5, name: "CTV" }] }))).toEqual({ placements: M.ctvPlacementOnlyForCtv });
  expect(errorsOf(valid({ geoFenceDTO: { isEnabled: true, targetList: [], radius: 1, radiusUnit: "km" } }))).toEqual({ geoFenceDTO: M.geofenceNeedsLocation });
  const segments = { targetedSegments: [4], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" };
  // The targeting step before a campaign is chosen (the whole schema refuses the missing campaign first).
  const stepErrors = firstErrors(strategyStepSchema("targeting", { mode: "create", now: NOW }), valid({ campaignId: "", targetWebSegments: segments }));
  expect(stepErrors).toEqual({ targetWebSegments: M.audiencesNeedAdvertiser });
  seen.add(stepErrors.targetWebSegments);
  expect(errorsOf(valid({ targetDmpSegments: segments }), { ...CREATE, dmpAccess: false })).toEqual({ targetDmpSegments: M.noDmpAccess });
  expect(errorsOf(valid({ targetGeographies: { country: { targetList: ["Germany"], blockedList: [] }, state: { targetList: [], blockedList: [] }, city: { targetList: [], blockedList: [] }, customGeoTargeting: false } }))).toEqual({
    "targetGeographies.country.targetList.0": "Not a valid country id",
  });
});

test("budget & bidding: pricing value, bid percentage, bid caps, budgets, pacing, delta budget, boost, CPA target", () => {
  expect(errorsOf(valid({ pricingType: "", pricingValue: "" }))).toEqual({ pricingType: M.pricingTypeRequired, pricingValue: M.pricingValueRequired });
  expect(errorsOf(valid({ pricingValue: "0" }))).toEqual({ pricingValue: M.pricingValuePositive });
  expect(errorsOf(valid({ pricingType: "MARGIN", pricingValue: "120" }))).toEqual({ pricingValue: M.marginRange });
  expect(errorsOf(valid({ pricingType: "MARGIN", pricingValue: "12.345" }))).toEqual({ pricingValue: M.marginDecimals });
  expect(errorsOf(valid({ bidPercentage: "0" }))).toEqual({ bidPercentage: M.bidPercentageRange });
  expect(errorsOf(valid({ bidPercentage: "100.5" }))).toEqual({ bidPercentage: M.bidPercentageRange });
  expect(errorsOf(valid({ bidPercentage: "1.23456" }))).toEqual({ bidPercentage: M.bidPercentageDecimals });
  expect(errorsOf(valid({ bidCapMin: "-5" }))).toEqual({ bidCapMin: M.bidCapPositive });
  expect(errorsOf(valid({ bidCapMin: "3", bidCapMax: "2" }))).toEqual({ bidCapMin: M.bidCapMinAboveMax });
  expect(errorsOf(valid({ budgetValue: "0" }))).toEqual({ budgetValue: M.budgetPositive });
  expect(errorsOf(valid({ budgetValue: "100", dailyAdvSpendBudget: "100.01" }))).toEqual({ dailyAdvSpendBudget: M.dailyAboveBudget });
  expect(errorsOf(valid({ pacingTypeId: 7 }))).toEqual({ pacingTypeId: M.pacingTypeRequired });
  expect(errorsOf(valid({ pacingBudgetValue: "0" }))).toEqual({ pacingBudgetValue: M.pacingBudgetPositive });
  expect(errorsOf(valid({ budgetValue: "10", pacingBudgetValue: "11" }))).toEqual({ pacingBudgetValue: M.pacingBudgetAboveBudget });
  expect(errorsOf(valid({ pacingTypeId: 11 }))).toEqual({ pacingTypeId: M.dayPartedPacingNeedsDayParts });
  expect(errorsOf(valid({ pacingTypeId: 11, targetDays: { daypart: [{ day: "MONDAY", hours: [6, 7] }] } }))).toEqual({});
  expect(errorsOf(valid({ deltaMediaBudget: "-1" }))).toEqual({ deltaMediaBudget: M.amountNegative });
  expect(errorsOf(valid({ deltaMediaBudget: "50" }))).toEqual({ resetTimeDeltaMediaBudget: M.resetTimeRequired });
  expect(errorsOf(valid({ boostBidPrice: "0" }))).toEqual({ boostBidPrice: M.boostBidPositive });
  expect(errorsOf(valid({ cpaTarget: "0" }))).toEqual({ cpaTarget: M.cpaTargetPositive });
  expect(errorsOf(valid({ cpaTarget: "-3" }))).toEqual({ cpaTarget: M.cpaTargetPositive });
  // Pacing types 1, 6, 10 and 11 (business.md 3).
  for (const id of [1, 6, 10]) expect(parse(valid({ pacingTypeId: id })).pacingTypeId).toBe(id);
});

test("product feed targeting and the five recommendation logics, for catalog advertisers only", () => {
  const feed = { productFeedTargeting: { categories: ["Shoes"] }, productSelectionPolicy: "CART_PRODUCTS" };
  expect(errorsOf(valid(feed), { ...CREATE, catalogAdvertiser: false })).toEqual({ productFeedTargeting: M.productFeedOnlyForCatalog });
  expect(errorsOf(valid({ ...feed, productFeedTargeting: { categories: [] } }), { ...CREATE, catalogAdvertiser: true })).toEqual({ productFeedTargeting: M.productCategoryRequired });
  expect(errorsOf(valid({ ...feed, productSelectionPolicy: "" }), { ...CREATE, catalogAdvertiser: true })).toEqual({ productSelectionPolicy: M.recommendationLogicRequired });
  for (const logic of ["CART_PRODUCTS", "VIEWED_PRODUCTS", "CART_OR_VIEW_AND_TOPSELLER", "USER_INTERESTED_TOPSELLER", "ADVERTISER_TOP_SELLING_CATEGORY"]) {
    expect(parse(valid({ ...feed, productSelectionPolicy: logic }), { ...CREATE, catalogAdvertiser: true }).productSelectionPolicy).toBe(logic);
  }
});

test("creative ids and creative set ids are lists of record ids", () => {
  expect(parse(valid({ creativeIds: ["4", 5, "4"], creativeSetIds: [] }))).toMatchObject({ creativeIds: [4, 5], creativeSetIds: [] });
  expect(errorsOf(valid({ creativeIds: ["x"] }))).toEqual({ creativeIds: M.unknownRecord });
});

test("one step validates its own fields only, reading the others for its rules", () => {
  const values = valid({ name: "", pricingValue: "0", skOverlayPosition: "BOTTOM", targetMobileDevices: { targetOperatingSystems: ["Android"], targetDeviceTypes: [] } });
  expect(firstErrors(strategyStepSchema("basic", CREATE), values)).toEqual({ name: M.nameRequired, skOverlayPosition: M.skOverlayNeedsIos });
  expect(firstErrors(strategyStepSchema("budget", CREATE), values)).toEqual({ pricingValue: M.pricingValuePositive });
  expect(firstErrors(strategyStepSchema("targeting", CREATE), values)).toEqual({});
  for (const step of FORM_STEPS) expect([step, firstErrors(strategyStepSchema(step, CREATE), valid())]).toEqual([step, {}]);
});

test("every message of the form's rules is met above (server-side ones are in tests/integration/strategy-*.test.ts)", () => {
  const serverSide = new Set<string>([
    M.campaignNotEditable, M.pixelsOfAdvertiser, M.skadActivationRefused, M.audienceOfAdvertiser, M.unknownGeo, M.creativeTypeMismatch,
    M.creativeOfAdvertiser, M.creativeSetTypeMismatch, M.creativeSetOfAdvertiser, M.tooMany, M.nameTooShort, M.countTooLarge,
  ]);
  const missing = Object.values(M).filter((m) => !seen.has(m) && !serverSide.has(m));
  expect(missing).toEqual([]);
});

test("a new strategy's starting values need only a campaign, a name and a price to save", async () => {
  const { newStrategyFormValues } = await import("./form");
  expect(errorsOf({ ...newStrategyFormValues(3), name: "New", pricingValue: "2" })).toEqual({});
  const { presetHours, DAY_PART_PRESETS } = await import("./options");
  expect(DAY_PART_PRESETS.map((p) => presetHours(p))).toEqual([[6, 7, 8, 9], [10, 11, 12, 13, 14, 15, 16, 17], [18, 19, 20, 21], [22, 23, 0, 1, 2, 3, 4, 5]]);
});
