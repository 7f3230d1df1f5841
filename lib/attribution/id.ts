// Click and impression ids (pixel attribution): the id the ad
// server adds to an ad's click URL and impression URL (./urls.ts), which the
// advertiser's conversion tag sends back to the pixel endpoint
// (?click_id= / ?imp_id=, lib/pixels/fire.ts) so the conversion is credited to
// the ad that was clicked or seen.
//
// Self-contained and signed, so the endpoint needs no click or impression log
// to look ids up in, and nobody can make one up: 46 bytes, base64url (62
// characters, URL-safe as they are):
//
//   0      version (1)
//   1      kind (1 click, 2 impression): signed, so a click id cannot be
//          passed off as an impression id or the other way round
//   2..5   licensee id     (uint32, big-endian)
//   6..9   strategy id     (uint32)
//   10..13 creative id     (uint32)
//   14..17 time of the click or impression (uint32, Unix seconds)
//   18..29 user key: 12 bytes of a keyed hash of the device id the ad
//          request carried (the per-user cap counts by it; the device id
//          itself never travels through advertisers' pages), or 12 random
//          bytes without a device id (the cap then counts per click or
//          impression)
//   30..45 HMAC-SHA256 of bytes 0..29, truncated to 128 bits
//
// The keys are derived from AUTH_SECRET the way the captcha and code-hashing
// secrets are (lib/auth/credentials.ts deriveSecret), so every container of a
// deployment, and an ad server given the same AUTH_SECRET, agree with no new
// setting. An id that is malformed, altered, of the other kind, older than the
// longest validity window a pixel may have, or from the future (beyond a few
// minutes of clock skew) verifies to null: the fire still counts, unattributed.
import crypto from "node:crypto";
import { deriveSecret } from "../auth/credentials";
import { isId } from "../data/gate";
import { DAY_SECONDS, MAX_WINDOW_DAYS } from "../pixels/schema";

export type TouchKind = "click" | "impression";

/** What a verified id says: one click or impression of an ad. */
export interface AdTouch {
  kind: TouchKind;
  licenseeId: number;
  strategyId: number;
  creativeId: number;
  /** When the click or impression happened (whole seconds). */
  at: Date;
  /** 24 hex characters: the same for every id of one device. */
  userKey: string;
}

export interface TouchToIssue {
  kind: TouchKind;
  licenseeId: number;
  strategyId: number;
  creativeId: number;
  at: Date;
  /** The device id of the ad request (IDFA, GAID, a cookie id); absent: none known. */
  deviceId?: string | null;
}

const VERSION = 1;
const KIND_CODE: Record<TouchKind, number> = { click: 1, impression: 2 };
const BODY_BYTES = 30;
const MAC_BYTES = 16;
const USER_KEY_BYTES = 12;
const ID_BYTES = BODY_BYTES + MAC_BYTES;
/** base64url of ID_BYTES bytes, without padding. */
export const ATTRIBUTION_ID_LENGTH = Math.ceil((ID_BYTES * 4) / 3);
const ID_RE = /^[A-Za-z0-9_-]+$/;

/** No pixel's validity window is longer (the pixel form's maximum): an older id can attribute nothing. */
export const MAX_ID_AGE_SECONDS = MAX_WINDOW_DAYS * DAY_SECONDS;
/** An id stamped a little ahead of our clock (another machine's) is still good. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

const signingKey = () => Buffer.from(deriveSecret("attribution-id-signature"), "hex");
const userHashKey = () => Buffer.from(deriveSecret("attribution-user-key"), "hex");

const mac = (body: Buffer) => crypto.createHmac("sha256", signingKey()).update(body).digest().subarray(0, MAC_BYTES);

/** The user key of a device id: keyed (not a plain hash) so nobody can link it back to a guessed device id. */
export function userKeyOf(deviceId: string): string {
  return crypto.createHmac("sha256", userHashKey()).update(deviceId.trim().toLowerCase()).digest().subarray(0, USER_KEY_BYTES).toString("hex");
}

/** Throws RangeError for ids or a time that cannot be encoded: a bug in the caller, not user input. */
export function issueAttributionId(touch: TouchToIssue): string {
  const seconds = Math.floor(touch.at.getTime() / 1000);
  for (const id of [touch.licenseeId, touch.strategyId, touch.creativeId]) if (!isId(id)) throw new RangeError(`Not an id: ${id}`);
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds > 0xffff_ffff) throw new RangeError("Time out of range");
  const device = touch.deviceId?.trim();
  const userKey = device ? Buffer.from(userKeyOf(device), "hex") : crypto.randomBytes(USER_KEY_BYTES);
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  body.writeUInt8(KIND_CODE[touch.kind], 1);
  body.writeUInt32BE(touch.licenseeId, 2);
  body.writeUInt32BE(touch.strategyId, 6);
  body.writeUInt32BE(touch.creativeId, 10);
  body.writeUInt32BE(seconds, 14);
  userKey.copy(body, 18);
  return Buffer.concat([body, mac(body)]).toString("base64url");
}

/**
 * The touch an id stands for, or null when it is not a good `kind` id at
 * `now`: malformed, altered, of the other kind, older than any validity
 * window or too far in the future.
 */
export function verifyAttributionId(token: string, kind: TouchKind, now: Date): AdTouch | null {
  if (token.length !== ATTRIBUTION_ID_LENGTH || !ID_RE.test(token)) return null;
  const raw = Buffer.from(token, "base64url");
  // Canonical form only: the last character's unused bits must be zero, so one id has one spelling.
  if (raw.length !== ID_BYTES || raw.toString("base64url") !== token) return null;
  const body = raw.subarray(0, BODY_BYTES);
  if (!crypto.timingSafeEqual(raw.subarray(BODY_BYTES), mac(body))) return null;
  if (body.readUInt8(0) !== VERSION || body.readUInt8(1) !== KIND_CODE[kind]) return null;
  const touch: AdTouch = {
    kind,
    licenseeId: body.readUInt32BE(2),
    strategyId: body.readUInt32BE(6),
    creativeId: body.readUInt32BE(10),
    at: new Date(body.readUInt32BE(14) * 1000),
    userKey: body.subarray(18, BODY_BYTES).toString("hex"),
  };
  if (![touch.licenseeId, touch.strategyId, touch.creativeId].every(isId)) return null;
  const age = (now.getTime() - touch.at.getTime()) / 1000;
  if (age > MAX_ID_AGE_SECONDS || age < -MAX_CLOCK_SKEW_SECONDS) return null;
  return touch;
}
