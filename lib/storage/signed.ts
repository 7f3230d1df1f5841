// Path-signed file URLs: /api/files/signed/<token>/<key>, served without a
// session to whoever holds the URL, for one folder and a limited time.
//
// Why: an HTML5 creative previews in <iframe sandbox="allow-scripts">, an
// opaque origin, so its own requests for style.css or img/a.png are
// cross-site and the SameSite session cookie is not sent (/api/files/<key>
// answers 401). The token sits in the path, before the key, so the relative
// URLs inside the HTML resolve under the same token: the token signs the
// creative's upload folder and any key under it may be fetched.
//
// Token: base64url(version ‖ expiry (uint32, Unix seconds) ‖ folder (UTF-8) ‖
// HMAC-SHA256 of the rest, truncated to 128 bits). The HMAC key is derived
// from AUTH_SECRET the way attribution ids and captcha secrets are
// (lib/auth/credentials.ts deriveSecret), so every container agrees with no
// new setting, and changing AUTH_SECRET voids every URL handed out.
// Expiries are rounded up to EXPIRY_STEP_SECONDS: a page drawn twice within
// that step gets the same URL, so the browser's cache is used.
import "server-only";
import crypto from "node:crypto";
import { deriveSecret } from "../auth/credentials";
import { assertValidKey, FILES_ROUTE, isValidKey, keyFromFileUrl } from "./keys";

/** Where signed URLs are served (app/api/files/signed/[token]/[...key]/route.ts). */
export const SIGNED_FILES_ROUTE = `${FILES_ROUTE}signed/`;
export const DEFAULT_SIGNED_TTL_SECONDS = 3600;
const MAX_TTL_SECONDS = 7 * 24 * 3600;
const EXPIRY_STEP_SECONDS = 600;

const VERSION = 1;
const HEADER_BYTES = 5;
const MAC_BYTES = 16;
const TOKEN_RE = /^[A-Za-z0-9_-]+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (body: Buffer) =>
  crypto.createHmac("sha256", Buffer.from(deriveSecret("storage-signed-url"), "hex")).update(body).digest().subarray(0, MAC_BYTES);

/**
 * The folder a key's URL is signed for: its upload folder, the key up to its
 * first uuid segment (newObjectKey, and an HTML5 archive's folder, whose
 * entries may sit in sub-folders: "creatives/7/12/<uuid>/banner/index.html"
 * signs "creatives/7/12/<uuid>", so "../img/a.png" still loads). A key
 * without one is signed for the folder it is in. Never fewer than three
 * segments (namespace, licensee, something): no token covers a whole licensee.
 */
export function signedFolderOf(key: string): string {
  const segments = assertValidKey(key).split("/");
  const uuidAt = segments.findIndex((s, i) => i >= 2 && i < segments.length - 1 && UUID_RE.test(s));
  const folder = segments.slice(0, uuidAt >= 0 ? uuidAt + 1 : segments.length - 1);
  if (folder.length < 3) throw new RangeError(`storage: ${key} is in no folder that may be signed`);
  return folder.join("/");
}

/** A token for `folder`, valid until `expiresAt` (Unix seconds). */
export function signFolder(folder: string, expiresAt: number): string {
  assertValidKey(folder);
  if (!Number.isSafeInteger(expiresAt) || expiresAt < 0 || expiresAt > 0xffff_ffff) throw new RangeError("Expiry out of range");
  const body = Buffer.concat([Buffer.from([VERSION, 0, 0, 0, 0]), Buffer.from(folder, "utf8")]);
  body.writeUInt32BE(expiresAt, 1);
  return Buffer.concat([body, mac(body)]).toString("base64url");
}

/** The folder a token grants at `now`, or null: malformed, altered, expired. */
export function verifyFolderToken(token: string, now: Date = new Date()): string | null {
  if (typeof token !== "string" || token.length > 2048 || !TOKEN_RE.test(token)) return null;
  const raw = Buffer.from(token, "base64url");
  // One spelling per token: the last character's unused bits must be zero.
  if (raw.length <= HEADER_BYTES + MAC_BYTES || raw.toString("base64url") !== token) return null;
  const body = raw.subarray(0, raw.length - MAC_BYTES);
  if (!crypto.timingSafeEqual(raw.subarray(raw.length - MAC_BYTES), mac(body))) return null;
  if (body.readUInt8(0) !== VERSION || body.readUInt32BE(1) * 1000 <= now.getTime()) return null;
  const folder = body.subarray(HEADER_BYTES).toString("utf8");
  return isValidKey(folder) ? folder : null;
}

/** Seconds a verified token stays valid (for Cache-Control). */
export function tokenSecondsLeft(token: string, now: Date = new Date()): number {
  const raw = Buffer.from(token, "base64url");
  return Math.max(0, raw.readUInt32BE(1) - Math.floor(now.getTime() / 1000));
}

/**
 * The signed URL of a stored file, valid without a session for `ttlSeconds`
 * (default an hour; rounded up to the next 10 minutes), for that file and
 * every file of its upload folder (signedFolderOf). Only for files the caller
 * has already checked the session's licensee may see: the URL works for
 * anyone who holds it. Server-only (it signs with a secret).
 */
export function signedFolderUrl(key: string, opts: { ttlSeconds?: number; now?: Date } = {}): string {
  const ttl = Math.min(Math.max(1, Math.floor(opts.ttlSeconds ?? DEFAULT_SIGNED_TTL_SECONDS)), MAX_TTL_SECONDS);
  const nowSeconds = Math.floor((opts.now ?? new Date()).getTime() / 1000);
  const expiresAt = Math.ceil((nowSeconds + ttl) / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return `${SIGNED_FILES_ROUTE}${signFolder(signedFolderOf(key), expiresAt)}/${key}`;
}

/**
 * signedFolderUrl for a URL fileUrl() made (/api/files/<key>, what creatives
 * store as their file URL); null and any other URL come back unchanged.
 */
export function signedUrlOf(url: string | null, opts: { ttlSeconds?: number; now?: Date } = {}): string | null {
  const key = url ? keyFromFileUrl(url) : null;
  return key ? signedFolderUrl(key, opts) : url;
}
