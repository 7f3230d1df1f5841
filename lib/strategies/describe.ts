// A strategy as readable rows: every field of the wizard named by its label
// and shown as text or as a list of items (countries, audiences, creatives by
// name, never ids or JSON). One table serves the review step, the details
// page (./review.ts groups the rows into sections and applies visibility)
// and the activity rows (./audit.ts: a list changes by items added and
// removed). Pure: names come in through `Namers`.
import { marginPercentText } from "../campaigns/budget";
import {
  AUCTION_TYPE_OPTIONS,
  CONNECTION_TYPE_LABELS,
  DEVICE_TYPES,
  GENDERS,
  PACING_TYPES,
  RECOMMENDATION_LOGIC,
  SKOVERLAY_POSITIONS,
  STRATEGY_TYPE_OPTIONS,
  WEEKDAY_LABELS,
  attributionTypeOf,
  labelOf,
  type Weekday,
} from "./options";
import type { StrategyInventory, StrategyTargeting } from "./schema";
import { isAllHours } from "./steps";
import type { GeoLevel } from "./geo-ids";
import type { ReferenceNames } from "./references";
import type { VisibilityRow } from "./visibility";

export const REVIEW_SECTIONS = [
  { key: "basics", title: "BASICS", editTitle: "Details" },
  { key: "budget", title: "BUDGET & BIDDING", editTitle: "Budget & Bidding" },
  { key: "targeting", title: "DELIVERY TARGETING", editTitle: "Targeting" },
  { key: "inventory", title: "INVENTORY", editTitle: "Inventory" },
  { key: "creativeSets", title: "CREATIVE SETS", editTitle: "Creative Sets" },
] as const;
export type ReviewSectionKey = (typeof REVIEW_SECTIONS)[number]["key"];

/** What the rows read: the parsed form (./form.ts StrategyData) or a stored strategy, times as ISO text. */
export interface DescribableStrategy {
  campaignId: number;
  name: string;
  type: string;
  startTime: string;
  endTime: string | null;
  pixelIds: number[];
  trackingParameter: string | null;
  skadOptimised: boolean;
  skOverlayPosition: string | null;
  campaignFcap: boolean;
  fcapFrequency: number | null;
  fcapInterval: number | null;
  lifetimeUserFcap: number | null;
  pricingType: string;
  pricingValue: string;
  bidPercentage: string | null;
  bidCapMin: string | null;
  bidCapMax: string | null;
  budgetValue: string | null;
  dailyAdvSpendBudget: string | null;
  pacingTypeId: number;
  pacingBudgetValue: string | null;
  isBargainerActive: boolean;
  deltaMediaBudget: string | null;
  resetTimeDeltaMediaBudget: string | null;
  spillover: boolean;
  boostBidPrice: string | null;
  cpaTarget: string | null;
  productFeedTargeting: { categories: string[] } | null;
  productSelectionPolicy: string | null;
  inventory: StrategyInventory;
  targeting: StrategyTargeting;
  creativeIds: number[];
  creativeSetIds: number[];
}

export interface Namers extends ReferenceNames {
  campaign(id: number): string;
  geo(level: GeoLevel, id: string): string;
  /** A stored instant as the reader sees it (their timezone); ISO text for the activity rows. */
  time(iso: string): string;
}

/** One readable row: `items` for lists (added/removed in the activity log), `text` otherwise; null: not set. */
export interface DescribedRow {
  key: string;
  label: string;
  section: ReviewSectionKey;
  /** The visibility rule that may hide it (./visibility.ts). */
  row?: VisibilityRow;
  text?: string | null;
  items?: string[] | null;
}

const yesNo = (b: boolean | undefined | null) => (b === undefined || b === null ? null : b ? "Yes" : "No");
const UNLIMITED = "Unlimited";
const NONE = "None";

/** Hours as ranges: [6,7,8,9,14] → "06:00-09:59, 14:00-14:59". */
export function hoursText(hours: readonly number[]): string {
  const sorted = [...new Set(hours)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    ranges.push(`${String(start).padStart(2, "0")}:00-${String(sorted[i]).padStart(2, "0")}:59`);
  }
  return ranges.join(", ");
}

export function describeStrategy(s: DescribableStrategy, n: Namers): DescribedRow[] {
  const t = s.targeting;
  const inv = s.inventory;
  const rows: DescribedRow[] = [];
  const text = (section: ReviewSectionKey, key: string, label: string, value: string | null | undefined, row?: VisibilityRow) =>
    rows.push({ key, label, section, text: value ?? null, ...(row ? { row } : {}) });
  const items = (section: ReviewSectionKey, key: string, label: string, value: string[] | null | undefined, row?: VisibilityRow) =>
    rows.push({ key, label, section, items: value ?? null, ...(row ? { row } : {}) });
  const lists = (section: ReviewSectionKey, key: string, label: string, value: { targetList: number[]; blockedList: number[] } | undefined, name: (id: number) => string, row?: VisibilityRow) => {
    items(section, `${key}.target`, `Targeted ${label}`, value?.targetList.map(name), row);
    items(section, `${key}.blocked`, `Blocked ${label}`, value?.blockedList.map(name), row);
  };
  const margin = s.pricingType === "MARGIN";

  // BASICS
  text("basics", "campaign", "Campaign", n.campaign(s.campaignId));
  text("basics", "name", "Name", s.name);
  text("basics", "type", "Type", labelOf(STRATEGY_TYPE_OPTIONS, (o) => o.value === s.type));
  text("basics", "startTime", "Start Time", n.time(s.startTime));
  text("basics", "endTime", "End Time", s.endTime === null ? "Never Ending" : n.time(s.endTime));
  items("basics", "pixels", "Pixels", s.pixelIds.map(n.pixel));
  text("basics", "trackingParameter", "Tracking Parameter", s.trackingParameter);
  text("basics", "skadOptimised", "SKAd Optimised", yesNo(s.skadOptimised));
  text("basics", "skOverlay", "SKOverlay", s.skOverlayPosition ? labelOf(SKOVERLAY_POSITIONS, (o) => o.value === s.skOverlayPosition) : "Off", "skOverlay");
  text("basics", "frequencyCap", "Frequency Cap", s.campaignFcap ? "Use campaign frequency cap" : s.fcapFrequency ? `${s.fcapFrequency} every ${s.fcapInterval} hours` : NONE);
  text("basics", "lifetimeUserFcap", "Lifetime User Cap", s.lifetimeUserFcap ? String(s.lifetimeUserFcap) : NONE);
  text("basics", "attributionType", "Attribution Type", attributionTypeOf(t.consentType), "attributionType");

  // BUDGET & BIDDING
  text("budget", "pricingType", "Pricing Type", s.pricingType === "MARGIN" ? "Margin" : s.pricingType === "REV_SHARE" ? "Rev Share" : s.pricingType);
  text("budget", "pricingValue", "Goal", margin ? `${marginPercentText(s.pricingValue)}%` : s.pricingValue);
  text("budget", "bidPercentage", "Bid Percentage", s.bidPercentage === null ? null : `${s.bidPercentage}%`);
  text("budget", "bidCapMin", "Min Bid Cap", s.bidCapMin ?? NONE);
  text("budget", "bidCapMax", "Max Bid Cap", s.bidCapMax ?? NONE);
  text("budget", "budgetValue", "Budget", s.budgetValue ?? UNLIMITED);
  text("budget", "dailyAdvSpendBudget", "Daily Advertiser Spend Budget", s.dailyAdvSpendBudget ?? UNLIMITED);
  text("budget", "pacingType", "Pacing Type", labelOf(PACING_TYPES, (o) => o.id === s.pacingTypeId));
  text("budget", "pacingBudgetValue", "Pacing Budget", s.pacingBudgetValue);
  text("budget", "isBargainerActive", "CPM Bargainer", yesNo(s.isBargainerActive));
  text("budget", "deltaMediaBudget", "Delta Media Budget", s.deltaMediaBudget);
  text("budget", "resetTimeDeltaMediaBudget", "Delta Media Budget Reset Time", s.resetTimeDeltaMediaBudget ? n.time(s.resetTimeDeltaMediaBudget) : null);
  text("budget", "spillover", "Spillover", yesNo(s.spillover));
  text("budget", "boostBidPrice", "Boost Bid Price", s.boostBidPrice);
  text("budget", "cpaTarget", "CPA Target", s.cpaTarget);
  items("budget", "productFeedCategories", "Product Feed Categories", s.productFeedTargeting?.categories, "productFeed");
  text("budget", "recommendationLogic", "Recommendation Logic", labelOf(RECOMMENDATION_LOGIC, (o) => o.value === s.productSelectionPolicy), "productFeed");

  // DELIVERY TARGETING
  // Every hour of every day restricts nothing (business.md 9): "All", as with no day parts, not seven full-day lines.
  const chosenDays = t.targetDays?.daypart;
  const dayparts = chosenDays && !isAllHours(chosenDays) ? chosenDays : undefined;
  items("targeting", "dayParts", "Day Parts", dayparts?.filter((d) => d.hours.length > 0).map((d) => `${WEEKDAY_LABELS[d.day as Weekday]} ${hoursText(d.hours)}`));
  for (const level of ["country", "state", "city"] as const) {
    const geo = t.targetGeographies?.[level];
    const label = { country: "Countries", state: "States", city: "Cities" }[level];
    items("targeting", `geo.${level}.target`, `Targeted ${label}`, geo?.targetList.map((id) => n.geo(level, id)));
    items("targeting", `geo.${level}.blocked`, `Blocked ${label}`, geo?.blockedList.map((id) => n.geo(level, id)));
  }
  text("targeting", "customGeoTargeting", "Custom Geo Targeting", yesNo(t.targetGeographies?.customGeoTargeting));
  items("targeting", "zipCodes", "Zip Codes", t.zipCodes);
  const fence = t.geoFenceDTO;
  text("targeting", "geofence", "Geofence", fence?.isEnabled ? `${fence.targetList.length} location(s), radius ${fence.radius} ${fence.radiusUnit}` : fence ? "Off" : null);
  items("targeting", "geofencePoints", "Geofence Locations", fence?.isEnabled ? fence.targetList.map((p) => `${p.latitude}, ${p.longitude}`) : null);
  items("targeting", "weather", "Weather", t.weatherTargetingDTO);
  const temp = t.temperatureTargetingDTO;
  text("targeting", "temperature", "Temperature", temp ? `${temp.minTemperature} °C to ${temp.maxTemperature} °C` : null);
  for (const [field, label] of [["targetAppSegments", "App Audiences"], ["targetWebSegments", "Web Audiences"], ["targetDmpSegments", "DMP Audiences"], ["targetLalSegments", "Look Alike Audiences"]] as const) {
    const seg = t[field];
    items("targeting", `${field}.target`, `Targeted ${label}`, seg?.targetedSegments.map(n.audience), "audiences");
    items("targeting", `${field}.blocked`, `Blocked ${label}`, seg?.blockedSegments.map(n.audience), "audiences");
    text("targeting", `${field}.operator`, `${label} Operator`, seg && seg.targetedSegments.length > 1 ? seg.targetedSegmentsOperator : null, "audiences");
    text("targeting", `${field}.custom`, `${label} Custom Targeting`, yesNo(seg?.customSegmentTargeting), "audiences");
  }
  // Consent type is shown as the attribution type it means (BASICS), which read-only users do not see.
  text("targeting", "maskedTarget", "Masked Target", yesNo(t.maskedTarget), "maskedTarget");
  text("targeting", "userPurchaseFrequency", "User Purchase Frequency", t.userPurchaseFrequency === undefined || t.userPurchaseFrequency === null ? null : String(t.userPurchaseFrequency), "userPurchaseFrequency");
  items("targeting", "gender", "Gender", t.genderTargeting?.map((g) => labelOf(GENDERS, (o) => o.id === g) ?? String(g)));
  text("targeting", "ageGroup", "Age Group", t.ageGroupTargeting ? `${t.ageGroupTargeting.minAge} to ${t.ageGroupTargeting.maxAge} years` : null);
  text("targeting", "videoPlacement", "Video Placement", t.videoPlacement ? (t.videoPlacement.nonSkippableVideos ? "Non-skippable videos" : "All videos") : null);
  text("targeting", "rewardedVideo", "Rewarded Video", t.videoRewardedTypeTargeting ? (t.videoRewardedTypeTargeting.rewardedVideos ? "Rewarded videos" : "All videos") : null);
  items("targeting", "placements", "Placements", t.placements?.map((p) => p.name), "placements");
  items("targeting", "connectionTypes", "Connection Types", t.connectionTypes?.map((c) => CONNECTION_TYPE_LABELS[c]));
  items("targeting", "operatingSystems", "Operating Systems", t.targetMobileDevices?.targetOperatingSystems, "mobileOs");
  items("targeting", "deviceTypes", "Device Types", t.targetMobileDevices?.targetDeviceTypes.map((id) => labelOf(DEVICE_TYPES, (o) => o.id === id) ?? String(id)), "deviceType");
  items("targeting", "deviceBrands", "Device Brands", t.targetMobileDevices?.brands, "deviceBrandsModels");
  items("targeting", "deviceModels", "Device Models", t.targetMobileDevices?.models, "deviceBrandsModels");
  items("targeting", "publisherTypes", "Publisher Types", t.publisherTypes);
  const abandoned = t.abandonedSessionUserTargeting;
  text("targeting", "abandonedSessionUsers", "Abandoned Session Users", abandoned ? (abandoned.abandonedSessionUsers ? "Abandoned-session users" : "All users") : null, "abandonedSessionUsers");
  items("targeting", "adBreak", "Ad Break", t.ctvTargeting?.adBreak, "adBreak");
  text("targeting", "adPod", "Ad Pod", t.ctvTargeting?.adPod, "adPod");
  items("targeting", "contentGenre", "Content Genre", t.ctvTargeting?.contentGenre, "contentGenre");
  items("targeting", "contentLanguage", "Content Language", t.ctvTargeting?.contentLanguage, "contentLanguage");
  items("targeting", "ctvOs", "CTV Operating Systems", t.ctvTargeting?.osTargeting, "ctvOs");
  items("targeting", "intent", "Intent", t.intent, "intent");
  items("targeting", "videoType", "Video Type", t.videoType);
  text("targeting", "skippable", "Skippable", yesNo(t.skippable));

  // INVENTORY
  lists("inventory", "aggregators", "Exchanges", inv.rtbAggregators, n.aggregator);
  lists("inventory", "sites", "Sites", inv.rtbSites, n.site);
  lists("inventory", "apps", "Apps", inv.rtbApps, n.app, "apps");
  items("inventory", "androidCategories", "Android App Categories", inv.targetAndroidCategories, "appCategories");
  items("inventory", "iosCategories", "iOS App Categories", inv.targetIosCategories, "appCategories");
  text("inventory", "publishedAppsOnly", "Only Published Apps", yesNo(inv.targetOnlyPublishedApp), "apps");
  text("inventory", "appRatings", "App Ratings", inv.targetAppRatings, "apps");
  text("inventory", "auctionType", "Auction Type", inv.auctionTypeTargeting ? labelOf(AUCTION_TYPE_OPTIONS, (o) => o.value === inv.auctionTypeTargeting) : "First and second price");
  lists("inventory", "deals", "Deals", t.dealDTO, n.deal);
  items("inventory", "dealCategories", "Deal Categories", t.targetDealCategory);

  // CREATIVE SETS
  items("creativeSets", "creatives", "Creatives", s.creativeIds.map(n.creative));
  items("creativeSets", "creativeSets", "Creative Sets", s.creativeSetIds.map(n.creativeSet));
  return rows;
}
