// The advertiser details tabs (business.md 2) and who sees which (business.md 6).
import { canSeeAnalyticsTabs, type Role } from "../auth/roles";

export type AdvertiserTabKey =
  | "details"
  | "analytics"
  | "cohort"
  | "conv_tracker"
  | "catalog"
  | "click_destination"
  | "smart_tag"
  | "settings";

export const ADVERTISER_TABS: { key: AdvertiserTabKey; label: string; segment: string }[] = [
  { key: "details", label: "DETAILS", segment: "" },
  { key: "analytics", label: "ANALYTICS", segment: "analytics" },
  { key: "cohort", label: "COHORT", segment: "cohort" },
  { key: "conv_tracker", label: "CONVERSION TRACKER", segment: "pixel" },
  { key: "catalog", label: "PRODUCT CATALOG", segment: "catalog" },
  { key: "click_destination", label: "CLICK DESTINATIONS", segment: "clickdestinations" },
  { key: "smart_tag", label: "GET SMART TAG", segment: "smarttag" },
  { key: "settings", label: "SETTINGS", segment: "settings" },
];

/** COHORT only when the advertiser has cohort on; ANALYTICS and COHORT hidden for demo users (business.md 6). */
export function visibleTabs(role: Role, cohortEnabled: boolean): AdvertiserTabKey[] {
  return ADVERTISER_TABS.map((t) => t.key).filter((key) => {
    if (key === "cohort" && !cohortEnabled) return false;
    if ((key === "analytics" || key === "cohort") && !canSeeAnalyticsTabs(role)) return false;
    return true;
  });
}

