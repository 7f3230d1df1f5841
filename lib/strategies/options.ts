// The strategy wizard's fixed vocabulary (business.md 2, 3, 9): step keys and
// titles, option lists with the spec's ids and labels. Pure: the screens draw
// their steps, selects and chips from these lists, the schemas (./schema.ts,
// ./steps/*) accept exactly these values, and the review (./review.ts) names
// them with the same labels.

// ───────────── wizard steps (business.md 2) ─────────────

export const STRATEGY_STEPS = [
  { key: "basic", title: "Enter Basic Details" },
  { key: "inventory", title: "Select Inventory" },
  { key: "targeting", title: "Select Targeting Options" },
  { key: "budget", title: "Specify Budget & Bidding" },
  { key: "creative", title: "Associate Creatives" },
  { key: "creativeSets", title: "Associate Creative Sets" },
  { key: "review", title: "Review Strategy Settings" },
] as const;
export type StrategyStepKey = (typeof STRATEGY_STEPS)[number]["key"];
/** The steps that hold fields (every step but the review). */
export type StrategyFormStepKey = Exclude<StrategyStepKey, "review">;
export const STRATEGY_PAGE_TITLES = { create: "Create Strategy", edit: "Edit Strategy" } as const;
/** The browser's unsaved-changes warning (business.md 4). */
export const UNSAVED_CHANGES_WARNING = "WARNING: Changes that you made may not be saved.";

// ───────────── basic details ─────────────

export const STRATEGY_TYPE_OPTIONS = [
  { value: "MULTI_DEVICE", label: "Multi Device" },
  { value: "CTV_OTT", label: "CTV/OTT" },
] as const;
export type StrategyTypeValue = (typeof STRATEGY_TYPE_OPTIONS)[number]["value"];
/** business.md 2: SKOverlay positions. */
export const SKOVERLAY_POSITIONS = [
  { value: "BOTTOM", label: "Bottom" },
  { value: "BOTTOM_RAISED", label: "Bottom Raised" },
] as const;
/** business.md 5 (Campaign): the strategy's frequency cap interval is 1 to 168 hours. */
export const FCAP_INTERVAL_HOURS = { min: 1, max: 168 } as const;

// ───────────── inventory ─────────────

export const APP_RATINGS = ["1+", "2+", "3+", "4+"] as const;
// Absent: both (business.md 3: "first or second price").
export const AUCTION_TYPES = ["FIRST_PRICE", "SECOND_PRICE"] as const;
export const AUCTION_TYPE_OPTIONS = [
  { value: "FIRST_PRICE", label: "First Price" },
  { value: "SECOND_PRICE", label: "Second Price" },
] as const;

// ───────────── targeting ─────────────

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_LABELS: Record<Weekday, string> = {
  MONDAY: "Monday", TUESDAY: "Tuesday", WEDNESDAY: "Wednesday", THURSDAY: "Thursday", FRIDAY: "Friday", SATURDAY: "Saturday", SUNDAY: "Sunday",
};
/** business.md 9 day parts: inclusive hour ranges; night wraps past midnight (22 to 5). */
export const DAY_PART_PRESETS = [
  { key: "morning", label: "Morning", from: 6, to: 9 },
  { key: "officeHours", label: "Office Hours", from: 10, to: 17 },
  { key: "evening", label: "Evening", from: 18, to: 21 },
  { key: "night", label: "Night", from: 22, to: 5 },
] as const;
/** business.md 9: placements. Id 5 is CTV. */
export const PLACEMENTS = [
  { id: 1, name: "Desktop" },
  { id: 2, name: "Mobile Web" },
  { id: 3, name: "Mobile Apps" },
  { id: 5, name: "CTV" },
] as const;
export const CTV_PLACEMENT_ID = 5;
export const MOBILE_APPS_PLACEMENT_ID = 3;
/** business.md 9: device types. */
export const DEVICE_TYPES = [
  { id: 3, name: "Smartphone" },
  { id: 4, name: "Tablet" },
] as const;
/** business.md 9: genders. */
export const GENDER_IDS = [1, 2] as const;
export const GENDERS = [
  { id: 1, name: "Male" },
  { id: 2, name: "Female" },
] as const;
export const CONNECTION_TYPES = ["wifi", "2G", "3G", "4G", "5G"] as const;
export const CONNECTION_TYPE_LABELS: Record<(typeof CONNECTION_TYPES)[number], string> = { wifi: "WiFi", "2G": "2G", "3G": "3G", "4G": "4G", "5G": "5G" };
/** Mobile operating systems of targetMobileDevices; iOS is the one SKAd and SKOverlay need. */
export const MOBILE_OPERATING_SYSTEMS = ["Android", "iOS"] as const;
export const IOS = "iOS";
/** Operating systems of connected TVs (ctvTargeting.osTargeting). */
export const CTV_OPERATING_SYSTEMS = ["Android TV", "Fire TV", "Roku", "tvOS", "Tizen", "webOS", "Other"] as const;
/** business.md 9: ad break positions and ad pod types. */
export const AD_BREAKS = ["PRE", "MID", "POST"] as const;
export const AD_POD_TYPES = ["Dynamic", "Manual"] as const;
/** Publisher types (absent: all, business.md 3 "default all"). */
export const PUBLISHER_TYPES = ["App", "Web", "CTV"] as const;
export const VIDEO_TYPES = ["Instream", "Outstream", "Interstitial"] as const;
export const WEATHER_CONDITIONS = ["Clear", "Clouds", "Rain", "Drizzle", "Thunderstorm", "Snow", "Mist", "Fog"] as const;
/** Geofence (business.md 9): default radius 1 km; a mile is 1.60934 km; km x1000 for metres. */
export const GEOFENCE = { defaultRadius: 1, defaultUnit: "km", mileInKm: "1.60934", metresPerKm: 1000 } as const;
export const RADIUS_UNITS = ["km", "miles"] as const;
/** Ages a strategy can target, shown as 'min to max years' (business.md 9). */
export const AGE_RANGE = { min: 13, max: 100 } as const;
/** Temperatures in degrees Celsius. */
export const TEMPERATURE_RANGE = { min: -90, max: 60 } as const;
/**
 * business.md 3: attribution type is shown from the strategy's consentType:
 * 0 Probablistic (the spec's spelling), 1 Deterministic, 2 Deterministic (for
 * IDFA/GAID audience); anything else NA.
 */
export const CONSENT_TYPES = [
  { id: 0, label: "Probablistic" },
  { id: 1, label: "Deterministic" },
  { id: 2, label: "Deterministic (for IDFA/GAID audience)" },
] as const;
export const CONSENT_TYPE_IDS = [0, 1, 2] as const;
export const ATTRIBUTION_NA = "NA";
export function attributionTypeOf(consentType: unknown): string {
  return CONSENT_TYPES.find((c) => c.id === consentType)?.label ?? ATTRIBUTION_NA;
}
/** Audience kinds in strategy targeting (business.md 3) and the targeting fields holding them. */
export const AUDIENCE_KINDS = [
  { key: "app", field: "targetAppSegments", source: "MOBILE", label: "App Audience" },
  { key: "web", field: "targetWebSegments", source: "WEBSITE", label: "Web Audience" },
  { key: "dmp", field: "targetDmpSegments", source: "DMP", label: "DMP Audience" },
  { key: "lal", field: "targetLalSegments", source: "LOOK_ALIKE", label: "Look Alike Audience" },
] as const;
export type AudienceField = (typeof AUDIENCE_KINDS)[number]["field"];
/** business.md 2: intent targeting needs a retargeting campaign with exactly this many purchase-frequency mappings. */
export const INTENT_PURCHASE_FREQUENCY_MAPPINGS = 6;

// ───────────── budget & bidding ─────────────

/** business.md 3 pacing types (strategy). */
export const PACING_TYPES = [
  { id: 1, name: "ASAP (Lifetime)" },
  { id: 6, name: "ASAP (Daily)" },
  { id: 10, name: "Hourly Weightage (Daily)" },
  { id: 11, name: "Day Parted Hourly Weightage" },
] as const;
export const PACING_TYPE_IDS = [1, 6, 10, 11] as const;
/** business.md 3: pricing ids CPM 1, CPC 2, CPA 3, Margin 5, CPI 6, and rev share. */
export const STRATEGY_PRICING_TYPES = [
  { value: "CPM", id: 1, label: "CPM" },
  { value: "CPC", id: 2, label: "CPC" },
  { value: "CPA", id: 3, label: "CPA" },
  { value: "MARGIN", id: 5, label: "Margin" },
  { value: "CPI", id: 6, label: "CPI" },
  { value: "REV_SHARE", id: null, label: "Rev Share" },
] as const;
/** business.md 3: product feed recommendation logic (stored in productSelectionPolicy). */
export const RECOMMENDATION_LOGIC = [
  { value: "CART_PRODUCTS", label: "Cart Products" },
  { value: "VIEWED_PRODUCTS", label: "Viewed Products" },
  { value: "CART_OR_VIEW_AND_TOPSELLER", label: "Cart or View Product and User Interested Topseller (50:50)" },
  { value: "USER_INTERESTED_TOPSELLER", label: "Product By User Interested Topseller Only" },
  { value: "ADVERTISER_TOP_SELLING_CATEGORY", label: "Advertiser Level Top Selling Product Category" },
] as const;
export type RecommendationLogic = (typeof RECOMMENDATION_LOGIC)[number]["value"];
/** Bid caps: 0 and -1 mean none (business.md 3); budgets: -1 unlimited. */
export const NO_BID_CAP = ["0", "-1"] as const;
export const UNLIMITED = -1;

// ───────────── creatives ─────────────

/** Creative types a CTV/OTT strategy may run (business.md 5: creatives must match the creative type). */
export const CTV_CREATIVE_TYPES = ["CTV_VIDEO"] as const;

export const labelOf = <T extends { label?: string; name?: string }>(options: readonly T[], match: (o: T) => boolean): string | null => {
  const found = options.find(match);
  return found ? (found.label ?? found.name ?? null) : null;
};

/** The hours of a day-part preset (inclusive, wrapping past midnight): night 22-5 is 22, 23, 0 ... 5. */
export function presetHours(preset: { from: number; to: number }): number[] {
  const hours: number[] = [];
  for (let h = preset.from; ; h = (h + 1) % 24) {
    hours.push(h);
    if (h === preset.to) return hours;
  }
}
