// Texts and conversions the campaign form and details page share, so both
// name every choice alike. Client-safe (no server imports).
import { NEVER_ENDING_TEXT, PRICING_TYPE_LABELS } from "@/lib/format";
export { epochToInput, formatScheduleTime, inputToEpoch, type ScheduleZone } from "@/lib/campaigns/schedule-zone";

export const OBJECTIVE_LABELS: Record<string, string> = {
  WEBSITE: "Website",
  MOBILE_APP_INSTALLS: "Mobile App Installs",
  MOBILE_APP_ENGAGEMENT: "Mobile App Engagement",
  BRAND_AWARENESS: "Brand Awareness",
};


export const START_IMMEDIATELY_TEXT = "Start immediately";
export { NEVER_ENDING_TEXT, PRICING_TYPE_LABELS };

/** The section titles of business.md 2, in the form's order (the details page groups by the same). */
export const CAMPAIGN_SECTIONS = {
  basic: "Basic Details",
  schedule: "Schedule",
  pricing: "Pricing & Budget",
  advanced: "Advanced Settings",
} as const;

/** Whole numbers with thousands separators (delivery caps can pass 2^53 as text: grouped by hand, not via Number). */
export { groupDigits } from "@/lib/format";
