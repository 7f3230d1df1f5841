// Entity types as the activity and notification panels show them: the module
// filter of the activity panel (shell.md 2.10), type labels and the details
// route each type opens (shell.md 2.1 "Routes opened from dialogs").
// Pure; used by the server queries and the client panels.
import type { EntityType } from "../generated/prisma/enums";

/** The activity panel's module filter, in the spec's order. */
export const ACTIVITY_MODULES = [
  { value: "STRATEGY", label: "Strategy" },
  { value: "CAMPAIGN", label: "Campaign" },
  { value: "ADVERTISER", label: "Advertiser" },
  { value: "PIXEL", label: "Pixel" },
  { value: "CLICK_DESTINATION", label: "Click destination" },
  { value: "WEB_AUDIENCE", label: "Web audience" },
  { value: "APP_AUDIENCE", label: "App audience" },
  { value: "DMP_AUDIENCE", label: "DMP audience" },
  { value: "LAL_AUDIENCE", label: "LAL audience" },
  { value: "CREATIVE", label: "Creative" },
  { value: "CREATIVE_SET", label: "Creative set" },
] as const satisfies readonly { value: EntityType; label: string }[];

export type ActivityModule = (typeof ACTIVITY_MODULES)[number]["value"];
export const ACTIVITY_MODULE_VALUES = ACTIVITY_MODULES.map((m) => m.value) as [ActivityModule, ...ActivityModule[]];

const LABELS: Partial<Record<EntityType, string>> = Object.fromEntries(ACTIVITY_MODULES.map((m) => [m.value, m.label]));

/** "CLICK_DESTINATION" → "Click destination"; module labels where the spec names them. */
export function entityTypeLabel(type: EntityType): string {
  return LABELS[type] ?? type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, " ");
}

/**
 * The details page of an activity entry's entity, or null when it has none:
 * creatives have no page, a pixel or click destination needs its advertiser id.
 */
export function activityEntityHref(type: EntityType, id: number, advertiserId: number | null): string | null {
  switch (type) {
    case "STRATEGY":
      return `/strategy/details/${id}`;
    case "CAMPAIGN":
      return `/campaign/details/${id}`;
    case "ADVERTISER":
      return `/advertiser/details/${id}`;
    case "PIXEL":
      return advertiserId ? `/advertiser/${advertiserId}/pixel/details/${id}` : null;
    case "CLICK_DESTINATION":
      return advertiserId ? `/advertiser/details/${advertiserId}/clickdestinations` : null;
    case "WEB_AUDIENCE":
    case "APP_AUDIENCE":
    case "DMP_AUDIENCE":
    case "LAL_AUDIENCE":
      return `/audience/details/${id}`;
    case "CREATIVE_SET":
      return `/creative_set/details/${id}`;
    default:
      return null;
  }
}

/** shell.md 2.11: notification details links exist only for strategy, campaign, advertiser and creative set. */
export function notificationEntityHref(type: EntityType, id: number): string | null {
  switch (type) {
    case "STRATEGY":
    case "CAMPAIGN":
    case "ADVERTISER":
    case "CREATIVE_SET":
      return activityEntityHref(type, id, null);
    default:
      return null;
  }
}
