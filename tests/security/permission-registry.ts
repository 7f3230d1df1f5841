// Who may call what: one entry per exported server action ("<file>#<export>")
// and per exported HTTP method of a route handler ("<route file>#GET").
// tests/integration/permission-matrix.test.ts finds every action and handler
// in the source tree and fails when one has no entry here (or an entry names
// nothing that exists), then calls each entry as every kind of caller.
//
// It lives with the tests because each entry holds test arguments (records of
// licensee A from permission-fixture.ts). The access columns (access, roles,
// otherLicensee, reason, writes) are plain data, so that once actions are
// defined through a builder they can be generated from, or
// checked against, the builder's own declarations.
import { validAdvertiserInput } from "../helpers/factories";
import { png } from "../helpers/images";
import { versionOf } from "./permission-fixture";
import { ACCOUNT_AND_SHELL_ENTRIES } from "./permission-registry-account";
import { CREATIVE_ENTRIES } from "./permission-registry-creatives";
import { OPTIMIZATION_ENTRIES } from "./permission-registry-optimization";
import { CREATIVE_SET_ENTRIES } from "./permission-registry-creative-sets";
import { AUDIENCE_ENTRIES } from "./permission-registry-audiences";
import { AUDIENCE_UPLOAD_ENTRIES } from "./permission-registry-audience-uploads";
import { LOOKALIKE_ENTRIES } from "./permission-registry-lookalike";
import { BACKFILL_ENTRIES } from "./permission-registry-backfill";
import { TEMPLATE_ENTRIES } from "./permission-registry-templates";
import { EXPERIMENT_ENTRIES } from "./permission-registry-experiments";
import { REPORT_TEMPLATE_ENTRIES } from "./permission-registry-report-templates";
import { SLICEX_ENTRIES } from "./permission-registry-slicex";
import { TRANSFER_ENTRIES } from "./permission-registry-transfer";
import { BULK_ENTRIES } from "./permission-registry-bulk";
import { OPTIMIZATION_BLOCKING_ENTRIES } from "./permission-registry-optimization-blocking";
import { DICTIONARY_ENTRIES } from "./permission-registry-dictionaries";
import { REPORT_ENTRIES } from "./permission-registry-reports";
import { PARTNER_SEGMENT_ENTRIES } from "./permission-registry-partner-segments";
import { json, type RegistryEntry } from "./permission-types";
import { DEMO_AD_MARKING } from "@/lib/seed/form-values";

export type { GuardedEntry, PublicEntry, RegistryEntry, RouteCall } from "./permission-types";


function uploadForm(advertiserId: number): FormData {
  const form = new FormData();
  form.append("advertiserId", String(advertiserId));
  form.append("kind", "LOGO");
  form.append("file", new File([new Uint8Array(png(300, 300))], "matrix-logo.png", { type: "image/png" }));
  return form;
}

function feedForm(advertiserId: number): FormData {
  const form = new FormData();
  form.append("advertiserId", String(advertiserId));
  form.append("source", "FILE");
  form.append("name", "Matrix feed");
  form.append("updateFrequencyHours", "24");
  form.append("file", new File([new TextEncoder().encode("id,title,link\n1,Shoe,https://example.com/1\n")], "feed.csv"));
  return form;
}

/** A VAST 4 inline ad with one media file. */
const INLINE_VAST =
  '<VAST version="4.0"><Ad id="m"><InLine><AdSystem>Matrix</AdSystem><AdTitle>Matrix</AdTitle><Impression><![CDATA[https://example.com/i]]></Impression>' +
  '<Creatives><Creative><Linear><Duration>00:00:15</Duration><MediaFiles>' +
  '<MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[https://example.com/v.mp4]]></MediaFile>' +
  "</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>";

const pixelInput = { name: "Matrix pixel", type: "CLICK_CONV", viewWindowDays: "45", clickWindowDays: "45", countMode: "EVERY", userFcap: "", fcapValue: "10", fcapUnit: "MINUTE" };
const clickInput = { name: "Matrix click", url: "https://app.appsflyer.com/com.matrix?pid=dsp", mmpParams: [{ key: "pid", value: "dsp" }] };

/** Campaign form values that pass the schema: the fixture campaign's start (1 January 2030, kept by an edit), never ending. */
const matrixCampaign = (pixelId: number) => ({
  objective: "WEBSITE", isRetargeting: false, pixelId, startTime: Date.UTC(2030, 0, 1) / 1000, endTime: -1, pricingType: "CPM", pricingValue: "2.5",
  dailyBudget: "100", lifetimeBudget: "1000", budgetPacing: false, placeboAds: false, skadTarget: false, incrementalityTest: false,
});

/** Strategy wizard values that pass the whole schema: the fixture strategy's start (1 January 2030, kept by an edit), never ending. */
const matrixStrategy = (campaignId: number) => ({
  campaignId, type: "MULTI_DEVICE", startTime: Date.UTC(2030, 0, 1) / 1000, endTime: -1, pricingType: "CPM", pricingValue: "2.5", pacingTypeId: 6,
  campaignFcap: true, skadOptimised: false, creativeIds: [], creativeSetIds: [], pixelIds: [],
});

export const PERMISSION_REGISTRY: Record<string, RegistryEntry> = {
  ...ACCOUNT_AND_SHELL_ENTRIES,
  ...CREATIVE_ENTRIES,
  ...OPTIMIZATION_ENTRIES,
  ...CREATIVE_SET_ENTRIES,
  ...AUDIENCE_ENTRIES,
  ...AUDIENCE_UPLOAD_ENTRIES,
  ...LOOKALIKE_ENTRIES,
  ...BACKFILL_ENTRIES,
  ...TEMPLATE_ENTRIES,
  ...EXPERIMENT_ENTRIES,
  ...REPORT_TEMPLATE_ENTRIES,
  ...SLICEX_ENTRIES,
  ...TRANSFER_ENTRIES,
  ...BULK_ENTRIES,
  ...OPTIMIZATION_BLOCKING_ENTRIES,
  ...DICTIONARY_ENTRIES,
  ...REPORT_ENTRIES,
  ...PARTNER_SEGMENT_ENTRIES,
  // ───────────── advertisers ─────────────
  "lib/advertisers/actions.ts#createAdvertiserAction": {
    access: "write",
    otherLicensee: "own-account", // creates in the caller's licensee; names nothing of A
    args: () => [validAdvertiserInput({ name: "Matrix advertiser", domain: "matrix-test.com" })],
  },
  "lib/advertisers/actions.ts#updateAdvertiserAction": {
    access: "write",
    args: async (f) => [
      {
        id: f.a.advertiserId,
        version: await versionOf("advertiser", f.a.advertiserId),
        ...validAdvertiserInput({ name: "Advertiser Alpha7q edited", androidPhoneBundle: "com.matrix.app", declaredAndroidUrl: "https://play.google.com/store/apps/details?id=com.matrix.app" }),
      },
    ],
  },
  "lib/advertisers/actions.ts#setAdvertiserActiveAction": { access: "write", args: (f) => [{ id: f.a.statusAdvertiserId, active: false }] },
  "lib/entities/actions.ts#archiveAdvertiserAction": { access: "write", args: (f) => [{ id: f.a.archiveAdvertiserId }] },
  "lib/entities/actions.ts#setActiveInBulkAction": {
    access: "write",
    args: (f) => [{ entity: "advertiser", ids: [f.a.bulkAdvertiserId], active: false }],
  },
  "lib/advertiser-settings/actions.ts#updateAdvertiserSettingAction": {
    access: "write",
    args: (f) => [{ advertiserId: f.a.advertiserId, version: null, key: "FEED_KEY", type: "STRING", value: "matrix_sku" }],
  },
  // The REST resources of every registered entity (lib/api): one entry per generic route; tests/integration/openapi.test.ts calls every operation.
  "GET /api/v1/{resource}": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/v1/advertisers", params: { resource: "advertisers" } }),
  },
  "POST /api/v1/{resource}": {
    access: "write",
    request: (f) => ({
      method: "POST",
      path: "/api/v1/click-destinations",
      params: { resource: "click-destinations" },
      ...json({ advertiserId: f.a.advertiserId, ...clickInput }),
    }),
  },
  "GET /api/v1/{resource}/{id}": {
    access: "read",
    request: (f) => ({ method: "GET", path: `/api/v1/advertisers/${f.a.advertiserId}`, params: { resource: "advertisers", id: String(f.a.advertiserId) } }),
  },
  "PATCH /api/v1/{resource}/{id}": {
    access: "write",
    request: async (f) => ({
      method: "PATCH",
      path: `/api/v1/advertisers/${f.a.advertiserId}`,
      params: { resource: "advertisers", id: String(f.a.advertiserId) },
      ...json({ version: await versionOf("advertiser", f.a.advertiserId), contactAddress: "3 Matrix Road" }),
    }),
  },
  "POST /api/v1/{resource}/{id}/activate": {
    access: "write",
    request: (f) => ({
      method: "POST",
      path: `/api/v1/advertisers/${f.a.statusAdvertiserId}/activate`,
      params: { resource: "advertisers", id: String(f.a.statusAdvertiserId) },
    }),
  },
  "POST /api/v1/{resource}/{id}/deactivate": {
    access: "write",
    request: (f) => ({
      method: "POST",
      path: `/api/v1/advertisers/${f.a.statusAdvertiserId}/deactivate`,
      params: { resource: "advertisers", id: String(f.a.statusAdvertiserId) },
    }),
  },
  "app/api/v1/openapi.json/route.ts#GET": {
    access: "public",
    reason: "the OpenAPI document describes the API's shape only (no licensee data), the same for every caller",
    writes: [],
    request: () => ({ method: "GET", path: "/api/v1/openapi.json" }),
  },
  "app/api/list/[entity]/export/route.ts#GET": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/list/advertiser/export", params: { entity: "advertiser" } }),
  },

  // ───────────── pixels, click destinations, catalog ─────────────
  "lib/pixels/actions.ts#createPixelAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, ...pixelInput }] },
  "lib/pixels/actions.ts#updatePixelAction": {
    access: "write",
    args: async (f) => [{ advertiserId: f.a.advertiserId, id: f.a.pixelId, version: await versionOf("pixel", f.a.pixelId), ...pixelInput, name: "Matrix pixel edited" }],
  },
  "lib/click-destinations/actions.ts#createClickDestinationAction": {
    access: "write",
    args: (f) => [{ advertiserId: f.a.advertiserId, ...clickInput }],
  },
  "lib/click-destinations/actions.ts#updateClickDestinationAction": {
    access: "write",
    args: async (f) => [
      {
        advertiserId: f.a.advertiserId,
        id: f.a.clickDestinationId,
        version: await versionOf("clickDestination", f.a.clickDestinationId),
        ...clickInput,
        name: "Matrix click edited",
      },
    ],
  },
  "lib/click-destinations/actions.ts#setClickDestinationActiveAction": {
    access: "write",
    args: (f) => [{ advertiserId: f.a.advertiserId, id: f.a.statusClickDestinationId, active: false }],
  },
  "lib/catalog/actions.ts#createFeedAction": { access: "write", args: (f) => [feedForm(f.a.advertiserId)] },
  "lib/catalog/actions.ts#updateFeedAction": {
    access: "write",
    args: async (f) => [{ advertiserId: f.a.advertiserId, id: f.a.feedId, version: await versionOf("catalogFeed", f.a.feedId), name: "Matrix feed edited", updateFrequencyHours: 24 }],
  },
  "lib/catalog/actions.ts#setFeedActiveAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, id: f.a.statusFeedId, active: false }] },
  "lib/catalog/actions.ts#refreshFeedAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, id: f.a.feedId }] },
  "lib/catalog/actions.ts#updateVariableMappingAction": {
    access: "write",
    args: async (f) => [{ advertiserId: f.a.advertiserId, id: f.a.mappingId, version: await versionOf("variableMapping", f.a.mappingId), standardVariable: "id", description: "" }],
  },

  // ───────────── campaigns ─────────────
  "lib/campaigns/actions.ts#createCampaignAction": {
    access: "write",
    args: (f) => [{ ...matrixCampaign(f.a.pixelId), advertiserId: f.a.advertiserId, name: "Matrix campaign" }],
  },
  "lib/campaigns/actions.ts#updateCampaignAction": {
    access: "write",
    // Version 1: no other entry changes the fixture's campaign, and only one call (RW of A) succeeds.
    args: (f) => [{ ...matrixCampaign(f.a.pixelId), id: f.a.campaignId, version: 1, advertiserId: f.a.advertiserId, name: "Campaign Alpha7q edited" }],
  },

  // ───────────── strategies ─────────────
  "lib/strategies/actions.ts#createStrategyAction": {
    access: "write",
    args: (f) => [{ ...matrixStrategy(f.a.campaignId), name: "Matrix strategy" }],
  },
  "lib/strategies/actions.ts#updateStrategyAction": {
    access: "write",
    // Version 1: no other entry changes the fixture's strategy, and only one call (RW of A) succeeds.
    args: (f) => [{ ...matrixStrategy(f.a.campaignId), id: f.a.strategyId, version: 1, name: "Strategy Alpha7q edited" }],
  },
  "lib/strategies/actions.ts#strategyContextAction": { access: "read", args: (f) => [{ campaignId: f.a.campaignId }] },
  "lib/strategies/actions.ts#strategyPickerOptionsAction": { access: "read", args: (f) => [{ campaignId: f.a.campaignId, type: "MULTI_DEVICE" }] },
  "lib/strategies/actions.ts#searchGeoAction": {
    access: "read",
    otherLicensee: "no-data", // the country-state-city dataset: nothing of any licensee
    args: () => [{ level: "state", countryCode: "DE", q: "Bay" }],
  },
  "lib/strategies/actions.ts#previewStrategyReviewAction": {
    access: "read",
    args: (f) => [{ ...matrixStrategy(f.a.campaignId), id: f.a.strategyId, name: "Previewed" }],
  },

  // ───────────── HLS conversion and third-party ad tags ─────────────
  "lib/creatives/convert/actions.ts#startHlsConversionAction": {
    access: "write",
    args: (f) => [{ advertiserId: f.a.advertiserId, videoUrls: ["https://example.com/a.m3u8"], clickDestinationId: f.a.clickDestinationId, ...DEMO_AD_MARKING }],
  },
  "lib/creatives/convert/actions.ts#listHlsConversionsAction": { access: "read", args: (f) => [{ advertiserId: f.a.advertiserId }] },
  "lib/creatives/ad-tags/actions.ts#parseAdTagsAction": {
    access: "read",
    otherLicensee: "no-data", // reads the text it is given: nothing of any licensee
    args: () => [{ kind: "display", source: "csv", csv: "name,width,height,tag\nBanner,300,250,<img src=x>\n" }],
  },
  // Inline VAST XML: verified without the network, nothing stored.
  "lib/creatives/ad-tags/actions.ts#verifyVideoAdTagAction": {
    access: "write",
    otherLicensee: "own-account", // names nothing of A: B's call would only verify B's own tag
    args: () => [{ tag: INLINE_VAST }],
  },
  "POST /api/v1/creatives/video-ad-tag/verify": {
    access: "write",
    otherLicensee: "own-account",
    request: () => ({ method: "POST", path: "/api/v1/creatives/video-ad-tag/verify", ...json({ tag: INLINE_VAST }) }),
  },

  // ───────────── image library and stored files ─────────────
  "lib/images/actions.ts#listImagesAction": { access: "read", args: (f) => [{ advertiserId: f.a.advertiserId, kind: "LOGO" }] },
  "lib/images/actions.ts#addImagesAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, kind: "LOGO", urls: [f.a.unsavedUploadUrl] }] },
  "lib/images/actions.ts#deleteImagesAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, kind: "LOGO", ids: [f.a.imageSettingId] }] },
  "lib/images/actions.ts#discardUploadsAction": { access: "write", args: (f) => [{ advertiserId: f.a.advertiserId, urls: [f.a.discardableUploadUrl] }] },
  "app/api/uploads/images/route.ts#POST": {
    access: "write",
    request: (f) => ({
      method: "POST",
      path: "/api/uploads/images",
      body: uploadForm(f.a.advertiserId),
      headers: { origin: "http://localhost:3000" },
    }),
  },
  "app/api/files/[...key]/route.ts#GET": {
    access: "read",
    request: (f) => ({ method: "GET", path: `/api/files/${f.a.imageKey}`, params: { key: f.a.imageKey.split("/") } }),
  },
};
