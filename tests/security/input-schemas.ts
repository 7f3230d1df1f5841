// Every zod schema that parses what a browser or an API client sends, in one
// list: tests/integration/schema-properties.test.ts feeds each one random and
// hostile input. The test finds every schema a module exports (and every
// exported `...Schema` factory) and fails when one is neither listed here nor
// excluded with a reason, so a new input schema cannot skip the property tests.
//
// Each entry gives the concrete schemas to test (a factory is called with the
// arguments the app calls it with) and inputs the app really sends, which must
// parse: hostile values are injected into them field by field, so the tests
// reach the rules behind the first field too.
import type { z } from "zod";
import { LoginSchema, otpCodeSchema } from "@/lib/sign-in/login-schema";
import { PasswordStepSchema } from "@/lib/sign-in/login";
import { BulkIdsSchema } from "@/lib/entities/bulk";
import { GetInputSchema } from "@/lib/rest/read";
import { ApiKeyCreateSchema } from "@/lib/account/api-key-schema";
import { FormSubmitSchema, IdSchema, NoInputSchema, VersionSchema } from "@/lib/actions/fields";
import { ChangePasswordSchema } from "@/lib/account/password-policy";
import { ActivityQuerySchema } from "@/lib/activity/queries";
import {
  booleanSettingSchema,
  clickSigningSettingSchema,
  currencySettingSchema,
  settingFormSchema,
  SettingUpdateSchema,
  settingValueSchema,
  stringSettingSchema,
  type SettingRulesContext,
} from "@/lib/advertiser-settings/schema";
import { SETTING_DEFINITIONS } from "@/lib/advertiser-settings/definitions";
import { DynamicVideoSchema } from "@/lib/advertisers/dynamic-video";
import { AdvertiserFieldsSchema, AdvertiserUpdateSchema } from "@/lib/advertisers/schema";
import { campaignSchema } from "@/lib/campaigns/schema";
import { SkadPrivilegesQuerySchema } from "@/lib/campaigns/api-schema";
import { DeliveryBatchSchema, DeliveryRowSchema } from "@/lib/delivery/schema";
import { FeedCreateSchema, feedLink, FeedUpdateSchema, VariableMappingUpdateSchema } from "@/lib/catalog/schema";
import { clickDestinationSchema } from "@/lib/click-destinations/schema";
import { AddImagesSchema, DeleteImagesSchema, DiscardUploadsSchema, ImageKindSchema } from "@/lib/images/schema";
import {
  ConsolePathSchema,
  MenuNameSchema,
  MenuNamesSchema,
  ParentFilterSchema,
  PickerEntitySchema,
  PickerQuerySchema,
  SearchTextSchema,
  SwitchableCrumbSchema,
} from "@/lib/menu/schema";
import { GroupReadSchema } from "@/lib/notifications/mutations";
import { NotificationQuerySchema } from "@/lib/notifications/queries";
import { PixelFormSchema, PixelInputSchema } from "@/lib/pixels/schema";
import { presetSchema } from "@/lib/preferences/schema";
import { strategyInventorySchema, strategyTargetingSchema } from "@/lib/strategies/schema";
import { GeoSearchSchema, StrategyContextInputSchema, StrategyPickerInputSchema } from "@/lib/strategies/action-schemas";
import { strategySchema } from "@/lib/strategies/form";
import { FORM_STEPS, strategyStepSchema } from "@/lib/strategies/steps";
import { DaySchema, storedDateRangeSchema } from "@/lib/user-settings/date-range";
import { HlsConversionFormSchema, HlsConversionSchema, ListConversionsSchema } from "@/lib/creatives/convert/schema";
import { DEMO_AD_MARKING } from "@/lib/seed/form-values";
import { AdTagKindSchema, adTagRowSchema, ParseAdTagsSchema, VerifyVideoAdTagSchema } from "@/lib/creatives/ad-tags/schema";
import { validAdvertiserInput } from "../helpers/factories";
import { CREATIVE_INPUT_SCHEMAS } from "./input-schemas-creatives";
import { OPTIMIZATION_INPUT_SCHEMAS } from "./input-schemas-optimization";
import { CREATIVE_SET_INPUT_SCHEMAS } from "./input-schemas-creative-sets";
import { AUDIENCE_INPUT_SCHEMAS } from "./input-schemas-audiences";
import { AUDIENCE_UPLOAD_INPUT_SCHEMAS } from "./input-schemas-audience-uploads";
import { LOOKALIKE_INPUT_SCHEMAS } from "./input-schemas-lookalike";
import { BACKFILL_INPUT_SCHEMAS } from "./input-schemas-backfill";
import { TEMPLATE_INPUT_SCHEMAS } from "./input-schemas-templates";
import { EXPERIMENT_INPUT_SCHEMAS } from "./input-schemas-experiments";
import { REPORT_TEMPLATE_INPUT_SCHEMAS } from "./input-schemas-report-templates";
import { REPORT_INPUT_SCHEMAS } from "./input-schemas-reports";
import { SLICEX_INPUT_SCHEMAS } from "./input-schemas-slicex";
import { TRANSFER_INPUT_SCHEMAS } from "./input-schemas-transfer";
import { BULK_INPUT_SCHEMAS } from "./input-schemas-bulk";
import { OPTIMIZATION_BLOCKING_INPUT_SCHEMAS } from "./input-schemas-optimization-blocking";
import { DICTIONARY_INPUT_SCHEMAS } from "./input-schemas-dictionaries";
import { PARTNER_SEGMENT_INPUT_SCHEMAS } from "./input-schemas-partner-segments";

export interface SchemaCase {
  label: string;
  schema: z.ZodType;
  /** Inputs the app sends that must parse. */
  valid: unknown[];
}

export type InputSchemaEntry = { cases: () => SchemaCase[] } | { excluded: string };

const one = (label: string, schema: z.ZodType, ...valid: unknown[]): SchemaCase[] => [{ label, schema, valid }];

/** A strategy as the wizard sends it: every step, text as typed, times as epoch seconds (-1: start immediately, never ending, unlimited). */
const STRATEGY = {
  campaignId: "3", name: "Prospecting EU", type: "MULTI_DEVICE", startTime: -1, endTime: -1, pixelIds: ["7"], trackingParameter: "utm_source=dsp",
  skadOptimised: false, skOverlayPosition: "", campaignFcap: false, fcapFrequency: "3", fcapInterval: "24", lifetimeUserFcap: "",
  rtbAggregators: { targetList: [1], blockedList: [] }, targetAndroidCategories: ["Games"], targetIosCategories: [], targetAppRatings: "4+",
  dealDTO: { targetList: [], blockedList: [2] }, targetDealCategory: ["Sports"],
  targetDays: { daypart: [{ day: "MONDAY", hours: [6, 7, 8, 9] }] },
  targetGeographies: { country: { targetList: ["DE"], blockedList: [] }, state: { targetList: [], blockedList: ["DE-BY"] }, city: { targetList: ["DE-BE:Berlin"], blockedList: [] }, customGeoTargeting: false },
  geoFenceDTO: { isEnabled: true, targetList: [{ latitude: 52.5, longitude: 13.4 }], radius: 1, radiusUnit: "km" },
  consentType: 2, genderTargeting: [1, 2], ageGroupTargeting: { minAge: 18, maxAge: 44 }, placements: [{ id: 3, name: "Mobile Apps" }],
  targetMobileDevices: { targetOperatingSystems: ["iOS"], targetDeviceTypes: [3, 4] },
  pricingType: "CPM", pricingValue: "4.20", bidPercentage: "80", bidCapMin: "0", bidCapMax: "-1", budgetValue: "-1", dailyAdvSpendBudget: "1234.56",
  pacingTypeId: "6", pacingBudgetValue: "", isBargainerActive: true, deltaMediaBudget: "10", resetTimeDeltaMediaBudget: 1_900_000_000, spillover: false,
  boostBidPrice: "", cpaTarget: "12.5", productFeedTargeting: null, productSelectionPolicy: "", creativeIds: ["40"], creativeSetIds: [],
};

/** The facts the setting rules read (an advertiser with an Android bundle, audit log report on, no slack channel). */
const RULES: SettingRulesContext = { androidBundle: "com.acme.app", iosBundle: null, slackChannelId: "", auditLogReportEnabled: true };

const ADVERTISER = validAdvertiserInput();
const DYNAMIC_VIDEO = { templateId: "tpl-1", cta: "Shop Now", titleLength: 30, roundPrice: "2", logo: "https://cdn.acme.com/logo.png" };
const PIXEL = { name: "Checkout", type: "HYBRID_CONV", viewWindowDays: "45", clickWindowDays: "30", countMode: "CAPPED", userFcap: "3", fcapValue: "10", fcapUnit: "MINUTE" };
/** A campaign as its form sends it: text as typed, times as epoch seconds (-1: start immediately, never ending). */
const CAMPAIGN = {
  advertiserId: "1", name: "Summer Sale", objective: "WEBSITE", isRetargeting: false, pixelId: "7", startTime: -1, endTime: -1,
  pricingType: "CPM", pricingValue: "4.20", lifetimeBudget: "30000", lifetimeDeliveryCap: "", dailyBudget: "1234.56", deltaDaily: "",
  dailyDeliveryCap: "293942", dailyAdvSpendBudget: "", dailyFcap: "5", dailyFcapHours: "24", lifetimeUserFcap: "20", attributionRatio: "100",
  cpaTarget: "", cpiTarget: "", roiTarget: "", budgetPacing: true, pacingOption: "DAILY_ASAP", budgetSpends: "6", coolingPeriod: "2",
  placeboAds: false, skadTarget: false, incrementalityTest: false,
};
const PRESET = { name: "My view", rowLimit: 20, timezoneId: 805, columns: ["impressions", "clicks"] };
const CLICK_DESTINATION = { name: "Store link", url: "https://app.appsflyer.com/com.acme?pid=dsp", mmpParams: [{ key: "pid", value: "dsp_int" }, { key: "c", value: "" }] };
const CLICK_SIGNING = { android: { isEnabled: true, packageName: "com.acme.app" }, ios: { isEnabled: false, appId: "" } };

const settingValue = (kind: string): unknown[] =>
  ({ string: ["value {creativeSetName}"], boolean: [false], currency: [{ currency: "eur" }], clickSigning: [CLICK_SIGNING] })[kind] ?? [];

const RESPONSE_SHAPE = "a response shape the REST API sends (documented in OpenAPI), never parsed from a caller";
const RESPONSE_FIELD = "a field of a response shape (lib/rest/view-fields.ts), never parsed from a caller";

export const INPUT_SCHEMAS: Record<string, InputSchemaEntry> = {
  // The process's configuration: read once at start-up from the environment, never from a request.
  "lib/env/schema.ts#EnvSchema": { excluded: "configuration from the environment at start-up, not request input" },
  "lib/env/schema.ts#boolFlag": { excluded: "a configuration flag's parser (EnvSchema), not request input" },
  ...CREATIVE_INPUT_SCHEMAS,
  ...OPTIMIZATION_INPUT_SCHEMAS,
  ...CREATIVE_SET_INPUT_SCHEMAS,
  ...AUDIENCE_INPUT_SCHEMAS,
  ...PARTNER_SEGMENT_INPUT_SCHEMAS,
  ...AUDIENCE_UPLOAD_INPUT_SCHEMAS,
  ...LOOKALIKE_INPUT_SCHEMAS,
  ...BACKFILL_INPUT_SCHEMAS,
  ...TEMPLATE_INPUT_SCHEMAS,
  ...EXPERIMENT_INPUT_SCHEMAS,
  ...REPORT_TEMPLATE_INPUT_SCHEMAS,
  ...REPORT_INPUT_SCHEMAS,
  ...SLICEX_INPUT_SCHEMAS,
  ...TRANSFER_INPUT_SCHEMAS,
  ...BULK_INPUT_SCHEMAS,
  ...OPTIMIZATION_BLOCKING_INPUT_SCHEMAS,
  ...DICTIONARY_INPUT_SCHEMAS,
  "lib/delivery/schema.ts#DeliveryRowSchema": {
    cases: () =>
      one(
        "DeliveryRowSchema",
        DeliveryRowSchema,
        { hour: "2030-11-01T10:00:00Z", strategyId: 1, creativeId: 2 },
        { hour: 1_900_000_800, strategyId: "3", creativeId: "4", appId: "5", aggregatorId: "", country: "in", device: "phone", impressions: "12", revenue: "1.5" },
      ),
  },
  "lib/delivery/schema.ts#DeliveryBatchSchema": { cases: () => one("DeliveryBatchSchema", DeliveryBatchSchema, { rows: [{}] }) },
  "lib/campaigns/api-schema.ts#SkadPrivilegesQuerySchema": {
    cases: () => one("SkadPrivilegesQuerySchema", SkadPrivilegesQuerySchema, {}, { filters: [{ column: "licenseeId", value: 1 }] }, { filters: [{ column: "licenseeId", value: "12" }] }),
  },
  // parts of every action input
  "lib/actions/fields.ts#IdSchema": { cases: () => one("IdSchema", IdSchema, 1, "42", 2_147_483_647) },
  "lib/actions/fields.ts#VersionSchema": { cases: () => one("VersionSchema", VersionSchema, 0, 7) },
  "lib/actions/fields.ts#NoInputSchema": { cases: () => one("NoInputSchema", NoInputSchema, undefined) },
  "lib/actions/fields.ts#FormSubmitSchema": { cases: () => one("FormSubmitSchema", FormSubmitSchema, undefined, new FormData()) },
  "lib/entities/bulk.ts#BulkIdsSchema": { cases: () => one("BulkIdsSchema", BulkIdsSchema, [1], [3, 4, 5]) },
  "lib/rest/read.ts#GetInputSchema": { cases: () => one("GetInputSchema", GetInputSchema, { id: 1 }, { id: "42" }) },

  // sign-in and the account
  "lib/sign-in/login.ts#PasswordStepSchema": {
    cases: () => one("PasswordStepSchema", PasswordStepSchema, { email: "rw@default.test", password: "Demo@12345" }, { email: "rw@default.test", password: "x", captcha: null }),
  },
  "lib/sign-in/login-schema.ts#LoginSchema": { cases: () => one("LoginSchema", LoginSchema, { email: "rw@default.test", password: "Demo@12345" }) },
  "lib/sign-in/login-schema.ts#otpCodeSchema": {
    cases: () => [
      { label: "otpCodeSchema(4)", schema: otpCodeSchema(4), valid: ["1234", " 0000 "] },
      { label: "otpCodeSchema(10)", schema: otpCodeSchema(10), valid: ["0123456789"] },
    ],
  },
  "lib/account/api-key-schema.ts#ApiKeyCreateSchema": { cases: () => one("ApiKeyCreateSchema", ApiKeyCreateSchema, { name: "CI key" }) },
  "lib/account/password-policy.ts#ChangePasswordSchema": {
    cases: () => one("ChangePasswordSchema", ChangePasswordSchema, { oldPassword: "Demo@12345", newPassword: "Zebra#90817", confirmPassword: "Zebra#90817" }),
  },
  "lib/user-settings/date-range.ts#DaySchema": { cases: () => one("DaySchema", DaySchema, "2024-01-31", "2024-02-29") },
  "lib/user-settings/date-range.ts#storedDateRangeSchema": {
    cases: () => one("storedDateRangeSchema", storedDateRangeSchema, { preset: "last7" }, { preset: "custom", from: "2024-01-01", to: "2024-01-31" }),
  },
  "lib/activity/queries.ts#ActivityQuerySchema": { cases: () => one("ActivityQuerySchema", ActivityQuerySchema, { page: 2, modules: ["CAMPAIGN", "PIXEL"] }, {}) },
  "lib/notifications/queries.ts#NotificationQuerySchema": { cases: () => one("NotificationQuerySchema", NotificationQuerySchema, { page: 1, unreadOnly: true }) },
  "lib/notifications/mutations.ts#GroupReadSchema": { cases: () => one("GroupReadSchema", GroupReadSchema, { group: "today", ids: [1, 2] }, { group: "older" }) },
  "lib/preferences/schema.ts#presetSchema": {
    cases: () => [
      { label: "presetSchema(RW)", schema: presetSchema({ role: "RW", takenNames: ["Default", "Performance"] }), valid: [PRESET] },
      { label: "presetSchema(RO)", schema: presetSchema({ role: "RO", takenNames: ["Default"] }), valid: [{ ...PRESET, rowLimit: "50" }] },
    ],
  },

  // menus, breadcrumbs, picker
  "lib/menu/schema.ts#MenuNameSchema": { cases: () => one("MenuNameSchema", MenuNameSchema, "advertiser") },
  "lib/menu/schema.ts#MenuNamesSchema": { cases: () => one("MenuNamesSchema", MenuNamesSchema, ["advertiser", "campaign"]) },
  "lib/menu/schema.ts#PickerEntitySchema": { cases: () => one("PickerEntitySchema", PickerEntitySchema, "pixel") },
  "lib/menu/schema.ts#SwitchableCrumbSchema": { cases: () => one("SwitchableCrumbSchema", SwitchableCrumbSchema, "campaign") },
  "lib/menu/schema.ts#SearchTextSchema": { cases: () => one("SearchTextSchema", SearchTextSchema, "shoes", undefined) },
  "lib/menu/schema.ts#ParentFilterSchema": { cases: () => one("ParentFilterSchema", ParentFilterSchema, { advertiserId: 1, campaignId: 2 }, {}) },
  "lib/menu/schema.ts#PickerQuerySchema": { cases: () => one("PickerQuerySchema", PickerQuerySchema, { search: "", page: 1, size: 10 }) },
  "lib/menu/schema.ts#ConsolePathSchema": { cases: () => one("ConsolePathSchema", ConsolePathSchema, "/advertiser/details/1?tab=pixel") },

  // advertisers and their settings
  "lib/advertisers/schema.ts#AdvertiserFieldsSchema": { cases: () => one("AdvertiserFieldsSchema", AdvertiserFieldsSchema, ADVERTISER) },
  "lib/advertisers/schema.ts#AdvertiserUpdateSchema": {
    cases: () => one("AdvertiserUpdateSchema", AdvertiserUpdateSchema, ADVERTISER, { ...ADVERTISER, dynamicVideoEnabled: true, dynamicVideo: DYNAMIC_VIDEO }),
  },
  "lib/advertisers/dynamic-video.ts#DynamicVideoSchema": { cases: () => one("DynamicVideoSchema", DynamicVideoSchema, DYNAMIC_VIDEO) },
  "lib/advertiser-settings/schema.ts#SettingUpdateSchema": {
    cases: () => one("SettingUpdateSchema", SettingUpdateSchema, { key: "FEED_KEY", type: "STRING", value: "sku_id" }),
  },
  "lib/advertiser-settings/schema.ts#settingValueSchema": {
    cases: () =>
      SETTING_DEFINITIONS.map((def) => ({
        label: `settingValueSchema(${def.key})`,
        schema: settingValueSchema(def, RULES),
        valid: def.key === "SLACK_CHANNEL_ID" ? ["C0123456"] : settingValue(def.kind),
      })),
  },
  "lib/advertiser-settings/schema.ts#stringSettingSchema": {
    cases: () =>
      ["CREATIVE_NAME_FORMAT", "FEED_KEY", "SLACK_CHANNEL_ID", "DATE_FORMAT"].map((key) => ({
        label: `stringSettingSchema(${key})`,
        schema: stringSettingSchema(key, { ...RULES, auditLogReportEnabled: false }),
        valid: [key === "CREATIVE_NAME_FORMAT" ? "ad-{creativeSetName}" : "abc_123"],
      })),
  },
  "lib/advertiser-settings/schema.ts#booleanSettingSchema": {
    cases: () => one("booleanSettingSchema(AUDIT_LOG_REPORT_ENABLED)", booleanSettingSchema("AUDIT_LOG_REPORT_ENABLED", { ...RULES, slackChannelId: "C123456" }), true, false),
  },
  "lib/advertiser-settings/schema.ts#currencySettingSchema": { cases: () => one("currencySettingSchema", currencySettingSchema(), { currency: "usd" }) },
  "lib/advertiser-settings/schema.ts#clickSigningSettingSchema": { cases: () => one("clickSigningSettingSchema", clickSigningSettingSchema(RULES), CLICK_SIGNING) },
  "lib/advertiser-settings/schema.ts#settingFormSchema": {
    cases: () => one("settingFormSchema(currency)", settingFormSchema(currencySettingSchema()), { value: { currency: "GBP" } }),
  },

  // pixels, click destinations, catalog feeds, images, strategies
  "lib/pixels/schema.ts#PixelFormSchema": { cases: () => one("PixelFormSchema", PixelFormSchema, PIXEL) },
  "lib/pixels/schema.ts#PixelInputSchema": { cases: () => one("PixelInputSchema", PixelInputSchema, PIXEL, { ...PIXEL, type: "VIEW_CONV", countMode: "EVERY" }) },
  "lib/click-destinations/schema.ts#clickDestinationSchema": {
    cases: () => [
      { label: "clickDestinationSchema(AppsFlyer)", schema: clickDestinationSchema("AppsFlyer"), valid: [CLICK_DESTINATION] },
      { label: "clickDestinationSchema(no MMP)", schema: clickDestinationSchema(null), valid: [{ name: "Site", url: "https://acme.com/landing" }] },
    ],
  },
  "lib/campaigns/schema.ts#campaignSchema": {
    cases: () => {
      const now = new Date();
      const inDays = (days: number) => Math.floor(now.getTime() / 1000) + days * 86_400;
      const saved = { startTime: new Date(inDays(-10) * 1000), endTime: null };
      return [
        { label: "campaignSchema(create)", schema: campaignSchema({ mode: "create", now }), valid: [CAMPAIGN, { ...CAMPAIGN, pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "1000", dailyBudget: "700", startTime: inDays(1), endTime: inDays(30) }] },
        { label: "campaignSchema(edit)", schema: campaignSchema({ mode: "edit", now, saved, skadAllowed: true }), valid: [{ ...CAMPAIGN, pricingType: "CPA", startTime: inDays(-10), skadTarget: true }] },
      ];
    },
  },
  "lib/catalog/schema.ts#feedLink": { cases: () => one("feedLink", feedLink, "ftp://feeds.acme.com/out/products.csv", "sftp://h.acme.com:2222/a/b.xml") },
  "lib/catalog/schema.ts#FeedCreateSchema": {
    cases: () =>
      one(
        "FeedCreateSchema",
        FeedCreateSchema,
        { source: "FILE", name: "Shoes", updateFrequencyHours: "24" },
        { source: "LINK", name: "Shoes", updateFrequencyHours: 6, link: "sftp://h.acme.com/feeds/a.xml", username: "u", password: "p" },
      ),
  },
  "lib/catalog/schema.ts#FeedUpdateSchema": { cases: () => one("FeedUpdateSchema", FeedUpdateSchema, { name: "Shoes", updateFrequencyHours: 168, link: "ftp://a.b/c.csv" }) },
  "lib/catalog/schema.ts#VariableMappingUpdateSchema": {
    cases: () => one("VariableMappingUpdateSchema", VariableMappingUpdateSchema, { standardVariable: "price", description: "Sale price" }, { standardVariable: "", description: "" }),
  },
  "lib/images/schema.ts#ImageKindSchema": { cases: () => one("ImageKindSchema", ImageKindSchema, "OVERLAY") },
  "lib/images/schema.ts#AddImagesSchema": { cases: () => one("AddImagesSchema", AddImagesSchema, { kind: "LOGO", urls: ["/api/files/images/1/2/LOGO/u/a.png"] }) },
  "lib/images/schema.ts#DeleteImagesSchema": { cases: () => one("DeleteImagesSchema", DeleteImagesSchema, { kind: "FALLBACK", ids: [3, 4] }) },
  "lib/images/schema.ts#DiscardUploadsSchema": { cases: () => one("DiscardUploadsSchema", DiscardUploadsSchema, ["/api/files/images/1/2/LOGO/u/a.png"], []) },
  "lib/strategies/schema.ts#strategyInventorySchema": {
    cases: () => one("strategyInventorySchema", strategyInventorySchema, { rtbApps: { targetList: [1, 2], blockedList: [] }, targetAppRatings: "4+", auctionTypeTargeting: "SECOND_PRICE" }, {}),
  },
  "lib/strategies/schema.ts#strategyTargetingSchema": {
    cases: () =>
      one("strategyTargetingSchema", strategyTargetingSchema, {
        targetDays: { daypart: [{ day: "MONDAY", hours: [0, 1, 23] }] },
        ageGroupTargeting: { minAge: 18, maxAge: 30 },
        genderTargeting: [1],
        temperatureTargetingDTO: { minTemperature: -5, maxTemperature: 30 },
        connectionTypes: ["wifi"],
      }),
  },

  "lib/strategies/form.ts#strategySchema": {
    cases: () => {
      const now = new Date();
      const saved = { startTime: new Date(now.getTime() - 10 * 86_400_000), endTime: null, type: "CTV_OTT" };
      const campaign = { objective: "MOBILE_APP_INSTALLS", isRetargeting: true, skadTarget: true, advertiserId: 1 };
      return [
        { label: "strategySchema(create)", schema: strategySchema({ mode: "create", now }), valid: [STRATEGY, { ...STRATEGY, pricingType: "MARGIN", pricingValue: "30" }] },
        {
          label: "strategySchema(edit, context)",
          schema: strategySchema({ mode: "edit", now, saved, campaign, skadAllowed: true, dmpAccess: true, catalogAdvertiser: true, purchaseFrequencyMappings: 6 }),
          valid: [{ ...STRATEGY, type: "CTV_OTT", skadOptimised: true, skOverlayPosition: "BOTTOM", productFeedTargeting: { categories: ["Shoes"] }, productSelectionPolicy: "CART_PRODUCTS" }],
        },
      ];
    },
  },
  "lib/strategies/steps.ts#strategyStepSchema": {
    cases: () => FORM_STEPS.map((step) => ({ label: `strategyStepSchema(${step})`, schema: strategyStepSchema(step, { mode: "create", now: new Date() }), valid: [STRATEGY] })),
  },
  "lib/strategies/action-schemas.ts#StrategyContextInputSchema": { cases: () => one("StrategyContextInputSchema", StrategyContextInputSchema, { campaignId: 3 }, { campaignId: "3" }) },
  "lib/strategies/action-schemas.ts#StrategyPickerInputSchema": { cases: () => one("StrategyPickerInputSchema", StrategyPickerInputSchema, { campaignId: 3, type: "CTV_OTT" }) },
  "lib/strategies/action-schemas.ts#GeoSearchSchema": {
    cases: () => one("GeoSearchSchema", GeoSearchSchema, { level: "country" }, { level: "city", countryCode: "DE", stateCode: "BE", q: "Ber" }),
  },

  // HLS conversion and third-party ad tags
  "lib/creatives/convert/schema.ts#HlsConversionSchema": {
    cases: () =>
      one(
        "HlsConversionSchema",
        HlsConversionSchema,
        { advertiserId: 1, videoUrls: ["https://cdn.acme.com/v/index.m3u8"], clickDestinationId: 4, ...DEMO_AD_MARKING },
        { advertiserId: "2", videoUrls: ["http://a.b/x.m3u", "https://a.b/y.m3u8"], creativeSetId: 3, kktuCode: " 30.10.1 ", person: "Acme Studio", erId: "ER-000042" },
      ),
  },
  "lib/creatives/convert/schema.ts#ListConversionsSchema": { cases: () => one("ListConversionsSchema", ListConversionsSchema, { advertiserId: 1 }) },
  "lib/creatives/convert/schema.ts#HlsConversionFormSchema": {
    cases: () => one("HlsConversionFormSchema", HlsConversionFormSchema, { urls: "https://cdn.acme.com/v/index.m3u8\n\nhttps://cdn.acme.com/w/index.m3u8", ...DEMO_AD_MARKING }),
  },
  "lib/creatives/ad-tags/schema.ts#AdTagKindSchema": { cases: () => one("AdTagKindSchema", AdTagKindSchema, "display", "video") },
  "lib/creatives/ad-tags/schema.ts#adTagRowSchema": {
    cases: () => [
      { label: "adTagRowSchema(display)", schema: adTagRowSchema("display"), valid: [{ name: "Banner", width: "300", height: 250, tag: '<script src="https://ads.acme.com/t.js"></script>' }] },
      { label: "adTagRowSchema(video)", schema: adTagRowSchema("video"), valid: [{ name: "Preroll", width: 640, height: 360, tag: "https://ads.acme.com/vast.xml" }] },
    ],
  },
  "lib/creatives/ad-tags/schema.ts#ParseAdTagsSchema": {
    cases: () =>
      one(
        "ParseAdTagsSchema",
        ParseAdTagsSchema,
        { kind: "display", source: "csv", csv: "name,width,height,tag\nBanner,300,250,<img src=x>\n" },
        { kind: "video", source: "single", row: { name: "Preroll", width: "640", height: "360", tag: "https://ads.acme.com/vast.xml" } },
      ),
  },
  "lib/creatives/ad-tags/schema.ts#VerifyVideoAdTagSchema": {
    cases: () => one("VerifyVideoAdTagSchema", VerifyVideoAdTagSchema, { tag: "https://ads.acme.com/vast.xml" }, { tag: '<VAST version="4.0"></VAST>' }),
  },
  "lib/creatives/ad-tags/api-schema.ts#VastSummaryDocSchema": { excluded: RESPONSE_SHAPE },
  "lib/creatives/ad-tags/api-schema.ts#VerifyVideoAdTagResultSchema": { excluded: RESPONSE_SHAPE },

  // responses: what the REST API sends, never what it parses
  "lib/advertisers/rest.ts#AdvertiserViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/rest/responses.ts#ApiErrorSchema": { excluded: RESPONSE_SHAPE },
  "lib/account/api-schema.ts#UserInfoSchema": { excluded: RESPONSE_SHAPE },
  "lib/audiences/rest.ts#AudienceViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/campaigns/rest.ts#CampaignViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/campaigns/api-schema.ts#SkadPrivilegesSchema": { excluded: RESPONSE_SHAPE },
  "lib/delivery/schema.ts#DeliveryResultSchema": { excluded: RESPONSE_SHAPE },
  "lib/delivery/schema.ts#DeliveryRowDocSchema": { excluded: "the row as the OpenAPI document describes it; requests are parsed by DeliveryRowSchema (tested here)" },
  "components/strategy/wizard/wizard-checks.ts#wholeSchema": {
    excluded: "the wizard's resolver around lib/strategies/form.ts#strategySchema (tested here): the same rules and messages, with the clock of each check",
  },
  "lib/catalog/rest.ts#CatalogFeedViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/click-destinations/rest.ts#ClickDestinationViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/creative-sets/rest.ts#CreativeSetViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/creatives/rest.ts#CreativeViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/pixels/rest.ts#PixelViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/strategies/rest.ts#StrategyViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/strategy-templates/rest.ts#StrategyTemplateViewSchema": { excluded: RESPONSE_SHAPE },
  "lib/rest/view-fields.ts#viewCount": { excluded: RESPONSE_FIELD },
  "lib/rest/view-fields.ts#viewDecimal": { excluded: RESPONSE_FIELD },
  "lib/rest/view-fields.ts#viewId": { excluded: RESPONSE_FIELD },
  "lib/rest/view-fields.ts#viewJson": { excluded: RESPONSE_FIELD },
  "lib/rest/view-fields.ts#viewTime": { excluded: RESPONSE_FIELD },
  "lib/rest/view-fields.ts#viewVersion": { excluded: RESPONSE_FIELD },
};
