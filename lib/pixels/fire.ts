// The public pixel endpoint's logic (app/api/px/[pixelId]/route.ts): record
// one fire and answer at once, for any input. Advertisers' pages call it from
// an <img> or a <script>; a broken answer would show on their page, so it
// never answers an error: bad or unknown pixels, repeated orders and
// rate-limited clients record nothing and get the same answer as good ones
// (which also keeps pixels from being probed).
//
// Abuse rules:
// - Tracking codes name the pixel by its opaque publicKey. A numeric segment
//   still resolves by id for the pixels that existed before keys
//   (Pixel.idUrlAccepted), so their installed tags keep working; newer pixels
//   answer only to their key, so guessing ids records nothing.
// - An order id already recorded for the pixel within its validity window is
//   not counted again (PixelFireOrder claims, one atomic statement).
// - value is at most MAX_FIRE_VALUE, plain decimal notation only.
// - The fire's user event for audiences (UserEvent) holds keys, never ids
//   or addresses (fireUserOf), and is written by the same statement.
// - Fires are limited per client address (PIXEL_FIRE_RATE_LIMIT_PER_MINUTE),
//   in this container's memory, capped at FIRE_LIMIT_MAX_CLIENTS addresses.
//   Per container on purpose: the endpoint is the busiest of the app, and a
//   shared counter would add a database write to every fire, which is the
//   load the limit is there to prevent; with N containers a client gets at
//   most N times the limit, still bounded.
//
// Attribution (lib/attribution): a fire may carry the click id or impression
// id the ad's click and impression URLs added (?click_id= / ?imp_id=). A fire
// without a good one (none, malformed, altered, too old) is recorded with the
// one statement below, as cheap as ever; one with a verified id is recorded
// in a transaction that also credits it to the click or impression when the
// pixel's rules allow (lib/attribution/conversion.ts).
import "server-only";
import { db, type Tx } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { isId } from "../data/gate";
import { log } from "../log";
import { clientLimitKey } from "../net/address-policy";
import { clientIpFrom } from "../auth/throttle";
import { BoundedTokenBuckets } from "../rate-limit/memory";
import { inTransaction } from "../data/transaction";
import { systemTenantDb } from "../data/tenant-db";
import { ATTRIBUTION_ID_LENGTH, verifyAttributionId, type AdTouch } from "../attribution/id";
import { ATTRIBUTION_PARAM } from "../attribution/urls";
import { attributeFire, type FiredPixel } from "../attribution/conversion";
import type { ConversionKind } from "../attribution/rules";
import { userKeyOf } from "../audiences/identifiers";

export const ORDER_ID_MAX = 128;
/**
 * The largest value a fire may carry: a billion in the advertiser's currency
 * is beyond any single order, and keeps sums of months of fires far inside
 * the stored DECIMAL(18, 6) / DECIMAL(24, 6). A larger value is dropped (the
 * fire still counts), like a malformed one.
 */
export const MAX_FIRE_VALUE = 1_000_000_000;
/** Plain decimal notation only: no sign, exponent, NaN or Infinity; 6 decimals at most. */
const VALUE_RE = /^\d{1,10}(\.\d{1,6})?$/;
// Control characters have no place in an order id and could break log or CSV output.
const CONTROL_RE = /[\u0000-\u001f\u007f]/;
/** Pixel.publicKey: 22 base64url characters (lib/pixels/tracking.ts). */
const PUBLIC_KEY_RE = /^[A-Za-z0-9_-]{22}$/;
/**
 * How long an order id stays claimed when the pixel has no validity window
 * that applies (-1): 30 days, the usual attribution period.
 */
export const DEFAULT_ORDER_WINDOW_SECONDS = 30 * 86_400;
/** Most client addresses the fire limiter remembers at once (about 1 MB). */
export const FIRE_LIMIT_MAX_CLIENTS = 10_000;

export type PixelRef = { id: number } | { publicKey: string };

/**
 * The user event a fire stores for audiences (UserEvent): who, by keys only
 * (lib/audiences/identifiers.ts: the SHA-256 of the device id the page passed
 * as ?uid=, and of the client's IP address for IP backfill audiences; never
 * the identifiers themselves), what (?event=, default "pixel_fire") and where
 * (?url= or the page the browser names in Referer; ?ref= the page before it).
 */
export interface FireUser {
  keys: Array<{ userKey: string; identifierType: "ADID" | "IP" }>;
  event: string;
  pageUrl: string | null;
  referrerUrl: string | null;
}

export const DEFAULT_FIRE_EVENT = "pixel_fire";
const EVENT_RE = /^[A-Za-z0-9_.:-]{1,64}$/;
const UID_MAX = 128;
const URL_MAX = 2048;

/** An http(s) URL of at most URL_MAX characters, else null. */
function pageUrlOf(raw: string | null | undefined): string | null {
  const text = raw?.trim() ?? "";
  if (!text || text.length > URL_MAX || CONTROL_RE.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? text : null;
  } catch {
    return null;
  }
}

/** The user part of a fire: its keys (device id and client address), event and pages; null without any key. */
export function fireUserOf(query: URLSearchParams, headers: { get(name: string): string | null }, ip: string | null): FireUser | null {
  const uid = query.get("uid")?.trim() ?? "";
  const keys: FireUser["keys"] = [];
  if (uid && uid.length <= UID_MAX && !CONTROL_RE.test(uid)) keys.push({ userKey: userKeyOf(uid, "ADID"), identifierType: "ADID" });
  if (ip) keys.push({ userKey: userKeyOf(ip, "IP"), identifierType: "IP" });
  if (keys.length === 0) return null;
  const event = query.get("event")?.trim() ?? "";
  return {
    keys,
    event: EVENT_RE.test(event) ? event.toLowerCase() : DEFAULT_FIRE_EVENT,
    pageUrl: pageUrlOf(query.get("url")) ?? pageUrlOf(headers.get("referer")),
    referrerUrl: pageUrlOf(query.get("ref")),
  };
}

export interface FireInput {
  pixel: PixelRef;
  value: string | null;
  orderId: string | null;
  /** The click id / impression id as received (verified by recordFire); absent when not sent. */
  clickId?: string;
  impId?: string;
  /** The user event stored with the fire (fireUserOf); absent: none. */
  user?: FireUser;
}

function parseValue(raw: string): string | null {
  return VALUE_RE.test(raw) && Number(raw) <= MAX_FIRE_VALUE ? raw : null;
}

/** The path segment and query of a request → what to record, or null for a pixel that cannot exist. */
export function parseFire(segment: string, query: URLSearchParams): FireInput | null {
  let pixel: PixelRef;
  if (/^\d{1,10}$/.test(segment)) {
    const id = Number(segment);
    if (!isId(id)) return null;
    pixel = { id };
  } else if (PUBLIC_KEY_RE.test(segment)) {
    pixel = { publicKey: segment };
  } else {
    return null;
  }
  // An optional field that is malformed is dropped: the conversion itself still counts.
  const value = query.get("value")?.trim() ?? "";
  const orderId = query.get("order_id")?.trim() ?? "";
  const clickId = query.get(ATTRIBUTION_PARAM.click)?.trim() ?? "";
  const impId = query.get(ATTRIBUTION_PARAM.impression)?.trim() ?? "";
  return {
    pixel,
    value: parseValue(value),
    orderId: orderId && orderId.length <= ORDER_ID_MAX && !CONTROL_RE.test(orderId) ? orderId : null,
    // Only what has an id's length is kept for verification (recordFire).
    ...(clickId.length === ATTRIBUTION_ID_LENGTH && { clickId }),
    ...(impId.length === ATTRIBUTION_ID_LENGTH && { impId }),
  };
}

/** The ids of the fire that verify (signature, kind, age); bad ones are ignored. */
export function verifiedTouches(fire: Pick<FireInput, "clickId" | "impId">, now: Date): AdTouch[] {
  const touches = [fire.clickId && verifyAttributionId(fire.clickId, "click", now), fire.impId && verifyAttributionId(fire.impId, "impression", now)];
  return touches.filter((t): t is AdTouch => !!t);
}

/** What a fire came to: written or not, and credited to a click or an impression or not. */
export interface FireOutcome {
  recorded: boolean;
  conversion: ConversionKind | null;
}
const NOT_RECORDED: FireOutcome = { recorded: false, conversion: null };

/**
 * The statement's part that stores the fire's user event for audiences: one
 * UserEvent per key, of the pixel's advertiser, only when the fire was written.
 */
function userEventsSql(user: FireUser | undefined, firedAt: Date): Prisma.Sql {
  if (!user) return Prisma.empty;
  const keys = Prisma.join(user.keys.map((k) => Prisma.sql`(${k.userKey}::varchar(64), ${k.identifierType}::"DeviceIdentifier")`));
  return Prisma.sql`,
    events AS (
      INSERT INTO "UserEvent" ("licenseeId", "advertiserId", "userKey", "identifierType", "event", "pageUrl", "referrerUrl", "occurredAt")
      SELECT p."licenseeId", p."advertiserId", k.key, k.type, ${user.event}::varchar(64), ${user.pageUrl}::varchar(2048), ${user.referrerUrl}::varchar(2048), ${firedAt}::timestamptz
      FROM p JOIN fired ON fired."pixelId" = p."id", (VALUES ${keys}) AS k(key, type)
    )`;
}

/**
 * Records the fire with ONE statement and no read before the write:
 * - `p` selects the pixel itself, so an unknown, inactive or archived pixel
 *   (or one named by an id it does not accept) inserts nothing;
 * - with an order id, `claim` inserts or renews the (pixel, order id) claim
 *   only when there is none or it has expired; the primary key makes two
 *   concurrent fires of one order wait for each other, and only the one that
 *   claimed it inserts the fire.
 * The claim lasts the pixel's validity window: the view window of a view
 * pixel, the click window of a click pixel, the longer of the two for a
 * hybrid one; DEFAULT_ORDER_WINDOW_SECONDS when none applies.
 * Returns the pixel's attribution settings when a fire was written, else null.
 */
async function insertFire(client: Pick<Tx, "$queryRaw">, fire: FireInput, firedAt: Date): Promise<FiredPixel | null> {
  const which =
    "id" in fire.pixel
      ? Prisma.sql`p."id" = ${fire.pixel.id} AND p."idUrlAccepted"`
      : Prisma.sql`p."publicKey" = ${fire.pixel.publicKey}`;
  const orderId = fire.orderId;
  const rows = await client.$queryRaw<FiredPixel[]>`
    WITH p AS (
      SELECT p."id", p."licenseeId", p."advertiserId", p."type"::text AS "type", p."viewValidityWindow", p."clickValidityWindow",
        p."userFcap", p."fcapDuration",
        CASE p."type"
          WHEN 'VIEW_CONV' THEN p."viewValidityWindow"
          WHEN 'CLICK_CONV' THEN p."clickValidityWindow"
          ELSE GREATEST(p."viewValidityWindow", p."clickValidityWindow")
        END AS "window"
      FROM "Pixel" p
      WHERE ${which} AND p."active" AND NOT p."isArchived"
    ),
    claim AS (
      INSERT INTO "PixelFireOrder" ("pixelId", "orderId", "expiresAt")
      SELECT p."id", ${orderId}::varchar(128),
        ${firedAt}::timestamptz + make_interval(secs => CASE WHEN p."window" > 0 THEN p."window" ELSE ${DEFAULT_ORDER_WINDOW_SECONDS} END)
      FROM p
      WHERE ${orderId}::varchar(128) IS NOT NULL
      ON CONFLICT ("pixelId", "orderId") DO UPDATE SET "expiresAt" = excluded."expiresAt"
        WHERE "PixelFireOrder"."expiresAt" <= ${firedAt}::timestamptz
      RETURNING "pixelId"
    ),
    fired AS (
      INSERT INTO "PixelFire" ("pixelId", "firedAt", "value", "orderId")
      SELECT p."id", ${firedAt}::timestamptz, ${fire.value}::decimal(18, 6), ${orderId}::varchar(128)
      FROM p
      WHERE ${orderId}::varchar(128) IS NULL OR EXISTS (SELECT 1 FROM claim)
      RETURNING "pixelId"
    )${userEventsSql(fire.user, firedAt)}
    SELECT p."id", p."licenseeId", p."advertiserId", p."type", p."viewValidityWindow", p."clickValidityWindow", p."userFcap", p."fcapDuration"
    FROM p JOIN fired ON fired."pixelId" = p."id"`;
  return rows[0] ?? null;
}

/**
 * SQLSTATEs of a clash with a concurrent transaction that another try
 * resolves: serialization failure, deadlock, and a unique violation (a
 * rollup row another writer, e.g. an ingestion of the same strategy-day,
 * created after this statement began).
 */
const RETRYABLE_SQLSTATES = new Set(["40001", "40P01", "23505"]);
const MAX_ATTEMPTS = 3;

/** The PostgreSQL error code (SQLSTATE) of a failed raw query, as the driver adapter reports it. */
export function sqlStateOf(err: unknown): string | undefined {
  const meta = (err as { meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } } | null)?.meta;
  const code = meta?.driverAdapterError?.cause?.originalCode;
  return typeof code === "string" ? code : undefined;
}

async function retryOnConflict<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const state = sqlStateOf(err);
      if (n >= MAX_ATTEMPTS || !state || !RETRYABLE_SQLSTATES.has(state)) throw err;
    }
  }
}

/**
 * Records the fire (insertFire) and, when it carries a verified click or
 * impression id, credits it (lib/attribution/conversion.ts) in the same
 * transaction, through the tenant client of the pixel's licensee. A fire
 * without a verified id stays one statement with no transaction.
 */
export async function recordFire(fire: FireInput, now: Date = new Date()): Promise<FireOutcome> {
  const touches = verifiedTouches(fire, now);
  if (touches.length === 0) return (await insertFire(db, fire, now)) ? { recorded: true, conversion: null } : NOT_RECORDED;
  return retryOnConflict(() =>
    inTransaction(async (tx) => {
      const pixel = await insertFire(tx, fire, now);
      if (!pixel) return NOT_RECORDED;
      const conversion = await attributeFire(systemTenantDb(pixel.licenseeId), { pixel, touches, firedAt: now, value: fire.value });
      return { recorded: true, conversion };
    }),
  );
}

let limiter: { perMinute: number; buckets: BoundedTokenBuckets } | undefined;

/**
 * Whether this client may record one more fire now (the client address of
 * lib/auth/throttle.ts, TRUST_PROXY_HOPS rules; an IPv6 client counted by its /64). A request whose address is
 * unknown is not limited here: all such requests would share one bucket, and
 * one busy site would silence every other.
 */
export function fireAllowed(headers: { get(name: string): string | null }): boolean {
  const ip = clientIpFrom(headers);
  if (!ip) return true;
  const perMinute = env().PIXEL_FIRE_RATE_LIMIT_PER_MINUTE;
  if (limiter?.perMinute !== perMinute) {
    limiter = { perMinute, buckets: new BoundedTokenBuckets({ perMinute, maxKeys: FIRE_LIMIT_MAX_CLIENTS }) };
  }
  return limiter.buckets.take(clientLimitKey(ip));
}

/** parseFire + rate limit + recordFire that never throws: a database failure is logged, the caller still answers. */
export async function handleFire(segment: string, query: URLSearchParams, headers: { get(name: string): string | null }): Promise<boolean> {
  const fire = parseFire(segment, query);
  if (!fire || !fireAllowed(headers)) return false;
  const user = fireUserOf(query, headers, clientIpFrom(headers));
  try {
    return (await recordFire(user ? { ...fire, user } : fire)).recorded;
  } catch (err) {
    log.error("pixel fire not recorded", { pixel: fire.pixel, err: err instanceof Error ? err : new Error(String(err)) });
    return false;
  }
}

// A transparent 1x1 GIF (42 bytes).
const GIF = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

/** Every fire must reach us: nothing may cache the answer (browser, proxy or CDN). */
const NO_CACHE = {
  "cache-control": "no-store, no-cache, must-revalidate, max-age=0",
  pragma: "no-cache",
  expires: "0",
  "x-content-type-options": "nosniff",
  // Loaded by other sites' pages as an image or a script.
  "cross-origin-resource-policy": "cross-origin",
} as const;

/** The answer, the same whether or not a fire was recorded: a GIF, or for ?t=js an empty script. */
export function fireResponse(query: URLSearchParams): Response {
  if (query.get("t") === "js") {
    return new Response("/* ok */\n", { status: 200, headers: { ...NO_CACHE, "content-type": "application/javascript; charset=utf-8" } });
  }
  return new Response(GIF, { status: 200, headers: { ...NO_CACHE, "content-type": "image/gif", "content-length": String(GIF.byteLength) } });
}
