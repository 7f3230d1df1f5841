// The campaign form's limits and messages (business.md 5 Campaign), shared by
// the field parsers (./fields.ts), the schema (./schema.ts) and the form.
import { CampaignObjective, PricingType } from "../generated/prisma/enums";
import { BUDGET_SPENDS_OPTIONS, COOLING_PERIOD_OPTIONS, MONEY_SCALE, MONEY_WHOLE_DIGITS } from "./budget";
import { nameMessages } from "../validation/name-messages";
import { SCHEDULE_MESSAGES } from "../validation/schedule-messages";

export const CAMPAIGN_OBJECTIVES = Object.values(CampaignObjective);
export const PRICING_TYPES = Object.values(PricingType);
export const CAMPAIGN_NAME = { min: 4, max: 100 } as const;
/** business.md 4: start immediately is -1; an end of -1 (or at or after 7258118399) is never ending. */
export const START_IMMEDIATELY = -1;
export const NEVER_ENDING = -1;
/** business.md 5: margin 0 to 99 (as a percentage); attribution ratio 0 to 100 (Decimal(5,2)). */
export const MARGIN_PERCENT = { min: 0, max: 99 } as const;
export const ATTRIBUTION_RATIO = { min: 0, max: 100, decimals: 2 } as const;
/** business.md 5: the campaign's daily frequency cap duration is 1 to 24 hours. */
export const FCAP_HOURS = { min: 1, max: 24 } as const;
/** business.md 9: the lifetime frequency cap is counted over 30 days (stored as userFcapDuration, seconds). */
export const LIFETIME_FCAP_DAYS = 30;
export const LIFETIME_FCAP_SECONDS = LIFETIME_FCAP_DAYS * 86_400;
/** Counts: frequency caps are int4 columns; delivery caps are int8, kept below 2^53 so they stay exact JS numbers. */
export const MAX_INT4 = 2_147_483_647;
export const MAX_DELIVERY_CAP = Number.MAX_SAFE_INTEGER;

export const CAMPAIGN_MESSAGES = {
  advertiserRequired: "Advertiser is required",
  ...nameMessages(CAMPAIGN_NAME),
  objectiveRequired: "Objective is required",
  pixelRequired: "Pixel is required",
  pixelRequiredForCpa: "Pixel is mandatory for CPA pricing",
  ...SCHEDULE_MESSAGES,
  pricingTypeRequired: "Pricing type is required",
  pricingValueRequired: "Pricing value is required",
  marginRange: `Margin must be between ${MARGIN_PERCENT.min} and ${MARGIN_PERCENT.max}`,
  marginDecimals: "Margin may have at most 2 decimals",
  pricingValuePositive: "Pricing value must be greater than 0",
  pricingValueAboveDailyBudget: "Pricing value must not be above the daily media budget",
  dailyBudgetNotBelowLifetime: "Daily media budget must be below the lifetime media budget",
  lifetimeCapNotAboveDaily: "Lifetime delivery cap must be greater than the daily delivery cap",
  lifetimeFcapBelowDaily: "Lifetime frequency cap must be at least the daily frequency cap",
  attributionRange: `Attribution ratio must be between ${ATTRIBUTION_RATIO.min} and ${ATTRIBUTION_RATIO.max}`,
  attributionDecimals: "Attribution ratio may have at most 2 decimals",
  cpaTargetPositive: "CPA target must be greater than 0",
  cpiTargetPositive: "CPI target must be greater than 0",
  roiTargetPositive: "ROI target must be greater than 0",
  fcapHoursRequired: "Duration is required when a daily frequency cap is set",
  fcapHoursRange: `Duration must be between ${FCAP_HOURS.min} and ${FCAP_HOURS.max} hours`,
  countWhole: "Only whole numbers are allowed",
  countMin: "Value must be at least 1, or 0 for no cap",
  countTooLarge: "Value is too large",
  amountInvalid: "Enter a number, e.g. 1234.56",
  amountDecimals: `At most ${MONEY_SCALE} decimals are allowed`,
  amountTooLarge: `Value must have at most ${MONEY_WHOLE_DIGITS} digits before the decimal point`,
  budgetPositive: "Budget must be greater than 0",
  amountNegative: "Value must not be negative",
  pacingRequired: "Choose a budget pacing option",
  pacingUnavailable: "This pacing option is not available",
  budgetSpendsInvalid: `Choose ${BUDGET_SPENDS_OPTIONS.slice(0, -1).join(", ")} or ${BUDGET_SPENDS_OPTIONS[BUDGET_SPENDS_OPTIONS.length - 1]}`,
  coolingPeriodInvalid: `Choose a cooling period from ${COOLING_PERIOD_OPTIONS[0]} to ${COOLING_PERIOD_OPTIONS[COOLING_PERIOD_OPTIONS.length - 1]}`,
  skadNotAllowed: "SKAD target needs the SKAD privilege, which this licensee does not have",
} as const;
