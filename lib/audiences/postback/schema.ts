// The MMP postback (audiences of source Mobile, type "MMP postback /
// rule based", are fed by the in-app events the advertiser's MMP sends
// server to server): its parameters, their rules and messages, and the URL
// template the advertiser pastes into the MMP. Pure: the endpoint
// (./receive.ts), the settings page and the tests share it.
//
// Parameters (query string of a GET, or a JSON / form body of a POST):
//   key         the advertiser's postback key (./keys.ts), checked by the endpoint, not here
//   event       event name, stored lower-cased (rules compare ignoring case), at most 64 characters
//   device_id   the advertising id: IDFA (iOS) or GAID (Android), a UUID; required
//   os          ios or android (osTypeId 3 / 4): a Mobile audience only reads events of its OS
//   country     2 letters (ISO 3166-1), optional
//   value       revenue, plain decimal, optional (0 to 1,000,000,000; digits past 6 decimals are cut)
//   event_time  optional, default now: Unix seconds or milliseconds, ISO 8601, or "YYYY-MM-DD HH:MM:SS[.fff]" in UTC
// An empty parameter, or a macro the MMP left unreplaced ("{idfa}"), counts
// as not sent: MMPs send those when they do not know a value.
import { z } from "../../validation/z";
import { USER_EVENT_RETENTION_DAYS, userEventCutoff } from "../events/retention-window";

export const POSTBACK_EVENT_MAX = 64;
/** The most a value may be: the pixel's limit (lib/pixels/fire.ts MAX_FIRE_VALUE), far inside DECIMAL(18, 6). */
export const POSTBACK_MAX_VALUE = 1_000_000_000;
/** How far ahead of the server's clock an event time may be (the MMP's clock may run a little fast). */
export const POSTBACK_FUTURE_TOLERANCE_MS = 10 * 60_000;

export const POSTBACK_OS = { ios: 3, android: 4 } as const;

export const POSTBACK_MESSAGES = {
  eventRequired: "event is required",
  eventTooLong: `event must be at most ${POSTBACK_EVENT_MAX} characters`,
  eventInvalid: "event must not contain control characters",
  deviceIdRequired: "device_id is required",
  deviceIdInvalid: "device_id must be an advertising id (IDFA or GAID: a UUID)",
  deviceIdZero: "device_id is the all-zero advertising id of a device that limits ad tracking",
  osRequired: "os is required",
  osInvalid: "os must be ios or android",
  countryInvalid: "country must be 2 letters (ISO 3166-1 alpha-2)",
  valueInvalid: "value must be a plain decimal number, e.g. 4.99",
  valueTooLarge: `value must be at most ${POSTBACK_MAX_VALUE.toLocaleString("en-US")}`,
  eventTimeInvalid: "event_time must be Unix seconds or milliseconds, ISO 8601, or YYYY-MM-DD HH:MM:SS (UTC)",
  eventTimeFuture: "event_time is in the future",
  eventTimeTooOld: `event_time is older than the ${USER_EVENT_RETENTION_DAYS} days events are kept`,
} as const;
const M = POSTBACK_MESSAGES;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ZERO_UUID = /^[0-]+$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const DECIMAL = /^(\d{1,10})(?:\.(\d+))?$/;
const UNREPLACED_MACRO = /^\{[^{}]*\}$/;
/** "2026-11-27 10:15:00" or with milliseconds, as AppsFlyer writes event_time: UTC. */
const SPACED_UTC = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)$/;
/** Long inputs are refused before any pattern runs on them. */
const MAX_RAW = 256;

/** The text of a parameter; null when not sent (absent, empty, an unreplaced macro). Numbers (JSON bodies) as their text. */
function textOf(raw: unknown): string | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === "number") return Number.isFinite(raw) ? String(raw) : undefined;
  if (typeof raw !== "string") return undefined; // a type no postback sends: invalid
  const text = raw.trim();
  if (!text || UNREPLACED_MACRO.test(text)) return null;
  return text;
}

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
};

const eventField = z.unknown().transform((raw, ctx) => {
  const text = textOf(raw);
  if (text === null) return fail(ctx, M.eventRequired);
  if (text === undefined || CONTROL.test(text)) return fail(ctx, M.eventInvalid);
  if (text.length > POSTBACK_EVENT_MAX) return fail(ctx, M.eventTooLong);
  return text.toLowerCase();
});

const deviceIdField = z.unknown().transform((raw, ctx) => {
  const text = textOf(raw);
  if (text === null) return fail(ctx, M.deviceIdRequired);
  if (text === undefined || text.length > MAX_RAW || !UUID.test(text)) return fail(ctx, M.deviceIdInvalid);
  if (ZERO_UUID.test(text)) return fail(ctx, M.deviceIdZero);
  return text;
});

const osField = z.unknown().transform((raw, ctx) => {
  const text = textOf(raw);
  if (text === null) return fail(ctx, M.osRequired);
  const os = text?.toLowerCase();
  if (os !== "ios" && os !== "android") return fail(ctx, M.osInvalid);
  return POSTBACK_OS[os];
});

const countryField = z.unknown().transform((raw, ctx) => {
  const text = textOf(raw);
  if (text === null) return "";
  if (text === undefined || !/^[A-Za-z]{2}$/.test(text)) return fail(ctx, M.countryInvalid);
  return text.toUpperCase();
});

const valueField = z.unknown().transform((raw, ctx) => {
  const text = textOf(raw);
  if (text === null) return null;
  const match = text !== undefined && text.length <= MAX_RAW ? DECIMAL.exec(text) : null;
  if (!match) return fail(ctx, M.valueInvalid);
  // Canonical text, at most 6 decimals (the column's scale): more are cut, not refused, so the event still counts.
  const fraction = (match[2] ?? "").slice(0, 6).replace(/0+$/, "");
  const value = `${BigInt(match[1])}${fraction ? `.${fraction}` : ""}`;
  if (Number(value) > POSTBACK_MAX_VALUE) return fail(ctx, M.valueTooLarge);
  return value;
});

/** The instant an event_time names, or null when it is no time this endpoint reads. */
export function parseEventTime(text: string): Date | null {
  if (text.length > MAX_RAW) return null;
  let ms: number;
  if (/^\d{9,11}$/.test(text)) ms = Number(text) * 1000; // Unix seconds (Adjust's {created_at})
  else if (/^\d{12,14}$/.test(text)) ms = Number(text); // Unix milliseconds
  else {
    const spaced = SPACED_UTC.exec(text);
    const iso = spaced ? `${spaced[1]}T${spaced[2]}Z` : text;
    // A date and a time with an explicit zone only: a bare date or a local time would be read in the server's zone.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(iso)) return null;
    ms = Date.parse(iso);
  }
  return Number.isFinite(ms) ? new Date(ms) : null;
}

// The instant as ISO text: parsed input stays plain data (what a JSON answer or a server action can carry).
const eventTimeField = (now: Date) =>
  z.unknown().transform((raw, ctx) => {
    const text = textOf(raw);
    if (text === null) return now.toISOString();
    const at = text === undefined ? null : parseEventTime(text);
    if (!at) return fail(ctx, M.eventTimeInvalid);
    if (at.getTime() > now.getTime() + POSTBACK_FUTURE_TOLERANCE_MS) return fail(ctx, M.eventTimeFuture);
    // An event the prune would delete tonight would be stored for nothing.
    if (at < userEventCutoff(now)) return fail(ctx, M.eventTimeTooOld);
    return at.toISOString();
  });

/** Every parameter present (null when not sent): zod refuses an absent key whose field has no optional output. */
function withEveryParam(input: unknown): unknown {
  if (!input || typeof input !== "object" || Array.isArray(input)) return input;
  const record = input as Record<string, unknown>;
  return Object.fromEntries(POSTBACK_PARAMS.map((p) => [p, Object.hasOwn(record, p) ? record[p] : null]));
}

/** The postback's parameters at `now` (event_time defaults to it and is checked against it). */
export function mmpPostbackSchema(now: Date) {
  return z.preprocess(
    withEveryParam,
    z.object({
      event: eventField,
      device_id: deviceIdField,
      os: osField,
      country: countryField,
      value: valueField,
      event_time: eventTimeField(now),
    }),
  );
}

export type MmpPostback = z.output<ReturnType<typeof mmpPostbackSchema>>;

/** The parameter names, in the order the URL template lists them. */
export const POSTBACK_PARAMS = ["event", "device_id", "os", "country", "value", "event_time"] as const;
export type PostbackParam = (typeof POSTBACK_PARAMS)[number];

/** The path of an advertiser's postback endpoint (app/api/mmp/[advertiserId]/route.ts). */
export function postbackPath(advertiserId: number): string {
  return `/api/mmp/${advertiserId}`;
}

/** The placeholder the template shows where the advertiser's key goes (the key itself is shown once, when generated). */
export const POSTBACK_KEY_PLACEHOLDER = "YOUR_POSTBACK_KEY";

/**
 * The URL an MMP is given, with a placeholder per parameter: {EVENT_NAME} and
 * the like are to be replaced by the MMP's own macros (docs/audiences.md:
 * AppsFlyer and Adjust examples).
 */
export function postbackUrlTemplate(origin: string, advertiserId: number, key: string = POSTBACK_KEY_PLACEHOLDER): string {
  const macros: Record<PostbackParam, string> = {
    event: "{EVENT_NAME}",
    device_id: "{IDFA_OR_GAID}",
    os: "{ios|android}",
    country: "{COUNTRY_CODE}",
    value: "{REVENUE}",
    event_time: "{EVENT_TIME}",
  };
  const query = [`key=${encodeURIComponent(key)}`, ...POSTBACK_PARAMS.map((p) => `${p}=${macros[p]}`)].join("&");
  return `${origin.replace(/\/+$/, "")}${postbackPath(advertiserId)}?${query}`;
}
