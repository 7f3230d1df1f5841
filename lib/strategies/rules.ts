// The strategy wizard's limits and messages (business.md 5 Strategy, and the
// wizard's own rules), shared by the step schemas (./steps.ts), the whole
// schema (./form.ts), the server checks (./references.ts, ./mutations.ts) and
// the screens. Pure.
import { nameMessages } from "../validation/name-messages";
import { SCHEDULE_MESSAGES } from "../validation/schedule-messages";
import { FCAP_INTERVAL_HOURS } from "./options";

export { NEVER_ENDING, START_IMMEDIATELY, MAX_INT4 } from "../campaigns/rules";

export const STRATEGY_NAME = { min: 1, max: 255 } as const;
/** Percent of the price bid (Decimal(9,4)): above 0, at most 100. */
export const BID_PERCENTAGE = { max: 100, decimals: 4 } as const;
/** Pixels, creatives and creative sets one strategy may name; far above any real use. */
export const MAX_ASSOCIATIONS = 1000;
export const TRACKING_PARAMETER_MAX = 500;

export const STRATEGY_MESSAGES = {
  campaignRequired: "Campaign is required",
  campaignNotEditable: "The campaign cannot be changed once the strategy is saved",
  ...nameMessages(STRATEGY_NAME),
  typeRequired: "Strategy type is required",
  typeNotEditable: "Strategy type cannot be changed once the strategy is saved",
  ...SCHEDULE_MESSAGES,
  pixelsOfAdvertiser: "Choose pixels of the campaign's advertiser",
  trackingParameterTooLong: `Tracking parameter must be at most ${TRACKING_PARAMETER_MAX} characters`,
  skadNotAllowed: "SKAd optimisation needs the SKAD privilege, which this campaign does not have",
  skadActivationRefused: "This strategy is SKAd optimised and its campaign lacks the SKAD privilege: it cannot be activated",
  skOverlayPosition: "Choose Bottom or Bottom Raised",
  skOverlayObjective: "SKOverlay is only for brand awareness and app install campaigns",
  skOverlayNeedsIos: "SKOverlay needs iOS among the targeted operating systems",
  fcapFrequencyRequired: "Frequency is required when the campaign's frequency cap is not used",
  fcapIntervalRequired: "Interval is required when the campaign's frequency cap is not used",
  fcapIntervalRange: `Interval must be between ${FCAP_INTERVAL_HOURS.min} and ${FCAP_INTERVAL_HOURS.max} hours`,
  countWhole: "Only whole numbers are allowed",
  countMin: "Value must be at least 1",
  capMin: "Value must be at least 1, or 0 for no cap",
  countTooLarge: "Value is too large",
  productCategoryRequired: "Select at least one product category",
  ctvPlacementOnlyForCtv: "The CTV placement is only for CTV/OTT strategies",
  geofenceNeedsLocation: "Add at least one location to the geofence",
  audiencesNeedAdvertiser: "Choose a campaign first: audiences are filtered by its advertiser",
  audienceOfAdvertiser: "Choose audiences of the campaign's advertiser",
  noDmpAccess: "This advertiser has no partner-data (DMP) access",
  unknownGeo: "Unknown location: choose it from the list",
  unknownRecord: "Choose it from the list",
  dayPartedPacingNeedsDayParts: "Day Parted Hourly Weightage needs day parts: choose the hours the strategy runs",
  pricingTypeRequired: "Pricing type is required",
  pricingValueRequired: "Pricing value is required",
  pricingValuePositive: "Pricing value must be greater than 0",
  marginRange: "Margin must be between 0 and 99",
  marginDecimals: "Margin may have at most 2 decimals",
  bidPercentageRange: `Bid percentage must be greater than 0 and at most ${BID_PERCENTAGE.max}`,
  bidPercentageDecimals: `Bid percentage may have at most ${BID_PERCENTAGE.decimals} decimals`,
  bidCapPositive: "Bid cap must be greater than 0, or 0 or -1 for none",
  bidCapMinAboveMax: "Minimum bid cap must not be above the maximum bid cap",
  budgetPositive: "Budget must be greater than 0, or -1 for unlimited",
  dailyAboveBudget: "Daily advertiser spend budget must not be above the budget",
  pacingTypeRequired: "Choose a pacing type",
  pacingBudgetPositive: "Pacing budget must be greater than 0",
  pacingBudgetAboveBudget: "Pacing budget must not be above the budget",
  amountNegative: "Value must not be negative",
  resetTimeRequired: "Reset time is required with a delta media budget",
  boostBidPositive: "Boost bid price must be greater than 0",
  cpaTargetPositive: "CPA target must be greater than 0",
  productFeedOnlyForCatalog: "Product feed targeting is only for advertisers with a product catalog",
  recommendationLogicRequired: "Choose a recommendation logic",
  creativeTypeMismatch: "Creatives must match the creative type: CTV video creatives for CTV/OTT strategies, other creatives for Multi Device ones",
  creativeOfAdvertiser: "Choose creatives of the campaign's advertiser",
  creativeSetTypeMismatch: "Creative sets must match the creative type: CTV video sets for CTV/OTT strategies, other sets for Multi Device ones",
  creativeSetOfAdvertiser: "Choose creative sets of the campaign's advertiser",
  tooMany: `At most ${MAX_ASSOCIATIONS} may be chosen`,
} as const;

/** What a strategy change may answer besides field messages. */
export const STRATEGY_CHANGE_MESSAGES = {
  staleVersion: "This strategy was changed by someone else",
  archivedReadOnly: "This strategy is archived and can no longer be changed.",
  campaignArchived: "This campaign is archived: its strategies can no longer be created or changed.",
} as const;
