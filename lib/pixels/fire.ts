// The public pixel endpoint's logic (app/api/px/[pixelId]/route.ts): record
// one fire and answer at once, for any input. Advertisers' pages call it from
// an <img> or a <script>; a broken answer would show on their page, so it
// never answers an error: bad or unknown ids record nothing and get the same
// answer as good ones (which also keeps ids from being probed).
import "server-only";
import { db } from "../db";
import { isId } from "../data/gate-core";
import { log } from "../log";

export const ORDER_ID_MAX = 128;
/** PixelFire.value is DECIMAL(18, 6): 12 integer digits, 6 decimals, not negative. */
const VALUE_RE = /^\d{1,12}(\.\d{1,6})?$/;
// Control characters have no place in an order id and could break log or CSV output.
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

export interface FireInput {
  pixelId: number;
  value: string | null;
  orderId: string | null;
}

/** The path segment and query of a request → what to record, or null for an id that cannot exist. */
export function parseFire(segment: string, query: URLSearchParams): FireInput | null {
  if (!/^\d{1,10}$/.test(segment)) return null;
  const pixelId = Number(segment);
  if (!isId(pixelId)) return null;
  // An optional field that is malformed is dropped: the conversion itself still counts.
  const value = query.get("value")?.trim() ?? "";
  const orderId = query.get("order_id")?.trim() ?? "";
  return {
    pixelId,
    value: VALUE_RE.test(value) ? value : null,
    orderId: orderId && orderId.length <= ORDER_ID_MAX && !CONTROL_RE.test(orderId) ? orderId : null,
  };
}

/**
 * Records the fire with ONE statement: the INSERT selects the pixel itself,
 * so an unknown, inactive or archived pixel inserts nothing, with no read
 * before the write. True when a row was written.
 */
export async function recordFire(fire: FireInput): Promise<boolean> {
  const count = await db.$executeRaw`
    INSERT INTO "PixelFire" ("pixelId", "firedAt", "value", "orderId")
    SELECT p."id", now(), ${fire.value}::decimal(18, 6), ${fire.orderId}::varchar(128)
    FROM "Pixel" p
    WHERE p."id" = ${fire.pixelId} AND p."active" AND NOT p."isArchived"`;
  return count === 1;
}

/** parseFire + recordFire that never throws: a database failure is logged, the caller still answers. */
export async function handleFire(segment: string, query: URLSearchParams): Promise<boolean> {
  const fire = parseFire(segment, query);
  if (!fire) return false;
  try {
    return await recordFire(fire);
  } catch (err) {
    log.error("pixel fire not recorded", { pixelId: fire.pixelId, err: err instanceof Error ? err : new Error(String(err)) });
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
