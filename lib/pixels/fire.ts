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
// - Fires are limited per client address (PIXEL_FIRE_RATE_LIMIT_PER_MINUTE),
//   in this container's memory, capped at FIRE_LIMIT_MAX_CLIENTS addresses.
//   Per container on purpose: the endpoint is the busiest of the app, and a
//   shared counter would add a database write to every fire, which is the
//   load the limit is there to prevent; with N containers a client gets at
//   most N times the limit, still bounded.
import "server-only";
import { db } from "../db";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { isId } from "../data/gate";
import { log } from "../log";
import { clientLimitKey } from "../net/address-policy";
import { clientIpFrom } from "../auth/throttle";
import { BoundedTokenBuckets } from "../rate-limit/memory";

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

export interface FireInput {
  pixel: PixelRef;
  value: string | null;
  orderId: string | null;
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
  return {
    pixel,
    value: parseValue(value),
    orderId: orderId && orderId.length <= ORDER_ID_MAX && !CONTROL_RE.test(orderId) ? orderId : null,
  };
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
 * True when a fire was written.
 */
export async function recordFire(fire: FireInput): Promise<boolean> {
  const which =
    "id" in fire.pixel
      ? Prisma.sql`p."id" = ${fire.pixel.id} AND p."idUrlAccepted"`
      : Prisma.sql`p."publicKey" = ${fire.pixel.publicKey}`;
  const orderId = fire.orderId;
  const count = await db.$executeRaw`
    WITH p AS (
      SELECT p."id",
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
        now() + make_interval(secs => CASE WHEN p."window" > 0 THEN p."window" ELSE ${DEFAULT_ORDER_WINDOW_SECONDS} END)
      FROM p
      WHERE ${orderId}::varchar(128) IS NOT NULL
      ON CONFLICT ("pixelId", "orderId") DO UPDATE SET "expiresAt" = excluded."expiresAt"
        WHERE "PixelFireOrder"."expiresAt" <= now()
      RETURNING "pixelId"
    )
    INSERT INTO "PixelFire" ("pixelId", "firedAt", "value", "orderId")
    SELECT p."id", now(), ${fire.value}::decimal(18, 6), ${orderId}::varchar(128)
    FROM p
    WHERE ${orderId}::varchar(128) IS NULL OR EXISTS (SELECT 1 FROM claim)`;
  return count === 1;
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
  try {
    return await recordFire(fire);
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
