// Which rows of a strategy apply (business.md 2 "Strategy detail
// visibility"), in one pure module read by the wizard's steps, its review,
// the details page and the schema (./form.ts drops the values of rows that do
// not apply, so a row hidden after a type change does not keep delivering):
// - SKAd strategies (a SKAD campaign, or a strategy optimised for SKAd) hide
//   the audience rows and the user-level targeting rows that rest on device
//   ids SKAdNetwork does not give (consent type, masked target, purchase
//   frequency, intent, abandoned-session users);
// - CTV/OTT strategies hide app category, apps, mobile OS, device type
//   (with brands and models) and SKOverlay; their placement is CTV;
// - Multi Device strategies hide ad break, ad pod, content genre, language and OS;
// - intent appears only for retargeting campaigns with exactly 6
//   purchase-frequency mappings;
// - SKOverlay applies only for brand awareness and app install objectives
//   when iOS is targeted;
// - read-only users do not see the attribution-type row;
// - product feed targeting applies only to advertisers with a product catalog.
import type { Role } from "../auth/roles";
import { INTENT_PURCHASE_FREQUENCY_MAPPINGS, IOS, type StrategyTypeValue } from "./options";

export const SKOVERLAY_OBJECTIVES: readonly string[] = ["BRAND_AWARENESS", "MOBILE_APP_INSTALLS"];

/** The facts the rules read; unknown ones (null) show the row, so nothing is hidden before it can be decided. */
export interface VisibilityFacts {
  type: StrategyTypeValue | null;
  /** The campaign targets SKAdNetwork installs (Campaign.skadTarget). */
  skadCampaign: boolean;
  /** The strategy is SKAd optimised. */
  skadOptimised: boolean;
  objective: string | null;
  isRetargeting: boolean | null;
  /** The advertiser's purchase-frequency mappings (null: not known yet). */
  purchaseFrequencyMappings: number | null;
  /** The targeted mobile operating systems; empty or absent targets all, iOS included. */
  targetOperatingSystems: readonly string[] | null;
  /** The advertiser has a product catalog (null: not known yet). */
  catalogAdvertiser: boolean | null;
  role: Role | null;
}

/** Every row the rules can hide; rows not named here always show. */
export const VISIBILITY_ROWS = [
  "appCategories", "apps", "mobileOs", "deviceType", "deviceBrandsModels", "skOverlay", "placements",
  "adBreak", "adPod", "contentGenre", "contentLanguage", "ctvOs",
  "audiences", "consentType", "maskedTarget", "userPurchaseFrequency", "abandonedSessionUsers", "intent",
  "attributionType", "productFeed",
] as const;
export type VisibilityRow = (typeof VISIBILITY_ROWS)[number];
export type StrategyVisibility = Record<VisibilityRow, boolean>;

export const isCtv = (f: Pick<VisibilityFacts, "type">) => f.type === "CTV_OTT";
export const isMultiDevice = (f: Pick<VisibilityFacts, "type">) => f.type === "MULTI_DEVICE";
export const isSkad = (f: Pick<VisibilityFacts, "skadCampaign" | "skadOptimised">) => f.skadCampaign || f.skadOptimised;
/** iOS is targeted when the operating system list is empty (all) or names it. */
export const targetsIos = (systems: readonly string[] | null) => !systems || systems.length === 0 || systems.includes(IOS);

/** SKOverlay: not for CTV; for brand awareness and app installs (when known); only when iOS is targeted. */
export function skOverlayApplies(f: Pick<VisibilityFacts, "type" | "objective" | "targetOperatingSystems">): boolean {
  return !isCtv(f) && (f.objective === null || SKOVERLAY_OBJECTIVES.includes(f.objective)) && targetsIos(f.targetOperatingSystems);
}

/** Intent: retargeting campaigns with exactly 6 purchase-frequency mappings (unknown facts show it). */
export function intentApplies(f: Pick<VisibilityFacts, "isRetargeting" | "purchaseFrequencyMappings">): boolean {
  return f.isRetargeting !== false && (f.purchaseFrequencyMappings === null || f.purchaseFrequencyMappings === INTENT_PURCHASE_FREQUENCY_MAPPINGS);
}

export function strategyVisibility(f: VisibilityFacts): StrategyVisibility {
  const ctv = isCtv(f);
  const multi = isMultiDevice(f);
  const skad = isSkad(f);
  const userLevel = !skad;
  return {
    appCategories: !ctv,
    apps: !ctv,
    mobileOs: !ctv,
    deviceType: !ctv,
    deviceBrandsModels: !ctv,
    skOverlay: skOverlayApplies(f),
    // A CTV/OTT strategy's placement is CTV (id 5): nothing to choose.
    placements: !ctv,
    adBreak: !multi,
    adPod: !multi,
    contentGenre: !multi,
    contentLanguage: !multi,
    ctvOs: !multi,
    audiences: userLevel,
    consentType: userLevel,
    maskedTarget: userLevel,
    userPurchaseFrequency: userLevel,
    abandonedSessionUsers: userLevel,
    intent: userLevel && intentApplies(f),
    attributionType: f.role !== "RO",
    productFeed: f.catalogAdvertiser !== false,
  };
}

/**
 * The form fields each hideable row holds: a hidden row's fields are dropped
 * on save. ctvTargeting and targetMobileDevices hold several rows each, and
 * go when all of their rows are hidden (the type hides them together).
 */
export const ROW_FIELDS: Partial<Record<VisibilityRow, readonly string[]>> = {
  appCategories: ["targetAndroidCategories", "targetIosCategories"],
  apps: ["rtbApps", "targetOnlyPublishedApp", "targetAppRatings"],
  mobileOs: ["targetMobileDevices"],
  skOverlay: ["skOverlayPosition"],
  placements: ["placements"],
  adBreak: ["ctvTargeting"],
  audiences: ["targetAppSegments", "targetWebSegments", "targetDmpSegments", "targetLalSegments"],
  consentType: ["consentType"],
  maskedTarget: ["maskedTarget"],
  userPurchaseFrequency: ["userPurchaseFrequency"],
  abandonedSessionUsers: ["abandonedSessionUserTargeting"],
  intent: ["intent"],
  productFeed: ["productFeedTargeting", "productSelectionPolicy"],
};

/** The form fields whose rows are hidden by `visibility`. */
export function hiddenFields(visibility: StrategyVisibility): Set<string> {
  const out = new Set<string>();
  for (const [row, fields] of Object.entries(ROW_FIELDS)) {
    if (!visibility[row as VisibilityRow]) for (const field of fields ?? []) out.add(field);
  }
  return out;
}
