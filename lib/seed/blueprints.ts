// What each demo licensee sells: advertisers, their campaigns and strategies.
// Names, objectives and states are written by hand so the lists read like a
// real account (active and inactive rows, ended and never-ending campaigns, every
// pricing type); budgets and rates come from the seeded PRNG in entities.ts.
import type { CampaignObjective, CreativeType, PixelType, PricingType, StrategyType } from "../generated/prisma/enums";

/** Where a strategy's delivery goes: apps of one platform, websites, or connected TV. */
export type Channel = "ANDROID" | "IOS" | "WEB" | "CTV";

export interface StrategyBlueprint {
  name: string;
  channel: Channel;
  /** Index into the advertiser's creative sets. */
  set: 0 | 1;
  active?: boolean;
  /** Started this many days before today (default: with its campaign). */
  startDaysAgo?: number;
  /** Inactive strategies stopped delivering this many days ago. */
  stoppedDaysAgo?: number;
  skad?: boolean;
  /** Buys on every exchange (no aggregator list): the blocking dialog has exchanges to suggest. */
  allExchanges?: boolean;
}

export interface CampaignBlueprint {
  name: string;
  objective: CampaignObjective;
  pricingType: PricingType;
  pricingValue: string;
  /** null: unlimited. */
  lifetimeBudget: string | null;
  /** Days from today; negative: already ended; null: never ending. */
  endInDays: number | null;
  active?: boolean;
  stoppedDaysAgo?: number;
  retargeting?: boolean;
  skad?: boolean;
  strategies: StrategyBlueprint[];
}

export interface AdvertiserBlueprint {
  name: string;
  /** Short prefix for creative and pixel names. */
  short: string;
  domain: string;
  category: string;
  subCategory: string;
  region: string;
  timezoneId: number;
  mmp: "AppsFlyer" | "Adjust" | "Branch";
  androidBundle: string;
  iosAppId: string;
  deeplinkScheme: string;
  active?: boolean;
  /** When an inactive advertiser was paused (its strategies stop then). */
  stoppedDaysAgo?: number;
  cohortEnabled?: boolean;
  pixels: [string, string];
  creativeSets: [SetBlueprint, SetBlueprint];
  campaigns: [CampaignBlueprint, CampaignBlueprint];
}

export interface SetBlueprint {
  name: string;
  type: CreativeType;
  sizes: [number, number][];
}

export const STRATEGY_TYPE: Record<Channel, StrategyType> = { ANDROID: "MULTI_DEVICE", IOS: "MULTI_DEVICE", WEB: "MULTI_DEVICE", CTV: "CTV_OTT" };

/** Pixel types rotate so every type shows up in lists. */
export const PIXEL_TYPES: readonly PixelType[] = ["HYBRID_CONV", "CLICK_CONV", "VIEW_CONV"];

export const ADVERTISERS: Record<"default" | "acme", AdvertiserBlueprint[]> = {
  default: [
    {
      name: "Puzzle Peak Games", short: "PuzzlePeak", domain: "puzzlepeak.com", category: "Games", subCategory: "Puzzle",
      region: "North America", timezoneId: 801, mmp: "AppsFlyer", androidBundle: "com.puzzlepeak.blocks", iosAppId: "1560234871",
      deeplinkScheme: "puzzlepeak", cohortEnabled: true,
      pixels: ["Install", "In-app purchase"],
      creativeSets: [
        { name: "PuzzlePeak Banners", type: "IMAGE", sizes: [[320, 50], [300, 250], [320, 480]] },
        { name: "PuzzlePeak Gameplay Video", type: "VIDEO", sizes: [[1280, 720], [720, 1280]] },
      ],
      campaigns: [
        {
          name: "Puzzle Peak - Android UA", objective: "MOBILE_APP_INSTALLS", pricingType: "CPI", pricingValue: "2.40",
          lifetimeBudget: "60000.00", endInDays: null,
          strategies: [
            { name: "Android - US - Tier 1", channel: "ANDROID", set: 0 },
            { name: "Android - Lookalike 1%", channel: "ANDROID", set: 1, startDaysAgo: 60 },
            { name: "Android - Broad reach", channel: "ANDROID", set: 0, active: false, stoppedDaysAgo: 12 },
          ],
        },
        {
          name: "Puzzle Peak - iOS Re-engagement", objective: "MOBILE_APP_ENGAGEMENT", pricingType: "CPC", pricingValue: "0.35",
          lifetimeBudget: null, endInDays: 45, retargeting: true,
          strategies: [
            { name: "iOS - Lapsed 7 days", channel: "IOS", set: 1 },
            { name: "iOS - Lapsed 30 days", channel: "IOS", set: 0, startDaysAgo: 40 },
          ],
        },
      ],
    },
    {
      name: "UrbanCart", short: "UrbanCart", domain: "urbancart.com", category: "Shopping", subCategory: "Fashion",
      region: "North America", timezoneId: 804, mmp: "Adjust", androidBundle: "com.urbancart.shop", iosAppId: "1498820114",
      deeplinkScheme: "urbancart",
      pixels: ["Purchase", "Add to cart"],
      creativeSets: [
        { name: "UrbanCart Lifestyle Banners", type: "IMAGE", sizes: [[320, 50], [300, 250], [728, 90]] },
        { name: "UrbanCart CTV Spots", type: "CTV_VIDEO", sizes: [[1920, 1080], [1280, 720]] },
      ],
      campaigns: [
        {
          name: "UrbanCart - Website Sales", objective: "WEBSITE", pricingType: "CPA", pricingValue: "12.50",
          lifetimeBudget: "45000.00", endInDays: 60,
          strategies: [
            { name: "Web - Cart abandoners", channel: "WEB", set: 0 },
            { name: "Web - Prospecting", channel: "WEB", set: 0 },
            { name: "Mobile web - Deals", channel: "WEB", set: 0, startDaysAgo: 30 },
          ],
        },
        {
          name: "UrbanCart - Brand Awareness", objective: "BRAND_AWARENESS", pricingType: "CPM", pricingValue: "4.20",
          lifetimeBudget: "60000.00", endInDays: null,
          strategies: [
            { name: "Display - Lifestyle", channel: "WEB", set: 0, allExchanges: true },
            { name: "CTV - Prime time", channel: "CTV", set: 1 },
            { name: "Native - Lookbook", channel: "ANDROID", set: 0 },
          ],
        },
      ],
    },
    {
      name: "FlyNest Travel", short: "FlyNest", domain: "flynest.com", category: "Travel", subCategory: "Flights",
      region: "North America", timezoneId: 803, mmp: "Branch", androidBundle: "com.flynest.travel", iosAppId: "1443517702",
      deeplinkScheme: "flynest", active: false, stoppedDaysAgo: 25,
      pixels: ["Booking", "Search"],
      creativeSets: [
        { name: "FlyNest Native Deals", type: "NATIVE_IMAGE", sizes: [[1200, 627], [1200, 628]] },
        { name: "FlyNest Summer Banners", type: "IMAGE", sizes: [[300, 250], [728, 90]] },
      ],
      campaigns: [
        {
          name: "FlyNest - Summer Deals", objective: "MOBILE_APP_INSTALLS", pricingType: "MARGIN", pricingValue: "0.30",
          lifetimeBudget: "30000.00", endInDays: -20, active: false,
          strategies: [
            { name: "Android - Deal seekers", channel: "ANDROID", set: 0, active: false },
            { name: "iOS - Deal seekers", channel: "IOS", set: 0, active: false },
          ],
        },
        {
          name: "FlyNest - Web Retargeting", objective: "WEBSITE", pricingType: "CPC", pricingValue: "0.80",
          lifetimeBudget: null, endInDays: null, active: false, retargeting: true,
          strategies: [
            { name: "Web - Searched no booking", channel: "WEB", set: 1, active: false },
            { name: "Web - Past bookers", channel: "WEB", set: 1, active: false },
          ],
        },
      ],
    },
  ],
  acme: [
    {
      name: "Velo Fitness", short: "Velo", domain: "velofitness.de", category: "Health & Fitness", subCategory: "Workouts",
      region: "Europe", timezoneId: 808, mmp: "Adjust", androidBundle: "com.velofitness.app", iosAppId: "1620047752",
      deeplinkScheme: "velo",
      pixels: ["Install", "Subscription started"],
      creativeSets: [
        { name: "Velo Banners", type: "IMAGE", sizes: [[320, 50], [300, 250]] },
        { name: "Velo Workout Clips", type: "VIDEO", sizes: [[720, 1280], [1080, 1080], [1280, 720]] },
      ],
      campaigns: [
        {
          name: "Velo - App Installs DACH", objective: "MOBILE_APP_INSTALLS", pricingType: "CPI", pricingValue: "1.90",
          lifetimeBudget: "40000.00", endInDays: 90, skad: true,
          strategies: [
            { name: "Android - DE", channel: "ANDROID", set: 0 },
            { name: "iOS - DE/AT (SKAd)", channel: "IOS", set: 1, skad: true },
            { name: "Android - CH", channel: "ANDROID", set: 0, startDaysAgo: 50 },
          ],
        },
        {
          name: "Velo - Subscriptions", objective: "MOBILE_APP_ENGAGEMENT", pricingType: "CPA", pricingValue: "18.00",
          lifetimeBudget: null, endInDays: null, retargeting: true,
          strategies: [
            { name: "Trial users", channel: "ANDROID", set: 1 },
            { name: "Churned subscribers", channel: "IOS", set: 1 },
          ],
        },
      ],
    },
    {
      name: "Streamly", short: "Streamly", domain: "streamly.tv", category: "Entertainment", subCategory: "Streaming",
      region: "Europe", timezoneId: 807, mmp: "AppsFlyer", androidBundle: "tv.streamly.android", iosAppId: "1598843310",
      deeplinkScheme: "streamly", cohortEnabled: true,
      pixels: ["Sign-up", "Trial start"],
      creativeSets: [
        { name: "Streamly Trailers CTV", type: "CTV_VIDEO", sizes: [[1920, 1080], [1280, 720]] },
        { name: "Streamly Launch Banners", type: "IMAGE", sizes: [[320, 50], [300, 250], [1200, 627]] },
      ],
      campaigns: [
        {
          name: "Streamly - Launch Awareness", objective: "BRAND_AWARENESS", pricingType: "CPM", pricingValue: "6.50",
          lifetimeBudget: "80000.00", endInDays: 30,
          strategies: [
            { name: "CTV - Living room", channel: "CTV", set: 0 },
            { name: "Mobile - Launch banners", channel: "ANDROID", set: 1 },
            { name: "Display - Site visitors", channel: "WEB", set: 1, startDaysAgo: 35 },
          ],
        },
        {
          name: "Streamly - Sign-ups", objective: "WEBSITE", pricingType: "CPA", pricingValue: "9.00",
          lifetimeBudget: "50000.00", endInDays: null, active: false, stoppedDaysAgo: 8,
          strategies: [
            { name: "Web - Prospecting", channel: "WEB", set: 1, active: false },
            { name: "Web - Visitors 14 days", channel: "WEB", set: 1, active: false },
          ],
        },
      ],
    },
    {
      name: "NordPay", short: "NordPay", domain: "nordpay.eu", category: "Finance", subCategory: "Payments",
      region: "Europe", timezoneId: 808, mmp: "Adjust", androidBundle: "eu.nordpay.wallet", iosAppId: "1571190246",
      deeplinkScheme: "nordpay", active: false, stoppedDaysAgo: 18,
      pixels: ["Account opened", "Card activated"],
      creativeSets: [
        { name: "NordPay Card Banners", type: "IMAGE", sizes: [[320, 50], [300, 250], [1200, 627]] },
        { name: "NordPay Native", type: "NATIVE_IMAGE", sizes: [[1200, 627], [1200, 628]] },
      ],
      campaigns: [
        {
          name: "NordPay - Card Launch", objective: "MOBILE_APP_INSTALLS", pricingType: "REV_SHARE", pricingValue: "0.15",
          lifetimeBudget: "50000.00", endInDays: -15, active: false,
          strategies: [
            { name: "Android - Young professionals", channel: "ANDROID", set: 0, active: false },
            { name: "iOS - Young professionals", channel: "IOS", set: 1, active: false },
          ],
        },
        {
          name: "NordPay - Web Leads", objective: "WEBSITE", pricingType: "CPC", pricingValue: "1.10",
          lifetimeBudget: null, endInDays: null, active: false,
          strategies: [
            { name: "Web - Finance readers", channel: "WEB", set: 1, active: false },
            { name: "Web - Comparison sites", channel: "WEB", set: 0, active: false },
          ],
        },
      ],
    },
  ],
};
