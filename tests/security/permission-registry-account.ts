// Permission registry entries of sign-in, the caller's own account and the shell
// (menus, activity, notifications); the rest and the rules are in permission-registry.ts.
import { issueLoginTicket } from "@/lib/auth/tickets";
import { NEW_PASSWORD, PASSWORD, versionOf } from "./permission-fixture";
import { ALL_ROLES, json, pickerQuery, type RegistryEntry } from "./permission-types";

const presetInput = { name: "Matrix view", rowLimit: 20, timezoneId: 805, columns: ["impressions"] };

export const ACCOUNT_AND_SHELL_ENTRIES: Record<string, RegistryEntry> = {
  // ───────────── sign-in and sign-out (public) ─────────────
  "lib/sign-in/actions.ts#signOutAction": {
    access: "public",
    reason: "Sign Out ends the caller's own session; a visitor without one has nothing to end",
    writes: ["RevokedSession", "AuthEvent"],
    args: () => [],
  },
  "lib/sign-in/actions.ts#loginAction": {
    access: "public",
    reason: "the password step of sign-in",
    writes: ["LoginThrottle", "LoginTicket", "AuthEvent", "OtpChallenge", "SpentToken", "RateLimit"],
    mustWrite: ["LoginTicket"], // the right password: signed in
    args: (f) => [{ email: f.a.users.RW.email, password: PASSWORD, returnUrl: "/home" }],
  },
  "lib/sign-in/actions.ts#verifyOtpAction": {
    access: "public",
    reason: "the second-factor step of sign-in (the challenge is named by an httpOnly cookie)",
    writes: ["OtpChallenge", "LoginThrottle", "LoginTicket", "AuthEvent", "RateLimit"],
    args: () => [{ code: "0000", returnUrl: "/home" }],
  },
  "lib/sign-in/actions.ts#resendOtpAction": {
    access: "public",
    reason: "re-sends the sign-in code of the caller's own attempt cookie",
    writes: ["OtpChallenge", "RateLimit"],
    args: () => [],
  },
  "lib/sign-in/actions.ts#cancelOtpAction": {
    access: "public",
    reason: "abandons the caller's own sign-in attempt",
    writes: ["OtpChallenge"],
    args: () => [],
  },
  "lib/sign-in/sso-actions.ts#startSsoSignIn": {
    access: "public",
    reason: "starts a single sign-on (a redirect to the identity provider)",
    writes: [],
    args: () => [{ provider: "okta", returnUrl: "/home" }],
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
    args: (f) => [{ licenseeId: f.a.licenseeId }],
  },
  "lib/account/actions.ts#setTwoFactorAction": {
    access: "write",
    roles: ALL_ROLES,
    otherLicensee: "own-account",
    args: () => [{ enabled: true }],
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
    args: (f) => [{ id: f.a.apiKeyId }],
  },
  "POST /api/v1/session": {
    access: "write",
    // A fresh ticket of licensee A's RW user: only that user's own browser may take it.
    request: async (f) => ({
      method: "POST",
      path: "/api/v1/session",
      ...json({ ticket: await issueLoginTicket(f.a.users.RW.id, f.a.licenseeId) }),
    }),
  },
  "POST /api/v1/skad-target-privileges": {
    access: "read", // a POST that reads the caller's own licensee's privilege
    otherLicensee: "no-data",
    request: () => ({ method: "POST", path: "/api/v1/skad-target-privileges", ...json({}) }),
  },
  "POST /api/v1/delivery": {
    access: "write",
    otherLicensee: "invalid-rows",
    request: (f) => ({
      method: "POST",
      path: "/api/v1/delivery",
      ...json({ rows: [{ hour: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 86_400_000).toISOString(), strategyId: f.a.strategyId, creativeId: f.a.creativeId, impressions: 5 }] }),
    }),
  },
  "GET /api/v1/me": {
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
    args: async (f) => [{ id: f.a.presetId, version: await versionOf("preferencePreset", f.a.presetId), ...presetInput, name: "Matrix edit" }],
  },
  "lib/preferences/actions.ts#deletePresetAction": {
    access: "write",
    args: (f) => [{ id: f.a.presetToDeleteId }],
  },
  "lib/preferences/actions.ts#applyPresetAction": {
    access: "write",
    args: (f) => [{ id: f.a.presetId }],
  },

  // ───────────── shell: menus, activity, notifications ─────────────
  "lib/entities/actions.ts#loadMenusAction": {
    access: "read",
    otherLicensee: "no-data",
    args: () => [{ menus: ["advertiser", "campaign", "strategy"] }],
  },
  "lib/entities/actions.ts#searchMenuAction": { access: "read", otherLicensee: "no-data", args: () => [{ menu: "advertiser", text: "Alpha" }] },
  "lib/entities/actions.ts#searchCrumbAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [{ entity: "campaign", text: "", parents: { advertiserId: f.a.advertiserId } }],
  },
  "lib/entities/actions.ts#resolveCrumbsAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [{ path: `/advertiser/${f.a.advertiserId}/campaign/details/${f.a.campaignId}` }],
  },
  "lib/entities/actions.ts#searchPickerAction": {
    access: "read",
    otherLicensee: "no-data",
    args: (f) => [{ entity: "pixel", query: pickerQuery, parents: { advertiserId: f.a.advertiserId } }],
  },
  "lib/activity/actions.ts#listActivityAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [{ page: 1 }] },
  "lib/notifications/actions.ts#listNotificationsAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [{ page: 1 }] },
  "lib/notifications/actions.ts#unreadCountAction": { access: "read", roles: ["RW"], otherLicensee: "no-data", args: () => [] },
  "lib/notifications/actions.ts#markNotificationReadAction": { access: "write", args: (f) => [{ id: f.a.notificationId }] },
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

};
