// The strategy bulk edit (business.md 2 "bulk-edit review", 4): its sections
// and, as one table, every field it can change with the actions allowed on it.
// List fields (countries, exchanges, creatives, ...) take APPEND, REPLACE or
// REMOVE; scalar fields (bid price, caps, budgets, pacing type, frequency
// cap, end time) only REPLACE; the audience block CHANGE (set the list) or
// REMOVE. Every field starts at NO_CHANGE. The form, the server action and
// the REST API read this table; ./merge.ts applies it. Pure: client-safe.
import type { AudienceField } from "../options";

export const BULK_EDIT_SECTIONS = [
  { key: "details", title: "Details" },
  { key: "inventory", title: "Inventory" },
  { key: "targeting", title: "Targeting" },
  { key: "budget", title: "Budget & Bidding" },
  { key: "creativeSets", title: "Creative Sets" },
  { key: "creative", title: "Creative" },
] as const;
export type BulkEditSectionKey = (typeof BULK_EDIT_SECTIONS)[number]["key"];

export const BULK_ACTIONS = ["NO_CHANGE", "APPEND", "REPLACE", "REMOVE", "CHANGE"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  NO_CHANGE: "No change",
  APPEND: "Append",
  REPLACE: "Replace",
  REMOVE: "Remove",
  CHANGE: "Change",
};

/** The allowed actions of each kind of field, in the order the form offers them. */
export const ACTIONS_OF_KIND = {
  list: ["NO_CHANGE", "APPEND", "REPLACE", "REMOVE"],
  scalar: ["NO_CHANGE", "REPLACE"],
  audience: ["NO_CHANGE", "CHANGE", "REMOVE"],
} as const satisfies Record<string, readonly BulkAction[]>;
export type BulkFieldKind = keyof typeof ACTIONS_OF_KIND;

/** Where a field's options come from (the wizard's picker options, ../picker-options.ts, or the geography search). */
export type BulkOptionSource =
  | "pixels"
  | "aggregators"
  | "sites"
  | "apps"
  | "deals"
  | "creatives"
  | "creativeSets"
  | "countries"
  | "cities"
  | AudienceField;

/** A list field: the path of its list in the wizard's values, and the object that holds it when the strategy has none yet. */
interface ListFieldBase {
  /** A plain name (no dots): the form's field and the path of its messages. */
  key: string;
  section: BulkEditSectionKey;
  label: string;
  kind: "list" | "audience";
  /** ids: record ids; text: geography ids or typed names. */
  item: "id" | "text";
  path: readonly string[];
  /** The value of path[0] when the strategy has none ("all"). */
  empty: () => unknown;
  options?: BulkOptionSource;
  /** Records of one advertiser (pixels, audiences, creatives, sets): the strategies must share it. */
  advertiserOwned?: boolean;
  /** Typed entries (zip codes). */
  custom?: boolean;
}

export type BulkScalarValue = "money" | "budget" | "pacingType" | "endTime" | "frequencyCap";
interface ScalarField {
  key: string;
  section: BulkEditSectionKey;
  label: string;
  kind: "scalar";
  value: BulkScalarValue;
}
export type BulkListField = ListFieldBase;
export type BulkField = ListFieldBase | ScalarField;

const lists = () => ({ targetList: [], blockedList: [] });
const geographies = () => ({ country: lists(), state: lists(), city: lists(), customGeoTargeting: false });
const segments = () => ({ targetedSegments: [], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" });

/** A targeted and a blocked list field of a dictionary (exchanges, sites, apps, deals). */
function targetBlock(key: string, label: string, top: string, options: BulkOptionSource): BulkListField[] {
  return [
    { key: `${key}Target`, section: "inventory", label: `Targeted ${label}`, kind: "list", item: "id", path: [top, "targetList"], empty: lists, options },
    { key: `${key}Blocked`, section: "inventory", label: `Blocked ${label}`, kind: "list", item: "id", path: [top, "blockedList"], empty: lists, options },
  ];
}

function audienceBlock(field: AudienceField, label: string): BulkListField[] {
  const base = { section: "targeting", kind: "audience", item: "id", empty: segments, options: field, advertiserOwned: true } as const;
  return [
    { ...base, key: `${field}Target`, label: `Targeted ${label}`, path: [field, "targetedSegments"] },
    { ...base, key: `${field}Blocked`, label: `Blocked ${label}`, path: [field, "blockedSegments"] },
  ];
}

/** Every field of the bulk edit, in the form's order (the activity rows use the strategy's own labels, ../describe.ts). */
export const BULK_FIELDS: readonly BulkField[] = [
  { key: "endTime", section: "details", label: "End Time", kind: "scalar", value: "endTime" },
  { key: "frequencyCap", section: "details", label: "Frequency Cap", kind: "scalar", value: "frequencyCap" },
  { key: "pixels", section: "details", label: "Pixels", kind: "list", item: "id", path: ["pixelIds"], empty: () => [], options: "pixels", advertiserOwned: true },
  ...targetBlock("aggregators", "Exchanges", "rtbAggregators", "aggregators"),
  ...targetBlock("sites", "Sites", "rtbSites", "sites"),
  ...targetBlock("apps", "Apps", "rtbApps", "apps"),
  ...targetBlock("deals", "Deals", "dealDTO", "deals"),
  { key: "countriesTarget", section: "targeting", label: "Targeted Countries", kind: "list", item: "text", path: ["targetGeographies", "country", "targetList"], empty: geographies, options: "countries" },
  { key: "countriesBlocked", section: "targeting", label: "Blocked Countries", kind: "list", item: "text", path: ["targetGeographies", "country", "blockedList"], empty: geographies, options: "countries" },
  { key: "citiesTarget", section: "targeting", label: "Targeted Cities", kind: "list", item: "text", path: ["targetGeographies", "city", "targetList"], empty: geographies, options: "cities" },
  { key: "zipCodes", section: "targeting", label: "Zip Codes", kind: "list", item: "text", path: ["zipCodes"], empty: () => [], custom: true },
  ...audienceBlock("targetAppSegments", "App Audiences"),
  ...audienceBlock("targetWebSegments", "Web Audiences"),
  ...audienceBlock("targetDmpSegments", "DMP Audiences"),
  ...audienceBlock("targetLalSegments", "Look Alike Audiences"),
  { key: "pricingValue", section: "budget", label: "Bid Price / Goal", kind: "scalar", value: "money" },
  { key: "bidCapMin", section: "budget", label: "Min Bid Cap", kind: "scalar", value: "money" },
  { key: "bidCapMax", section: "budget", label: "Max Bid Cap", kind: "scalar", value: "money" },
  { key: "budgetValue", section: "budget", label: "Budget", kind: "scalar", value: "budget" },
  { key: "dailyAdvSpendBudget", section: "budget", label: "Daily Advertiser Spend Budget", kind: "scalar", value: "budget" },
  { key: "pacingTypeId", section: "budget", label: "Pacing Type", kind: "scalar", value: "pacingType" },
  { key: "creativeSets", section: "creativeSets", label: "Creative Sets", kind: "list", item: "id", path: ["creativeSetIds"], empty: () => [], options: "creativeSets", advertiserOwned: true },
  { key: "creatives", section: "creative", label: "Creatives", kind: "list", item: "id", path: ["creativeIds"], empty: () => [], options: "creatives", advertiserOwned: true },
];

export const BULK_FIELD_BY_KEY: ReadonlyMap<string, BulkField> = new Map(BULK_FIELDS.map((f) => [f.key, f]));

/** The actions a field allows (the first, NO_CHANGE, is its default). */
export function allowedActions(field: Pick<BulkField, "kind">): readonly BulkAction[] {
  return ACTIONS_OF_KIND[field.kind];
}

/** Day parted pacing (business.md 4: "pacing type 11 with no change is sent as replace"). */
export const DAY_PARTED_PACING = 11;
