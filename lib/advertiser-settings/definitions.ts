// The advertiser settings of business.md 3 (ADVERTISER SETTINGS: key, type,
// value): which keys exist, their labels, stored type, editor kind and
// default, and how a typed value is written to and read from the text column.
// Pure: shared by the settings form (client) and the server.
import type { SettingType } from "../generated/prisma/enums";

export const SETTING_TYPES = ["STRING", "BOOLEAN", "JSON"] as const satisfies readonly SettingType[];

/** The editor a setting gets; JSON settings have their own shapes. */
export type SettingKind = "string" | "boolean" | "currency" | "clickSigning";

export interface CurrencyValue {
  currency: string;
}

export interface ClickSigningValue {
  android: { isEnabled: boolean; packageName: string };
  ios: { isEnabled: boolean; appId: string };
}

export interface SettingValueOf {
  string: string;
  boolean: boolean;
  currency: CurrencyValue;
  clickSigning: ClickSigningValue;
}

/** The placeholder a creative name format must contain (business.md 5). */
export const CREATIVE_SET_NAME_PLACEHOLDER = "{creativeSetName}";

export const EMPTY_CLICK_SIGNING: ClickSigningValue = {
  android: { isEnabled: false, packageName: "" },
  ios: { isEnabled: false, appId: "" },
};

interface DefinitionBase<K extends SettingKind> {
  key: string;
  label: string;
  kind: K;
  type: SettingType;
  description: string;
  /** Required settings cannot be saved empty. */
  required?: boolean;
  /** What applies while the key is not stored. */
  defaultValue: SettingValueOf[K];
}

export type SettingDefinition = { [K in SettingKind]: DefinitionBase<K> }[SettingKind];

export const SETTING_DEFINITIONS = [
  {
    key: "CREATIVE_NAME_FORMAT",
    label: "Creative name format",
    kind: "string",
    type: "STRING",
    required: true,
    description: `Name given to new creatives; must contain the creative set name placeholder ${CREATIVE_SET_NAME_PLACEHOLDER}.`,
    defaultValue: CREATIVE_SET_NAME_PLACEHOLDER,
  },
  {
    key: "EVENT_FILTER_ALLOWED",
    label: "Event filter allowed",
    kind: "boolean",
    type: "BOOLEAN",
    description: "Lets strategies filter on the advertiser's in-app and website events.",
    defaultValue: false,
  },
  {
    key: "FEED_KEY",
    label: "Feed key",
    kind: "string",
    type: "STRING",
    required: true,
    description: "The product catalog column that identifies a product.",
    defaultValue: "",
  },
  {
    key: "LIFT_TEST_ACTIVE",
    label: "Lift test active",
    kind: "boolean",
    type: "BOOLEAN",
    description: "Runs the advertiser's campaigns with a hold-out group to measure lift.",
    defaultValue: false,
  },
  {
    key: "SKU_ALLOWED_CHARS",
    label: "SKU allowed chars",
    kind: "string",
    type: "STRING",
    required: true,
    description: "Characters a product SKU may contain.",
    defaultValue: "A-Za-z0-9-_",
  },
  {
    key: "TRANSACTION_CURRENCY",
    label: "Transaction currency",
    kind: "currency",
    type: "JSON",
    required: true,
    description: "Currency of the advertiser's reported transactions (ISO 4217 code).",
    defaultValue: { currency: "USD" },
  },
  {
    key: "CLICK_SIGNING",
    label: "Click signing",
    kind: "clickSigning",
    type: "JSON",
    description: "Signs clicks for the advertiser's Android package and iOS app.",
    defaultValue: EMPTY_CLICK_SIGNING,
  },
  {
    key: "SLACK_CHANNEL_ID",
    label: "Slack channel id",
    kind: "string",
    type: "STRING",
    description: "Slack channel that receives the advertiser's reports (at least 6 characters).",
    defaultValue: "",
  },
  {
    key: "AUDIT_LOG_REPORT_ENABLED",
    label: "Audit log report enabled",
    kind: "boolean",
    type: "BOOLEAN",
    description: "Posts the advertiser's audit log report to the slack channel.",
    defaultValue: false,
  },
  {
    key: "DATE_FORMAT",
    label: "Date format",
    kind: "string",
    type: "STRING",
    required: true,
    description: "Date format of the advertiser's reports and feeds, e.g. yyyy-MM-dd.",
    defaultValue: "yyyy-MM-dd",
  },
  {
    key: "SKAD_NETWORK_TARGET",
    label: "SKAD network target",
    kind: "string",
    type: "STRING",
    description: "SKAdNetwork conversion target of the advertiser's iOS campaigns.",
    defaultValue: "",
  },
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTING_DEFINITIONS)[number]["key"];
export const SETTING_KEYS = SETTING_DEFINITIONS.map((d) => d.key) as [SettingKey, ...SettingKey[]];

export function settingDefinition(key: string): SettingDefinition | undefined {
  return (SETTING_DEFINITIONS as readonly SettingDefinition[]).find((d) => d.key === key);
}

/** Text of the value column. JSON keys in a fixed order, so equal values are equal text. */
export function encodeSettingValue(def: SettingDefinition, value: unknown): string {
  switch (def.kind) {
    case "string":
      return String(value ?? "");
    case "boolean":
      return value === true ? "true" : "false";
    case "currency":
      return JSON.stringify({ currency: (value as CurrencyValue).currency });
    case "clickSigning": {
      const v = value as ClickSigningValue;
      return JSON.stringify({
        android: { isEnabled: v.android.isEnabled, packageName: v.android.packageName },
        ios: { isEnabled: v.ios.isEnabled, appId: v.ios.appId },
      });
    }
  }
}

/** Thrown by decodeSettingText for text that is not a value of the setting's type. */
export class SettingTextError extends Error {}

function record(value: unknown): Record<string, unknown> {
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new SettingTextError("Enter a JSON object");
  return value as Record<string, unknown>;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SettingTextError("Enter valid JSON");
  }
}

/**
 * Reads the text of a value as the setting's type. Only the shape is checked
 * here (booleans are "true"/"false", JSON parses to the right object); the
 * rules are the zod schemas'. Throws SettingTextError.
 */
export function decodeSettingText(def: SettingDefinition, text: string): unknown {
  switch (def.kind) {
    case "string":
      return text;
    case "boolean":
      if (text !== "true" && text !== "false") throw new SettingTextError("Enter true or false");
      return text === "true";
    case "currency": {
      const v = record(parseJson(text));
      return { currency: v.currency };
    }
    case "clickSigning": {
      const v = record(parseJson(text));
      const android = record(v.android ?? {});
      const ios = record(v.ios ?? {});
      return {
        android: { isEnabled: android.isEnabled, packageName: android.packageName ?? "" },
        ios: { isEnabled: ios.isEnabled, appId: ios.appId ?? "" },
      };
    }
  }
}

/** A stored value for display: malformed or mistyped text falls back to the default. */
export function storedValue<K extends SettingKind>(def: DefinitionBase<K>, text: string): SettingValueOf[K] {
  try {
    const v = decodeSettingText(def as SettingDefinition, text);
    if (def.kind === "currency") {
      const c = (v as CurrencyValue).currency;
      return (typeof c === "string" ? { currency: c } : def.defaultValue) as SettingValueOf[K];
    }
    if (def.kind === "clickSigning") {
      const s = v as ClickSigningValue;
      return {
        android: { isEnabled: s.android.isEnabled === true, packageName: String(s.android.packageName ?? "") },
        ios: { isEnabled: s.ios.isEnabled === true, appId: String(s.ios.appId ?? "") },
      } as SettingValueOf[K];
    }
    return v as SettingValueOf[K];
  } catch {
    return def.defaultValue;
  }
}

/** How a value reads in a sentence ("On", "USD", "Android: com.x.app"). */
export function describeSettingValue(def: SettingDefinition, value: unknown): string {
  switch (def.kind) {
    case "string":
      return String(value ?? "") || "(empty)";
    case "boolean":
      return value === true ? "On" : "Off";
    case "currency":
      return (value as CurrencyValue).currency || "(empty)";
    case "clickSigning": {
      const v = value as ClickSigningValue;
      const part = (name: string, on: boolean, id: string) => `${name} ${on ? "on" : "off"}${id ? ` (${id})` : ""}`;
      return `${part("Android", v.android.isEnabled, v.android.packageName)}, ${part("iOS", v.ios.isEnabled, v.ios.appId)}`;
    }
  }
}
