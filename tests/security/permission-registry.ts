// Who may call what: one entry per exported server action ("<file>#<export>")
// and per exported HTTP method of a route handler ("<route file>#GET").
// tests/integration/permission-matrix.test.ts finds every action and handler
// in the source tree and fails when one has no entry here (or an entry names
// nothing that exists), then calls each entry as every kind of caller.
//
// It lives with the tests because each entry holds test arguments (records of
// licensee A from permission-fixture.ts). The access columns (access, roles,
// otherLicensee, reason, writes) are plain data, so that once actions are
// defined through a builder (issue #12) they can be generated from, or
// checked against, the builder's own declarations.
import type { Role } from "@/lib/auth/roles";
import { validAdvertiserInput } from "../helpers/factories";
import { issueLoginTicket } from "@/lib/auth/tickets";
import { NEW_PASSWORD, PASSWORD, versionOf, type MatrixFixture } from "./permission-fixture";
import { png } from "../helpers/images";

/** A route handler call: the test builds the Request and the `params` of the route's dynamic segments. */
export interface RouteCall {
  method: string;
  path: string;
  params?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  body?: BodyInit;
}

type Build<T> = (f: MatrixFixture) => T | Promise<T>;

interface Invocation {
  /** Server actions: the arguments, naming records of licensee A. */
  args?: Build<unknown[]>;
  /** Route handlers: the request, naming records of licensee A. */
  request?: Build<RouteCall>;
}

/** Reachable without a session: called as an anonymous visitor only. */
export interface PublicEntry extends Invocation {
  access: "public";
  reason: string;
  /** The only tables the call may change (what it is for); every other table must keep its row count. */
  writes: readonly string[];
  /** Tables the call must change: it did its job, so the check above was not passed by doing nothing. */
  mustWrite?: readonly string[];
}

/**
 * Needs a session. Callers of licensee A not in `roles`, anonymous callers and
 * the RW user of licensee B are refused (401/403/404) and change nothing.
 */
export interface GuardedEntry extends Invocation {
  access: "read" | "write";
  /** Roles of licensee A the call succeeds for. Default: write RW; read RW, RO and DEMO. */
  roles?: readonly Role[];
  /**
   * The RW user of licensee B calling with the same arguments:
   * - "not-found" (default): the arguments name A's records, so the call is refused (401/403/404).
   * - "no-data": a read that names no record of A (lists, menus, the caller's own account): it may
   *   answer, with nothing of A in the answer.
   * - "own-account": a write to the caller's own account or licensee that names no record of A
   *   (change password, create a preset): B's call would change only B's things, so it is not made.
   */
  otherLicensee?: "not-found" | "no-data" | "own-account";
  /**
   * For calls that answer per item rather than fail as a whole: true when the
   * result refuses every item (checked for every refused caller instead of ok:false).
   */
  refusedPerItem?: (result: unknown) => boolean;
}

export type RegistryEntry = PublicEntry | GuardedEntry;

const ALL_ROLES: readonly Role[] = ["RW", "RO", "DEMO"];
const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { "content-type": "application/json" } });
const pickerQuery = { search: "", page: 1, size: 10 };

function uploadForm(advertiserId: number): FormData {
  const form = new FormData();
  form.append("advertiserId", String(advertiserId));
  form.append("kind", "LOGO");
  form.append("file", new File([new Uint8Array(png(300, 300))], "matrix-logo.png", { type: "image/png" }));
  return form;
}

function feedForm(): FormData {
  const form = new FormData();
  form.append("source", "FILE");
  form.append("name", "Matrix feed");
  form.append("updateFrequencyHours", "24");
  form.append("file", new File([new TextEncoder().encode("id,title,link\n1,Shoe,https://example.com/1\n")], "feed.csv"));
  return form;
}

const pixelInput = { name: "Matrix pixel", type: "CLICK_CONV", viewWindowDays: "45", clickWindowDays: "45", countMode: "EVERY", userFcap: "", fcapValue: "10", fcapUnit: "MINUTE" };
const clickInput = { name: "Matrix click", url: "https://app.appsflyer.com/com.matrix?pid=dsp", mmpParams: [{ key: "pid", value: "dsp" }] };
const presetInput = { name: "Matrix view", rowLimit: 20, timezoneId: 805, columns: ["impressions"] };

export const PERMISSION_REGISTRY: Record<string, RegistryEntry> = {
  // ───────────── sign-in and sign-out (public) ─────────────
  "app/(console)/actions.ts#signOutAction": {
    access: "public",
    reason: "Sign Out ends the caller's own session; a visitor without one has nothing to end",
    writes: ["RevokedSession", "AuthEvent"],
    args: () => [],
  },
  "app/login/actions.ts#loginAction": {
    access: "public",
    reason: "the password step of sign-in",
    writes: ["LoginThrottle", "LoginTicket", "AuthEvent", "OtpChallenge", "SpentToken", "RateLimit"],
    mustWrite: ["LoginTicket"], // the right password: signed in
    args: (f) => [{ email: f.a.users.RW.email, password: PASSWORD, returnUrl: "/home" }],
  },
  "app/login/actions.ts#verifyOtpAction": {
    access: "public",
    reason: "the second-factor step of sign-in (the challenge is named by an httpOnly cookie)",
    writes: ["OtpChallenge", "LoginThrottle", "LoginTicket", "AuthEvent", "RateLimit"],
    args: () => [{ code: "0000", returnUrl: "/home" }],
  },
  "app/login/actions.ts#resendOtpAction": {
    access: "public",
    reason: "re-sends the sign-in code of the caller's own attempt cookie",
    writes: ["OtpChallenge", "RateLimit"],
    args: () => [],
  },
  "app/login/actions.ts#cancelOtpAction": {
    access: "public",
    reason: "abandons the caller's own sign-in attempt",
    writes: ["OtpChallenge"],
    args: () => [],
  },
  "lib/auth/sso/actions.ts#startSsoSignIn": {
    access: "public",
    reason: "starts a single sign-on (a redirect to the identity provider)",
    writes: [],
    args: () => ["okta", "/home"],
  },
  "app/api/auth/[...nextauth]/route.ts#GET": {
    access: "public",
    reason: "next-auth's own endpoints (session, providers, csrf, provider callbacks)",
    writes: [],
    request: () => ({ method: "GET", path: "/api/auth/session", params: { nextauth: ["session"] } }),
  },
  "app/api/auth/[...nextauth]/route.ts#POST": {
    access: "public",
    reason: "next-auth's sign-in and sign-out posts: CSRF-checked, and sign-in takes only a single-use login ticket",
    writes: [],
    request: () => ({
      method: "POST",
      path: "/api/auth/callback/credentials",
      params: { nextauth: ["callback", "credentials"] },
      body: new URLSearchParams({ ticket: "not-a-ticket-not-a-ticket" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    }),
  },
  "app/api/captcha/route.ts#GET": {
    access: "public",
    reason: "signed-out visitors need a captcha challenge to sign in",
    writes: [],
    request: () => ({ method: "GET", path: "/api/captcha" }),
  },
  "app/api/health/route.ts#GET": {
    access: "public",
    reason: "the container platform's health check",
    writes: [],
    request: () => ({ method: "GET", path: "/api/health" }),
  },
  "app/api/px/[pixelId]/route.ts#GET": {
    access: "public",
    reason: "the conversion tracker fired by advertisers' pages: records one fire of that pixel (and claims its order id)",
    writes: ["PixelFire", "PixelFireOrder"],
    mustWrite: ["PixelFire"],
    request: (f) => ({
      method: "GET",
      path: `/api/px/${f.a.pixelPublicKey}?value=1.5&order_id=matrix-1`,
      params: { pixelId: f.a.pixelPublicKey },
    }),
  },
  "app/api/px/[pixelId]/route.ts#HEAD": {
    access: "public",
    reason: "link checkers probe the tracker; never counted",
    writes: [],
    request: (f) => ({ method: "HEAD", path: `/api/px/${f.a.pixelPublicKey}`, params: { pixelId: f.a.pixelPublicKey } }),
  },
  "app/api/smarttag/[advertiserId]/route.ts#GET": {
    access: "public",
    reason: "the advertiser's site tag script, loaded by advertisers' websites; reads nothing from the database",
    writes: [],
    request: (f) => ({ method: "GET", path: `/api/smarttag/${f.a.advertiserId}`, params: { advertiserId: String(f.a.advertiserId) } }),
  },

  // ───────────── the caller's own account ─────────────
  "lib/account/actions.ts#endSessionAction": {
    access: "public",
    reason: "Sign Out (user menu): ends the caller's own session; a visitor without one has nothing to end",
    writes: ["RevokedSession", "AuthEvent"],
    args: () => [],
  },
  "lib/account/actions.ts#changePasswordAction": {
    access: "write",
    roles: ALL_ROLES,
    otherLicensee: "own-account",
    args: () => [{ oldPassword: PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }],
  },
  "lib/account/actions.ts#endAllSessionsAction": {
    access: "write",
    roles: ALL_ROLES,
    otherLicensee: "own-account",
    args: () => [],
  },
  "lib/account/actions.ts#listLicenseesAction": {
    access: "read",
    roles: ["RW"], // only users who may switch licensee list them
    otherLicensee: "no-data",
    args: () => [],
  },
  "lib/account/actions.ts#switchLicenseeAction": {
    access: "write",
    args: (f) => [f.a.licenseeId],
  },
  "lib/account/actions.ts#setTwoFactorAction": {
    access: "write",
    roles: ALL_ROLES,
    otherLicensee: "own-account",
    args: () => [true],
  },
  "lib/account/actions.ts#listRecentSignInsAction": {
    access: "read",
    roles: ALL_ROLES, // the caller's own sign-ins
    otherLicensee: "no-data",
    args: () => [],
  },
  "lib/account/actions.ts#createApiKeyAction": {
    access: "write",
    otherLicensee: "own-account",
    args: () => [{ name: "Matrix key" }],
  },
  "lib/account/actions.ts#revokeApiKeyAction": {
    access: "write",
    args: (f) => [f.a.apiKeyId],
  },
  "app/api/v1/session/route.ts#POST": {
    access: "write",
    // A fresh ticket of licensee A's RW user: only that user's own browser may take it.
    request: async (f) => ({
      method: "POST",
      path: "/api/v1/session",
      ...json({ ticket: await issueLoginTicket(f.a.users.RW.id, f.a.licenseeId) }),
    }),
  },
  "app/api/v1/me/route.ts#GET": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/v1/me" }),
  },
  "lib/user-settings/actions.ts#saveDateRangeAction": {
    access: "write",
    roles: ALL_ROLES,
    otherLicensee: "own-account",
    args: () => [{ preset: "last30" }],
  },
  "lib/preferences/actions.ts#loadPreferencesAction": {
    access: "read",
    otherLicensee: "no-data",
    args: () => [],
  },
  "lib/preferences/actions.ts#createPresetAction": {
    access: "write",
    roles: ["RW", "RO"], // demo users may apply presets, not create them
    otherLicensee: "own-account",
    args: () => [presetInput],
  },
  "lib/preferences/actions.ts#updatePresetAction": {
    access: "write",
    args: async (f) => [f.a.presetId, await versionOf("preferencePreset", f.a.presetId), { ...presetInput, name: "Matrix edit" }],
  },
  "lib/preferences/actions.ts#deletePresetAction": {
    access: "write",
    args: (f) => [f.a.presetToDeleteId],
  },
  "lib/preferences/actions.ts#applyPresetAction": {
    access: "write",
    args: (f) => [f.a.presetId],
  },

  // ───────────── shell: menus, activity, notifications ─────────────
  "lib/menu/actions.ts#loadMenusAction": { access: "read", otherLicensee: "no-data", args: () => [["advertiser", "campaign", "strategy"]] },
  "lib/menu/actions.ts#searchMenuAction": { access: "read", otherLicensee: "no-data", args: () => ["advertiser", "Alpha"] },
  "lib/menu/actions.ts#searchCrumbAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => ["campaign", "", { advertiserId: f.a.advertiserId }],
  },
  "lib/menu/actions.ts#resolveCrumbsAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [`/advertiser/${f.a.advertiserId}/campaign/details/${f.a.campaignId}`],
  },
  "lib/menu/actions.ts#searchPickerAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => ["pixel", pickerQuery, { advertiserId: f.a.advertiserId }],
  },
  "lib/menu/actions.ts#searchAdvertiserPicker": { access: "read", otherLicensee: "no-data", args: () => [pickerQuery] },
  "lib/menu/actions.ts#searchCampaignPicker": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [pickerQuery, { advertiserId: f.a.advertiserId }],
  },
  "lib/menu/actions.ts#searchStrategyPicker": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [pickerQuery, { campaignId: f.a.campaignId }],
  },
  "lib/menu/actions.ts#searchStrategyTemplatePicker": { access: "read", otherLicensee: "no-data", args: () => [pickerQuery] },
  "lib/menu/actions.ts#searchPixelPicker": { access: "read", otherLicensee: "no-data", args: (f) => [pickerQuery, { advertiserId: f.a.advertiserId }] },
  "lib/menu/actions.ts#searchCreativeSetPicker": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [pickerQuery, { advertiserId: f.a.advertiserId }],
  },
  "lib/menu/actions.ts#searchAudiencePicker": { access: "read", otherLicensee: "no-data", args: (f) => [pickerQuery, { advertiserId: f.a.advertiserId }] },
  "lib/menu/actions.ts#searchClickDestinationPicker": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [pickerQuery, { advertiserId: f.a.advertiserId }],
  },
  "lib/activity/actions.ts#listActivityAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [{ page: 1 }] },
  "lib/notifications/actions.ts#listNotificationsAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [{ page: 1 }] },
  "lib/notifications/actions.ts#unreadCountAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [] },
  "lib/notifications/actions.ts#markNotificationReadAction": { access: "write", args: (f) => [f.a.notificationId] },
  "lib/notifications/actions.ts#markGroupReadAction": {
    access: "write",
    args: (f) => [{ group: "older", ids: [f.a.notificationId] }],
    // Mark-as-read of a group answers per notification: another user's id fails alone, with 404.
    refusedPerItem: (result) => {
      const r = result as { ok?: boolean; data?: { results?: Record<string, { code: number }> } };
      const items = Object.values(r.data?.results ?? {});
      return r.ok === true && items.length > 0 && items.every((item) => item.code === 404);
    },
  },
  "lib/notifications/actions.ts#markAllSeenAction": {
    access: "write",
    otherLicensee: "own-account", // the caller's own inbox in the caller's licensee
    args: () => [],
  },

  // ───────────── advertisers ─────────────
  "lib/advertisers/actions.ts#createAdvertiserAction": {
    access: "write",
    otherLicensee: "own-account", // creates in the caller's licensee; names nothing of A
    args: () => [validAdvertiserInput({ name: "Matrix advertiser", domain: "matrix-test.com" })],
  },
  "lib/advertisers/actions.ts#updateAdvertiserAction": {
    access: "write",
    args: async (f) => [
      f.a.advertiserId,
      await versionOf("advertiser", f.a.advertiserId),
      validAdvertiserInput({ name: "Advertiser Alpha7q edited", androidPhoneBundle: "com.matrix.app", declaredAndroidUrl: "https://play.google.com/store/apps/details?id=com.matrix.app" }),
    ],
  },
  "lib/advertisers/actions.ts#setAdvertiserActiveAction": { access: "write", args: (f) => [f.a.statusAdvertiserId, false] },
  "lib/advertisers/actions.ts#archiveAdvertiserAction": { access: "write", args: (f) => [f.a.archiveAdvertiserId] },
  "lib/list/actions.ts#setListRowsActiveAction": { access: "write", args: (f) => ["advertiser", [f.a.bulkAdvertiserId], false] },
  "lib/campaigns/actions.ts#setCampaignsActiveAction": { access: "write", args: (f) => [[f.a.campaignId], false] },
  "lib/strategies/actions.ts#setStrategiesActiveAction": { access: "write", args: (f) => [[f.a.strategyId], false] },
  "lib/advertiser-settings/actions.ts#updateAdvertiserSettingAction": {
    access: "write",
    args: (f) => [f.a.advertiserId, null, { key: "FEED_KEY", type: "STRING", value: "matrix_sku" }],
  },
  "app/api/v1/advertisers/route.ts#GET": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/v1/advertisers" }),
  },
  "app/api/v1/advertisers/[id]/route.ts#GET": {
    access: "read",
    request: (f) => ({ method: "GET", path: `/api/v1/advertisers/${f.a.advertiserId}`, params: { id: String(f.a.advertiserId) } }),
  },
  "app/api/v1/advertisers/[id]/route.ts#PATCH": {
    access: "write",
    request: async (f) => ({
      method: "PATCH",
      path: `/api/v1/advertisers/${f.a.advertiserId}`,
      params: { id: String(f.a.advertiserId) },
      ...json({ version: await versionOf("advertiser", f.a.advertiserId), contactAddress: "3 Matrix Road" }),
    }),
  },
  "app/api/list/[entity]/export/route.ts#GET": {
    access: "read",
    otherLicensee: "no-data",
    request: () => ({ method: "GET", path: "/api/list/advertiser/export", params: { entity: "advertiser" } }),
  },

  // ───────────── pixels, click destinations, catalog ─────────────
  "lib/pixels/actions.ts#createPixelAction": { access: "write", args: (f) => [f.a.advertiserId, pixelInput] },
  "lib/pixels/actions.ts#updatePixelAction": {
    access: "write",
    args: async (f) => [f.a.advertiserId, f.a.pixelId, await versionOf("pixel", f.a.pixelId), { ...pixelInput, name: "Matrix pixel edited" }],
  },
  "lib/pixels/actions.ts#setPixelsActiveAction": { access: "write", args: (f) => [f.a.advertiserId, [f.a.statusPixelId], false] },
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
  "lib/catalog/actions.ts#createFeedAction": { access: "write", args: (f) => [f.a.advertiserId, feedForm()] },
  "lib/catalog/actions.ts#updateFeedAction": {
    access: "write",
    args: async (f) => [f.a.advertiserId, f.a.feedId, await versionOf("catalogFeed", f.a.feedId), { name: "Matrix feed edited", updateFrequencyHours: 24 }],
  },
  "lib/catalog/actions.ts#setFeedActiveAction": { access: "write", args: (f) => [f.a.advertiserId, f.a.statusFeedId, false] },
  "lib/catalog/actions.ts#refreshFeedAction": { access: "write", args: (f) => [f.a.advertiserId, f.a.feedId] },
  "lib/catalog/actions.ts#updateVariableMappingAction": {
    access: "write",
    args: async (f) => [f.a.advertiserId, f.a.mappingId, await versionOf("variableMapping", f.a.mappingId), { standardVariable: "id", description: "" }],
  },

  // ───────────── image library and stored files ─────────────
  "lib/images/actions.ts#listImagesAction": { access: "read", args: (f) => [f.a.advertiserId, "LOGO"] },
  "lib/images/actions.ts#addImagesAction": { access: "write", args: (f) => [f.a.advertiserId, { kind: "LOGO", urls: [f.a.unsavedUploadUrl] }] },
  "lib/images/actions.ts#deleteImagesAction": { access: "write", args: (f) => [f.a.advertiserId, { kind: "LOGO", ids: [f.a.imageSettingId] }] },
  "lib/images/actions.ts#discardUploadsAction": { access: "write", args: (f) => [f.a.advertiserId, [f.a.discardableUploadUrl]] },
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
