import {
  SETTING_DEFINITIONS,
  SETTING_KEYS,
  decodeSettingText,
  describeSettingValue,
  encodeSettingValue,
  settingDefinition,
  storedValue,
  SettingTextError,
  type ClickSigningValue,
  type SettingDefinition,
} from "./definitions";
import {
  CURRENCY_OPTIONS,
  SETTING_MESSAGES,
  SettingUpdateSchema,
  clickSigningWarnings,
  isCurrencyCode,
  settingFormSchema,
  settingValueSchema,
  type SettingRulesContext,
} from "./schema";
import { firstErrors } from "@/tests/helpers/schema-errors";

const RULES: SettingRulesContext = { androidBundle: "com.acme.app", iosBundle: "id123456789", slackChannelId: "", auditLogReportEnabled: false };
const def = (key: string) => settingDefinition(key) as SettingDefinition;

/** The first message for each field path, or {} when the value is accepted. */
function errorsOf(key: string, value: unknown, rules: Partial<SettingRulesContext> = {}): Record<string, string> {
  return firstErrors(settingFormSchema(settingValueSchema(def(key), { ...RULES, ...rules })), { value });
}

const signing = (android: Partial<ClickSigningValue["android"]> = {}, ios: Partial<ClickSigningValue["ios"]> = {}): ClickSigningValue => ({
  android: { isEnabled: false, packageName: "", ...android },
  ios: { isEnabled: false, appId: "", ...ios },
});

describe("definitions", () => {
  it("knows every setting of business.md 3 with a label, a type and a default", () => {
    expect(SETTING_KEYS).toEqual([
      "CREATIVE_NAME_FORMAT",
      "EVENT_FILTER_ALLOWED",
      "FEED_KEY",
      "LIFT_TEST_ACTIVE",
      "SKU_ALLOWED_CHARS",
      "TRANSACTION_CURRENCY",
      "CLICK_SIGNING",
      "SLACK_CHANNEL_ID",
      "AUDIT_LOG_REPORT_ENABLED",
      "DATE_FORMAT",
      "SKAD_NETWORK_TARGET",
    ]);
    expect(Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.type]))).toMatchObject({
      CREATIVE_NAME_FORMAT: "STRING",
      EVENT_FILTER_ALLOWED: "BOOLEAN",
      TRANSACTION_CURRENCY: "JSON",
      CLICK_SIGNING: "JSON",
      AUDIT_LOG_REPORT_ENABLED: "BOOLEAN",
    });
    expect(settingDefinition("NOPE")).toBeUndefined();
  });

  it("encodes values as text and decodes them back", () => {
    expect(encodeSettingValue(def("EVENT_FILTER_ALLOWED"), true)).toBe("true");
    expect(encodeSettingValue(def("TRANSACTION_CURRENCY"), { currency: "EUR" })).toBe('{"currency":"EUR"}');
    const s = signing({ isEnabled: true, packageName: "com.acme.app" });
    expect(decodeSettingText(def("CLICK_SIGNING"), encodeSettingValue(def("CLICK_SIGNING"), s))).toEqual(s);
    expect(decodeSettingText(def("EVENT_FILTER_ALLOWED"), "false")).toBe(false);
  });

  it("refuses text that is not of the setting's type", () => {
    expect(() => decodeSettingText(def("EVENT_FILTER_ALLOWED"), "yes")).toThrow(new SettingTextError("Enter true or false"));
    expect(() => decodeSettingText(def("TRANSACTION_CURRENCY"), "{oops")).toThrow("Enter valid JSON");
    expect(() => decodeSettingText(def("CLICK_SIGNING"), "[]")).toThrow("Enter a JSON object");
  });

  it("reads malformed stored values as the default", () => {
    expect(storedValue(def("TRANSACTION_CURRENCY") as never, "not json")).toEqual({ currency: "USD" });
    expect(storedValue(def("CLICK_SIGNING") as never, '{"android":{"isEnabled":true}}')).toEqual(signing({ isEnabled: true }));
    expect(describeSettingValue(def("CLICK_SIGNING"), signing({ isEnabled: true, packageName: "com.a.b" }))).toBe("Android on (com.a.b), iOS off");
    expect(describeSettingValue(def("LIFT_TEST_ACTIVE"), false)).toBe("Off");
  });
});

describe("string settings", () => {
  it("creative name format is required and must contain the creative set name placeholder", () => {
    expect(errorsOf("CREATIVE_NAME_FORMAT", " ")).toEqual({ value: SETTING_MESSAGES.creativeNameFormatRequired });
    expect(errorsOf("CREATIVE_NAME_FORMAT", "{size}_banner")).toEqual({ value: SETTING_MESSAGES.creativeNameFormatPlaceholder });
    expect(SETTING_MESSAGES.creativeNameFormatPlaceholder).toContain("{creativeSetName}");
    expect(errorsOf("CREATIVE_NAME_FORMAT", "{creativeSetName}_{size}")).toEqual({});
  });

  it.each([
    ["FEED_KEY", SETTING_MESSAGES.feedKeyRequired],
    ["SKU_ALLOWED_CHARS", SETTING_MESSAGES.skuCharsRequired],
    ["DATE_FORMAT", SETTING_MESSAGES.dateFormatRequired],
  ])("%s is required", (key, message) => {
    expect(errorsOf(key, "")).toEqual({ value: message });
    expect(errorsOf(key, "   ")).toEqual({ value: message });
    expect(errorsOf(key, "x")).toEqual({});
  });

  it("limits text to 255 characters", () => {
    expect(errorsOf("FEED_KEY", "k".repeat(256))).toEqual({ value: SETTING_MESSAGES.tooLong(255) });
    expect(errorsOf("SKAD_NETWORK_TARGET", "")).toEqual({});
  });

  it("slack channel id: at least 6 characters, no spaces, optional unless the audit log report is on", () => {
    expect(errorsOf("SLACK_CHANNEL_ID", "C0123")).toEqual({ value: SETTING_MESSAGES.slackChannelTooShort });
    expect(errorsOf("SLACK_CHANNEL_ID", "C01 23456")).toEqual({ value: SETTING_MESSAGES.slackChannelInvalid });
    expect(errorsOf("SLACK_CHANNEL_ID", "C012345")).toEqual({});
    expect(errorsOf("SLACK_CHANNEL_ID", "")).toEqual({});
    expect(errorsOf("SLACK_CHANNEL_ID", "", { auditLogReportEnabled: true })).toEqual({ value: SETTING_MESSAGES.slackNeededByAuditLog });
  });
});

describe("boolean settings", () => {
  it("accept only booleans", () => {
    expect(errorsOf("LIFT_TEST_ACTIVE", true)).toEqual({});
    expect(errorsOf("LIFT_TEST_ACTIVE", "true")).toEqual({ value: "Choose on or off" });
  });

  it("audit log report needs a slack channel id", () => {
    expect(errorsOf("AUDIT_LOG_REPORT_ENABLED", true)).toEqual({ value: SETTING_MESSAGES.auditLogNeedsSlack });
    expect(SETTING_MESSAGES.auditLogNeedsSlack).toBe("Audit log report needs a slack channel id");
    expect(errorsOf("AUDIT_LOG_REPORT_ENABLED", true, { slackChannelId: "C012345" })).toEqual({});
    expect(errorsOf("AUDIT_LOG_REPORT_ENABLED", false)).toEqual({});
  });
});

describe("transaction currency", () => {
  it("is required and a valid ISO 4217 code", () => {
    expect(errorsOf("TRANSACTION_CURRENCY", { currency: "" })).toEqual({ "value.currency": SETTING_MESSAGES.currencyRequired });
    expect(errorsOf("TRANSACTION_CURRENCY", {})).toEqual({ "value.currency": SETTING_MESSAGES.currencyRequired });
    expect(errorsOf("TRANSACTION_CURRENCY", { currency: "XYZ" })).toEqual({ "value.currency": SETTING_MESSAGES.currencyInvalid });
    expect(errorsOf("TRANSACTION_CURRENCY", { currency: "US" })).toEqual({ "value.currency": SETTING_MESSAGES.currencyInvalid });
    expect(errorsOf("TRANSACTION_CURRENCY", { currency: "EUR" })).toEqual({});
  });

  it("upper-cases the code, and offers the console's currency list", () => {
    const parsed = settingFormSchema(settingValueSchema(def("TRANSACTION_CURRENCY"), RULES)).parse({ value: { currency: " gbp " } });
    expect(parsed).toEqual({ value: { currency: "GBP" } });
    expect(CURRENCY_OPTIONS).toEqual(expect.arrayContaining(["USD", "EUR", "INR"]));
    expect(CURRENCY_OPTIONS.every(isCurrencyCode)).toBe(true);
    expect(isCurrencyCode("SEK")).toBe(true);
    expect(isCurrencyCode("usd")).toBe(false);
  });
});

describe("click signing", () => {
  it("enabling needs at least one bundle id on the advertiser", () => {
    const none = { androidBundle: null, iosBundle: null };
    expect(errorsOf("CLICK_SIGNING", signing({ isEnabled: true, packageName: "com.acme.app" }), none)).toEqual({
      value: SETTING_MESSAGES.clickSigningNeedsBundle,
    });
    expect(errorsOf("CLICK_SIGNING", signing(), none)).toEqual({});
  });

  it("Android needs the advertiser's Android package, iOS its iOS app id", () => {
    expect(errorsOf("CLICK_SIGNING", signing({ isEnabled: true, packageName: "com.acme.app" }), { androidBundle: null })).toEqual({
      "value.android.isEnabled": SETTING_MESSAGES.androidNeedsBundle,
    });
    expect(errorsOf("CLICK_SIGNING", signing({}, { isEnabled: true, appId: "id123456789" }), { iosBundle: null })).toEqual({
      "value.ios.isEnabled": SETTING_MESSAGES.iosNeedsBundle,
    });
  });

  it("an enabled platform needs a valid package name or app id", () => {
    expect(errorsOf("CLICK_SIGNING", signing({ isEnabled: true }))).toEqual({ "value.android.packageName": SETTING_MESSAGES.packageNameRequired });
    expect(errorsOf("CLICK_SIGNING", signing({}, { isEnabled: true }))).toEqual({ "value.ios.appId": SETTING_MESSAGES.appIdRequired });
    expect(errorsOf("CLICK_SIGNING", signing({ packageName: "acme" }))).toEqual({ "value.android.packageName": SETTING_MESSAGES.packageNameInvalid });
    expect(errorsOf("CLICK_SIGNING", signing({}, { appId: "abc" }))).toEqual({ "value.ios.appId": SETTING_MESSAGES.appIdInvalid });
    expect(errorsOf("CLICK_SIGNING", signing({ isEnabled: true, packageName: "com.acme.app" }, { isEnabled: true, appId: "123456789" }))).toEqual({});
  });

  it("warns when the package differs from the advertiser's or is not in the dictionary (business.md 8)", () => {
    const apps = [
      { platform: "ANDROID" as const, appName: "com.acme.app" },
      { platform: "ANDROID" as const, appName: "com.other.app" },
      { platform: "IOS" as const, appName: "123456789" },
    ];
    expect(clickSigningWarnings(signing({ packageName: "com.acme.app" }, { appId: "id123456789" }), RULES, apps)).toEqual({});
    expect(clickSigningWarnings(signing({ packageName: "com.other.app" }), RULES, apps)).toEqual({
      "value.android.packageName": SETTING_MESSAGES.packageDiffers,
    });
    expect(clickSigningWarnings(signing({ packageName: "com.unknown.app" }, { appId: "555" }), RULES, apps)).toEqual({
      "value.android.packageName": SETTING_MESSAGES.packageNotFound,
      "value.ios.appId": SETTING_MESSAGES.packageNotFound,
    });
    // Without the dictionary only the advertiser's own bundle is compared.
    expect(clickSigningWarnings(signing({ packageName: "com.unknown.app" }), RULES, null)).toEqual({
      "value.android.packageName": SETTING_MESSAGES.packageDiffers,
    });
    expect(SETTING_MESSAGES.packageDiffers).toBe("Selected package differs from click-signing settings");
    expect(SETTING_MESSAGES.packageNotFound).toBe("Entered package not found in system");
  });
});

describe("the update call", () => {
  it("carries a known key, a setting type and the value as text", () => {
    expect(SettingUpdateSchema.parse({ key: "FEED_KEY", type: "STRING", value: "sku" })).toEqual({ key: "FEED_KEY", type: "STRING", value: "sku" });
    const bad = SettingUpdateSchema.safeParse({ key: "NOPE", type: "NUMBER", value: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["key", SETTING_MESSAGES.unknownKey],
      ["type", "Unknown setting type"],
      ["value", "Enter a value"],
    ]);
  });

  it("has the spec's messages (business.md 8)", () => {
    expect(SETTING_MESSAGES.noChanges).toBe("No changes detected");
    expect(SETTING_MESSAGES.updateFailed).toBe("Failed to update advertiser settings");
    expect(SETTING_MESSAGES.fetchBundlesFailed).toBe("Failed to fetch app bundles");
  });
});
