// Choices offered by the advertiser form. Stored as their text (the list can
// grow without a migration); the form's selects and the server both use these.
export const ADVERTISER_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  Games: ["Action", "Casual", "Puzzle", "Strategy", "Casino", "Sports"],
  Shopping: ["Fashion", "Electronics", "Groceries", "Marketplace", "Home"],
  Travel: ["Flights", "Hotels", "Ride hailing", "Vacation rentals"],
  Finance: ["Banking", "Payments", "Investing", "Insurance", "Crypto"],
  "Health & Fitness": ["Workouts", "Nutrition", "Meditation", "Medical"],
  Entertainment: ["Streaming", "Music", "Video", "Events"],
  "Food & Drink": ["Delivery", "Restaurants", "Recipes"],
  Education: ["Languages", "Courses", "Kids"],
  News: ["General", "Business", "Sports"],
  Social: ["Messaging", "Dating", "Communities"],
  Utilities: ["Productivity", "Tools", "Security"],
  Automotive: ["Dealers", "Services", "Marketplace"],
};

export const ADVERTISER_REGIONS = ["North America", "Latin America", "Europe", "MEA", "APAC", "India", "Global"] as const;

/** Default creative language, ISO 639-1. */
export const CREATIVE_LANGUAGES: Readonly<Record<string, string>> = {
  en: "English",
  de: "German",
  fr: "French",
  es: "Spanish",
  pt: "Portuguese",
  it: "Italian",
  nl: "Dutch",
  hi: "Hindi",
  ja: "Japanese",
  ko: "Korean",
  zh: "Chinese",
  ar: "Arabic",
  ru: "Russian",
  tr: "Turkish",
  id: "Indonesian",
};

export const MMP_NAMES = ["AppsFlyer", "Adjust", "Branch", "Kochava", "Singular", "Tenjin", "None"] as const;

/** Every ISO 4217 code the JavaScript runtime knows (Node and browsers agree). */
export function currencyCodes(): readonly string[] {
  return Intl.supportedValuesOf("currency");
}

/** The shared fallback logo every advertiser starts with (never deletable). */
export const DEFAULT_ADVERTISER_LOGO = "/brand/default-advertiser-logo.svg";

/** The DEFAULT_LOGO image setting a new advertiser starts with: the fallback logo, 300X300. */
export function defaultLogoSetting(advertiserId: number) {
  return {
    advertiserId,
    key: "DEFAULT_LOGO",
    type: "string",
    value: DEFAULT_ADVERTISER_LOGO,
    name: DEFAULT_ADVERTISER_LOGO.split("/").pop()!,
    width: 300,
    height: 300,
    properties: { DIMENSIONS: "300X300" },
  };
}
