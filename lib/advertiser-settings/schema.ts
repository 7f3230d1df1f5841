// Validation of advertiser settings (business.md 5, the advertiser rules that
// concern settings): one zod schema per setting type, built for a key and the
// facts its rules need (the advertiser's bundles, the other settings). The
// settings form and the server mutation use the same schemas, so both give the
// same message on the same field. Pure: safe in client components.
import { z } from "../validation/z";
import { CURRENCY_SYMBOLS } from "../format/currency";
import {
  CREATIVE_SET_NAME_PLACEHOLDER,
  SETTING_KEYS,
  SETTING_TYPES,
  type ClickSigningValue,
  type SettingDefinition,
} from "./definitions";

export const SETTING_MESSAGES = {
  creativeNameFormatRequired: "Creative name format is required",
  creativeNameFormatPlaceholder: `Creative name format must contain the creative set name placeholder ${CREATIVE_SET_NAME_PLACEHOLDER}`,
  feedKeyRequired: "Feed key is required",
  skuCharsRequired: "SKU allowed chars is required",
  dateFormatRequired: "Date format is required",
  currencyRequired: "Transaction currency is required",
  currencyInvalid: "Transaction currency must be a valid ISO 4217 currency code, e.g. USD",
  slackChannelTooShort: "Slack channel id must be at least 6 characters",
  slackChannelInvalid: "Slack channel id must not contain spaces",
  auditLogNeedsSlack: "Audit log report needs a slack channel id",
  slackNeededByAuditLog: "Audit log report needs a slack channel id: turn the audit log report off first",
  clickSigningNeedsBundle: "Click signing needs at least one bundle id",
  androidNeedsBundle: "Android click signing needs the advertiser's Android package name",
  iosNeedsBundle: "iOS click signing needs the advertiser's iOS app id",
  packageNameRequired: "Package name is required when Android click signing is enabled",
  packageNameInvalid: "Enter a valid Android package name with at least one dot, e.g. com.example.app",
  appIdRequired: "App id is required when iOS click signing is enabled",
  appIdInvalid: "Enter a valid iOS app id: digits, optionally after 'id', e.g. id123456789",
  tooLong: (max: number) => `At most ${max} characters`,
  unknownKey: "Unknown setting",
  typeMismatch: (type: string) => `This setting's type is ${type}`,
  // business.md 8
  noChanges: "No changes detected",
  updateFailed: "Failed to update advertiser settings",
  fetchBundlesFailed: "Failed to fetch app bundles",
  packageDiffers: "Selected package differs from click-signing settings",
  packageNotFound: "Entered package not found in system",
} as const;

/** Android applicationId: two or more segments, each starting with a letter. */
export const ANDROID_PACKAGE_RE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
/** iOS App Store id: digits, optionally prefixed by "id". */
export const IOS_APP_ID_RE = /^(id)?\d+$/;

const STRING_MAX = 255;

/** What the rules of one setting need to know besides its own value. */
export interface SettingRulesContext {
  /** The advertiser's Android package name and iOS app id (business.md 3 androidPhoneBundle, iosPhoneBundle). */
  androidBundle: string | null;
  iosBundle: string | null;
  /** The stored slack channel id ("" when not set) and audit log report flag. */
  slackChannelId: string;
  auditLogReportEnabled: boolean;
}

/** ISO 4217 codes: the console's currency list (lib/format/currency.ts) and the runtime's. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  if (code in CURRENCY_SYMBOLS) return true;
  return typeof Intl.supportedValuesOf === "function" && Intl.supportedValuesOf("currency").includes(code);
}

/** The currencies the transaction-currency select offers. */
export const CURRENCY_OPTIONS: readonly string[] = Object.keys(CURRENCY_SYMBOLS).sort();

/** STRING settings. */
export function stringSettingSchema(key: string, ctx: SettingRulesContext) {
  const text = z.string().trim().max(STRING_MAX, SETTING_MESSAGES.tooLong(STRING_MAX));
  const required = (message: string) => text.min(1, message);
  switch (key) {
    case "CREATIVE_NAME_FORMAT":
      return required(SETTING_MESSAGES.creativeNameFormatRequired).refine(
        (v) => v.includes(CREATIVE_SET_NAME_PLACEHOLDER),
        SETTING_MESSAGES.creativeNameFormatPlaceholder,
      );
    case "FEED_KEY":
      return required(SETTING_MESSAGES.feedKeyRequired);
    case "SKU_ALLOWED_CHARS":
      return required(SETTING_MESSAGES.skuCharsRequired);
    case "DATE_FORMAT":
      return required(SETTING_MESSAGES.dateFormatRequired);
    case "SLACK_CHANNEL_ID":
      return text.superRefine((v, c) => {
        if (v === "") {
          if (ctx.auditLogReportEnabled) c.addIssue({ code: "custom", message: SETTING_MESSAGES.slackNeededByAuditLog });
        } else if (/\s/.test(v)) c.addIssue({ code: "custom", message: SETTING_MESSAGES.slackChannelInvalid });
        else if (v.length < 6) c.addIssue({ code: "custom", message: SETTING_MESSAGES.slackChannelTooShort });
      });
    default:
      return text;
  }
}

/** BOOLEAN settings. */
export function booleanSettingSchema(key: string, ctx: SettingRulesContext) {
  const flag = z.boolean({ error: "Choose on or off" });
  if (key === "AUDIT_LOG_REPORT_ENABLED") {
    return flag.refine((v) => !v || ctx.slackChannelId.trim() !== "", SETTING_MESSAGES.auditLogNeedsSlack);
  }
  return flag;
}

/** JSON transaction currency: { currency: 'USD' }. */
export function currencySettingSchema() {
  return z.object({
    currency: z
      .string({ error: SETTING_MESSAGES.currencyRequired })
      .trim()
      .toUpperCase()
      .min(1, SETTING_MESSAGES.currencyRequired)
      .refine(isCurrencyCode, SETTING_MESSAGES.currencyInvalid),
  });
}

/** The iOS app id without its optional "id" prefix, for comparisons. */
export function bareAppId(id: string | null | undefined): string {
  return (id ?? "").trim().replace(/^id/, "");
}

/** JSON click signing: android { isEnabled, packageName }, ios { isEnabled, appId }. */
export function clickSigningSettingSchema(ctx: SettingRulesContext) {
  const flag = z.boolean({ error: "Choose on or off" });
  const id = z.string({ error: "Enter text" }).trim().max(STRING_MAX, SETTING_MESSAGES.tooLong(STRING_MAX));
  return z
    .object({
      android: z.object({ isEnabled: flag, packageName: id }),
      ios: z.object({ isEnabled: flag, appId: id }),
    })
    .superRefine((v, c) => {
      const issue = (path: string[], message: string) => c.addIssue({ code: "custom", path, message });
      if (v.android.isEnabled || v.ios.isEnabled) {
        if (!ctx.androidBundle && !ctx.iosBundle) issue([], SETTING_MESSAGES.clickSigningNeedsBundle);
        else {
          if (v.android.isEnabled && !ctx.androidBundle) issue(["android", "isEnabled"], SETTING_MESSAGES.androidNeedsBundle);
          if (v.ios.isEnabled && !ctx.iosBundle) issue(["ios", "isEnabled"], SETTING_MESSAGES.iosNeedsBundle);
        }
      }
      if (v.android.packageName === "") {
        if (v.android.isEnabled) issue(["android", "packageName"], SETTING_MESSAGES.packageNameRequired);
      } else if (!ANDROID_PACKAGE_RE.test(v.android.packageName)) issue(["android", "packageName"], SETTING_MESSAGES.packageNameInvalid);
      if (v.ios.appId === "") {
        if (v.ios.isEnabled) issue(["ios", "appId"], SETTING_MESSAGES.appIdRequired);
      } else if (!IOS_APP_ID_RE.test(v.ios.appId)) issue(["ios", "appId"], SETTING_MESSAGES.appIdInvalid);
    });
}

/** The value schema of any setting. */
export function settingValueSchema(def: SettingDefinition, ctx: SettingRulesContext): z.ZodType<unknown> {
  switch (def.kind) {
    case "string":
      return stringSettingSchema(def.key, ctx);
    case "boolean":
      return booleanSettingSchema(def.key, ctx);
    case "currency":
      return currencySettingSchema();
    case "clickSigning":
      return clickSigningSettingSchema(ctx);
  }
}

/** The form of one setting: its value under `value`, so messages land on "value", "value.currency", ... */
export function settingFormSchema<S extends z.ZodType>(valueSchema: S) {
  return z.object({ value: valueSchema });
}

/** The update call of business.md 7 (key, type, value as text), as the server receives it. */
export const SettingUpdateSchema = z.object({
  key: z.enum(SETTING_KEYS, { error: SETTING_MESSAGES.unknownKey }),
  type: z.enum(SETTING_TYPES, { error: "Unknown setting type" }),
  value: z.string({ error: "Enter a value" }).max(10_000, SETTING_MESSAGES.tooLong(10_000)),
});
export type SettingUpdateInput = z.input<typeof SettingUpdateSchema>;

/** One row of the click-signing app dictionary (business.md 7): platform and bundle. */
export interface ClickSigningApp {
  platform: "ANDROID" | "IOS";
  appName: string;
}

/**
 * The click-signing warnings of business.md 8, by field path. They do not
 * block saving. A package that is not in the dictionary is reported as such;
 * one that is, but is not the advertiser's own bundle, as differing.
 * `apps` null: the dictionary could not be read, only the advertiser is compared.
 */
export function clickSigningWarnings(
  value: ClickSigningValue,
  ctx: Pick<SettingRulesContext, "androidBundle" | "iosBundle">,
  apps: readonly ClickSigningApp[] | null,
): Record<string, string> {
  const warnings: Record<string, string> = {};
  const check = (path: string, platform: ClickSigningApp["platform"], entered: string, own: string | null, same: (a: string, b: string) => boolean) => {
    if (!entered) return;
    if (apps && !apps.some((a) => a.platform === platform && same(a.appName, entered))) warnings[path] = SETTING_MESSAGES.packageNotFound;
    else if (own && !same(own, entered)) warnings[path] = SETTING_MESSAGES.packageDiffers;
  };
  check("value.android.packageName", "ANDROID", value.android.packageName.trim(), ctx.androidBundle, (a, b) => a.trim() === b.trim());
  check("value.ios.appId", "IOS", value.ios.appId.trim(), ctx.iosBundle, (a, b) => bareAppId(a) === bareAppId(b));
  return warnings;
}
