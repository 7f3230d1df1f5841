// The metric catalogue of shell.md section 3: every delivery metric a list,
// chart, report or preference can show, with how it is formatted and whether
// read-only users may see it (shell.md 6). Pure data, safe in client
// components. The formulas live in ./formulas.ts; the server never returns a
// metric a role may not see (allowedMetricIds is applied by ./query.ts).
import { canSeeMetric, type Role } from "../auth/roles";

import type { MetricType } from "../format";

export type { MetricType };
export type MetricGroup =
  | "common"
  | "engagement"
  | "mediaCost"
  | "advertiserCost"
  | "performance"
  | "spends"
  | "userFunnel"
  | "SKAN"
  | "strategySetup"
  | "campaignSetup"
  | "strTemplates";

export interface MetricDefinition {
  id: string;
  title: string;
  hover: string;
  groupId: MetricGroup;
  type: MetricType;
  /** Shown to read-only users (shell.md 6 removes cost, margin, eCPx, invalid clicks, some unique users, CPR). */
  showROuser: boolean;
  /** Offered in the column/metric selector. */
  showSelectOption: boolean;
  /** Selected by default when a user has no preference. */
  preselected: boolean;
}

export const METRIC_GROUP_LABELS: Record<MetricGroup, string> = {
  common: "Common",
  engagement: "Engagement",
  mediaCost: "Media Cost",
  advertiserCost: "Advertiser Cost",
  performance: "Performance",
  spends: "Spends",
  userFunnel: "User Funnel",
  SKAN: "SKAN",
  strategySetup: "Strategy Setup",
  campaignSetup: "Campaign Setup",
  strTemplates: "Strategy Templates",
};

type Def = [id: string, title: string, hover: string, type: MetricType, showROuser: boolean, preselected?: boolean];

function group(groupId: MetricGroup, defs: Def[]): MetricDefinition[] {
  return defs.map(([id, title, hover, type, showROuser, preselected = false]) => ({
    id, title, hover, groupId, type, showROuser, showSelectOption: true, preselected,
  }));
}

export const METRICS: readonly MetricDefinition[] = Object.freeze([
  ...group("common", [
    ["impressions", "Impressions", "Number of ads shown.", "number", true, true],
    ["clicks", "Clicks", "Number of valid clicks on ads.", "number", true, true],
    ["installs", "Installs", "App installs attributed to ads.", "number", true, true],
    ["conversions", "Conversions", "Conversions attributed to ads (click and view).", "number", true, true],
  ]),
  ...group("engagement", [
    ["ctr", "CTR", "Click-through rate: clicks / impressions x 100.", "percentage", true, true],
    ["ctc", "CTC", "Click-to-conversion rate: (installs + conversions) / clicks x 100.", "percentage", true],
    ["cvr", "CVR", "Conversion rate: conversions / clicks x 100.", "percentage", true],
    ["iti", "ITI", "Impressions to install: impressions / installs.", "number", true],
    ["appopen", "App Opens", "App opens attributed to ads.", "number", true],
    ["reEngagements", "Re-engagements", "Re-engagement events attributed to ads.", "number", true],
    ["reInstalls", "Re-installs", "Re-installs attributed to ads.", "number", true],
    ["clickConversions", "Click Conversions", "Conversions attributed to a click.", "number", true],
    ["viewConversions", "View Conversions", "Conversions attributed to an impression (view-through).", "number", true],
    ["invalidClicks", "Invalid Clicks", "Clicks rejected as invalid.", "number", false],
  ]),
  ...group("spends", [
    ["revenue", "Adv Spend", "Advertiser spend: what the advertiser is charged.", "currency", true, true],
    ["cost", "Media Spend", "Media spend: what the inventory cost.", "currency", false, true],
    ["margin", "Margin", "(Adv Spend - Media Spend) / Adv Spend x 100.", "percentage", false, true],
    ["advRevenue", "Adv Revenue", "Revenue the advertiser reports from attributed users.", "currency", true],
  ]),
  ...group("mediaCost", [
    ["ecpm", "eCPM", "Effective media cost per 1000 impressions.", "currency", false, true],
    ["ecpc", "eCPC", "Effective media cost per click.", "currency", false],
    ["ecpi", "eCPI", "Effective media cost per install.", "currency", false, true],
    ["ecpa", "eCPA", "Effective media cost per conversion.", "currency", false, true],
    ["ecpo", "eCPO", "Effective media cost per app open.", "currency", false],
  ]),
  ...group("advertiserCost", [
    ["erpm", "eRPM", "Effective advertiser spend per 1000 impressions.", "currency", true],
    ["erpc", "eRPC", "Effective advertiser spend per click.", "currency", true],
    ["erpi", "eRPI", "Effective advertiser spend per install.", "currency", true],
    ["erpa", "eRPA", "Effective advertiser spend per conversion.", "currency", true],
    ["erpo", "eRPO", "Effective advertiser spend per app open.", "currency", true],
  ]),
  ...group("performance", [
    ["roi", "ROI", "Return on advertiser spend: Adv Revenue / Adv Spend.", "decimal", true],
    ["rpr", "RPR", "Advertiser spend per result (installs + conversions + re-engagements).", "currency", true],
    ["cpr", "CPR", "Media spend per result (installs + conversions + re-engagements).", "currency", false],
  ]),
  ...group("userFunnel", [
    ["eligibleBids", "Eligible Bids", "Bid requests that matched the targeting.", "number", true],
    ["bidsPlaced", "Bids Placed", "Bids sent to exchanges.", "number", true],
    ["eligibleUniqUsers", "Eligible Unique Users", "Users seen in eligible bid requests (hourly uniques summed).", "number", true],
    ["impressionUniqUsers", "Impression Unique Users", "Users who saw an ad (hourly uniques summed).", "number", true],
    ["userReach", "User Reach", "Users reached (hourly values summed).", "number", true],
    ["clickUniqUsers", "Click Unique Users", "Users who clicked (hourly uniques summed).", "number", false],
    ["installUniqUsers", "Install Unique Users", "Users who installed (hourly uniques summed).", "number", false],
    ["conversionUniqUsers", "Conversion Unique Users", "Users who converted (hourly uniques summed).", "number", false],
    ["appOpenUniqUsers", "App Open Unique Users", "Users who opened the app (hourly uniques summed).", "number", false],
    ["totalUU", "Total UU", "Total unique users of the audience (hourly values summed).", "number", true],
    ["dailyUU", "Daily UU", "Daily unique users of the audience (hourly values summed).", "number", true],
  ]),
  ...group("SKAN", [
    ["totalSkanInstalls", "Total SKAN Installs", "SKAdNetwork installs: view + click.", "number", true],
    ["skanViewInstalls", "SKAN View Installs", "SKAdNetwork installs attributed to a view.", "number", true],
    ["skanClickInstalls", "SKAN Click Installs", "SKAdNetwork installs attributed to a click.", "number", true],
  ]),
]);

/**
 * Entity set-up columns a list may add (shell.md 3, list column sets "extras");
 * they are fields of the strategy or campaign, not delivery metrics, so they
 * are not in METRICS and ./query.ts never returns them. Never shown to
 * read-only users (shell.md 6). `type: "text"` columns are rendered as is.
 */
export interface SetupColumnDefinition extends Omit<MetricDefinition, "type" | "groupId"> {
  groupId: "strategySetup" | "campaignSetup";
  type: MetricType | "text";
  /** The entity field the column shows. */
  field: string;
}

function setup(
  groupId: SetupColumnDefinition["groupId"],
  defs: Array<[id: string, field: string, title: string, type: SetupColumnDefinition["type"]]>,
): SetupColumnDefinition[] {
  return defs.map(([id, field, title, type]) => ({
    id, field, title, hover: title, groupId, type, showROuser: false, showSelectOption: true, preselected: false,
  }));
}

export const SETUP_COLUMNS: readonly SetupColumnDefinition[] = Object.freeze([
  ...setup("strategySetup", [
    ["pricingType", "pricingType", "Pricing Type", "text"],
    ["pricingValue", "pricingValue", "Goal", "currency"],
    ["pacingType", "pacingTypeId", "Pacing Type", "text"],
    ["dailyAdvSpendBudget", "dailyAdvSpendBudget", "Daily Adv Spend Budget", "currency"],
    ["pacingBudgetValue", "pacingBudgetValue", "Pacing Budget", "currency"],
    ["bidCapMax", "bidCapMax", "Max Bid Cap", "currency"],
    ["isBargainerActive", "isBargainerActive", "Bargainer", "text"],
  ]),
  ...setup("campaignSetup", [
    ["cpaTarget", "cpaTarget", "CPA Target", "currency"],
    ["cpiTarget", "cpiTarget", "CPI Target", "currency"],
    ["roiTarget", "roiTarget", "ROI Target", "decimal"],
    ["campaignDailyAdvSpendBudget", "dailyAdvSpendBudget", "Daily Adv Spend Budget", "currency"],
    ["dailyBudget", "dailyBudget", "Daily Budget", "currency"],
    ["flowRate", "flowRate", "Flow Rate", "number"],
    ["campaignPricingType", "pricingType", "Pricing Type", "text"],
  ]),
]);

const BY_ID = new Map(METRICS.map((m) => [m.id, m]));
const SETUP_BY_ID = new Map(SETUP_COLUMNS.map((c) => [c.id, c]));

export function getMetric(id: string): MetricDefinition | undefined {
  return BY_ID.get(id);
}

export function getSetupColumn(id: string): SetupColumnDefinition | undefined {
  return SETUP_BY_ID.get(id);
}


export function metricsForRole(role: Role): MetricDefinition[] {
  return METRICS.filter((m) => canSeeMetric(role, m));
}

export function setupColumnsForRole(role: Role): SetupColumnDefinition[] {
  return SETUP_COLUMNS.filter((c) => canSeeMetric(role, c));
}

/**
 * The requested ids that `find` knows and the role may see, in request order,
 * without unknown ids or duplicates: the one rule behind every metric id
 * filter (lists, reports).
 */
export function allowedIds(role: Role, requested: readonly string[], find: (id: string) => { showROuser: boolean } | undefined): string[] {
  const out: string[] = [];
  for (const id of requested) {
    const m = find(id);
    if (m && canSeeMetric(role, m) && !out.includes(id)) out.push(id);
  }
  return out;
}

/** The requested metric ids a role may receive, in request order, without unknown ids or duplicates. */
export function allowedMetricIds(role: Role, requested: readonly string[]): string[] {
  return allowedIds(role, requested, (id) => BY_ID.get(id));
}

/** Like allowedMetricIds, for list columns that may mix metrics and set-up columns. */
export function allowedColumnIds(role: Role, requested: readonly string[]): string[] {
  return allowedIds(role, requested, (id) => BY_ID.get(id) ?? SETUP_BY_ID.get(id));
}

export const PRESELECTED_METRIC_IDS: readonly string[] = METRICS.filter((m) => m.preselected).map((m) => m.id);
