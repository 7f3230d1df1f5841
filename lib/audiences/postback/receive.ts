// The public MMP postback endpoint's logic (app/api/mmp/[advertiserId]/route.ts):
// an advertiser's MMP (AppsFlyer, Adjust, ...) sends each in-app event of the
// advertiser's apps server to server; each becomes one stored user event
// (UserEvent) for the advertiser's Mobile audiences (rules, backfill,
// look-alike and CRM matching read them).
//
// - Authenticated by the advertiser's postback key (./keys.ts), compared as
//   hashes in constant time. A wrong key, an unknown or archived advertiser
//   and a malformed id all answer the same 404 after the same work (the same
//   two lookups, a digest compared, the same counters), so neither the answer
//   nor its duration tells which advertisers exist or have a key.
// - Wrong keys are counted per advertiser and per client address
//   (./wrong-keys.ts): past a budget, 429 with Retry-After for the address
//   that guessed, while right keys from elsewhere still post.
// - Rate limited per advertiser in PostgreSQL (lib/rate-limit/shared.ts,
//   MMP_POSTBACK_RATE_LIMIT_PER_MINUTE, all containers together): 429 with
//   Retry-After, which MMPs retry. Per advertiser, not per client address:
//   an MMP sends every customer's postbacks from a few shared servers, and a
//   per-address limit would let one busy advertiser silence the others.
// - Parameters are checked by ./schema.ts: 400 naming the field, nothing stored.
// - The device id is stored only as its key (lib/audiences/identifiers.ts
//   userKeyOf, the key the pixel, CRM uploads and look-alikes use), never raw.
// No session: the advertiser's licensee comes from its key's row, so this
// module uses the system client (eslint.config.mjs SYSTEM_MODULES).
import "server-only";
import { db } from "../../db";
import { env } from "../../env";
import { isId } from "../../data/gate";
import { log } from "../../log";
import { clientIpFrom } from "../../auth/throttle";
import { readBodyWithin } from "../../net/read-body";
import { consumeSharedLimit } from "../../rate-limit/shared";
import { userKeyOf } from "../identifiers";
import { POSTBACK_KEY_SETTING, postbackKeyMatches } from "./keys";
import { mmpPostbackSchema, POSTBACK_PARAMS, type MmpPostback } from "./schema";
import { TOO_MANY_WRONG_KEYS_MESSAGE, wrongKeyGuard } from "./wrong-keys";

/** The largest POST body read (a postback is a few hundred bytes). */
export const POSTBACK_MAX_BODY_BYTES = 16 * 1024;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" } as const;
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });

/** The one answer for every caller without a working key. */
const notFound = () => answer(404, { error: "Not found" });
const tooManyWrongKeys = (retryAfterSeconds: number) => answer(429, { error: TOO_MANY_WRONG_KEYS_MESSAGE }, { "retry-after": String(retryAfterSeconds) });

class BodyError extends Error {}

/** The POST body, at most POSTBACK_MAX_BODY_BYTES, read as a stream (a declared length may lie or be absent). */
async function bodyText(request: Request): Promise<string> {
  if (Number(request.headers.get("content-length") ?? "0") > POSTBACK_MAX_BODY_BYTES) throw new BodyError("The body is too large");
  const body = await readBodyWithin(request, POSTBACK_MAX_BODY_BYTES);
  if (!body) throw new BodyError("The body is too large");
  return Buffer.from(body).toString("utf8");
}

/**
 * The request's parameters: the query string, and for a POST its JSON object
 * or form body on top (a body value wins over the query's). Only the known
 * names are kept, as their raw values.
 */
async function paramsOf(request: Request): Promise<Record<string, unknown>> {
  const query = new URL(request.url).searchParams;
  const params: Record<string, unknown> = {};
  for (const name of ["key", ...POSTBACK_PARAMS]) if (query.has(name)) params[name] = query.get(name);
  if (request.method !== "POST") return params;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const text = await bodyText(request);
  if (!text.trim()) return params;
  if (type === "application/json") {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new BodyError("The body is not valid JSON");
    }
    if (!body || typeof body !== "object" || Array.isArray(body)) throw new BodyError("The body must be a JSON object");
    for (const name of ["key", ...POSTBACK_PARAMS]) if (Object.hasOwn(body, name)) params[name] = (body as Record<string, unknown>)[name];
  } else if (type === "application/x-www-form-urlencoded") {
    const form = new URLSearchParams(text);
    for (const name of ["key", ...POSTBACK_PARAMS]) if (form.has(name)) params[name] = form.get(name);
  } else {
    throw new BodyError("Send the parameters in the query string, or as a JSON or form body");
  }
  return params;
}

/** The advertiser id of the path; 0 (no advertiser's) for anything else, which then takes the path of an unknown id. */
function advertiserIdOf(segment: string): number {
  const id = /^\d{1,10}$/.test(segment) ? Number(segment) : 0;
  return isId(id) ? id : 0;
}

/**
 * The advertiser the key opens, or null (any reason: the caller is told
 * nothing more). The same two lookups and one digest comparison whatever the
 * answer (a relation in one query would cost a second statement only when
 * the advertiser has a key), so its duration does not tell either.
 */
async function authenticate(advertiserId: number, key: unknown): Promise<{ licenseeId: number; advertiserId: number } | null> {
  const [advertiser, setting] = await Promise.all([
    db.advertiser.findUnique({ where: { id: advertiserId }, select: { licenseeId: true, isArchived: true } }),
    db.advertiserSetting.findUnique({ where: { advertiserId_key: { advertiserId, key: POSTBACK_KEY_SETTING } }, select: { value: true, licenseeId: true } }),
  ]);
  const usable = advertiser !== null && setting !== null && !advertiser.isArchived && advertiser.licenseeId === setting.licenseeId;
  const matches = postbackKeyMatches(typeof key === "string" ? key.trim() : key, usable ? setting.value : null);
  return matches && usable ? { licenseeId: setting.licenseeId, advertiserId } : null;
}

export function postbackRateRule() {
  return { name: "mmp-postback", points: env().MMP_POSTBACK_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
}

async function storeEvent(owner: { licenseeId: number; advertiserId: number }, event: MmpPostback): Promise<void> {
  await db.userEvent.create({
    data: {
      licenseeId: owner.licenseeId,
      advertiserId: owner.advertiserId,
      userKey: userKeyOf(event.device_id, "ADID"),
      identifierType: "ADID",
      event: event.event,
      osTypeId: event.os,
      country: event.country,
      value: event.value,
      occurredAt: new Date(event.event_time),
    },
  });
}

/** Answers one postback (GET or POST) for the advertiser id of the path. */
export async function handlePostback(segment: string, request: Request, now: Date = new Date()): Promise<Response> {
  let params: Record<string, unknown>;
  try {
    params = await paramsOf(request);
  } catch (err) {
    if (err instanceof BodyError) return answer(400, { error: err.message, field: "body", fields: { body: err.message } });
    throw err;
  }
  const advertiserId = advertiserIdOf(segment);
  const guard = await wrongKeyGuard(advertiserId, clientIpFrom(request.headers));
  if (guard.refusedFor !== null) return tooManyWrongKeys(guard.refusedFor);
  const owner = await authenticate(advertiserId, params.key);
  if (!owner) {
    const retryAfter = await guard.countWrongKey();
    return retryAfter === null ? notFound() : tooManyWrongKeys(retryAfter);
  }

  const limit = await consumeSharedLimit(postbackRateRule(), String(owner.advertiserId));
  if (!limit.allowed) {
    return answer(429, { error: "Too many postbacks for this advertiser. Please retry later." }, { "retry-after": String(limit.retryAfterSeconds) });
  }

  const parsed = mmpPostbackSchema(now).safeParse(params);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "")] ??= issue.message;
    const [field, error] = Object.entries(fields)[0] ?? ["", "Invalid postback"];
    return answer(400, { error, field, fields });
  }
  try {
    await storeEvent(owner, parsed.data);
  } catch (err) {
    // 500: the MMP retries later, which is what a lost event needs.
    log.error("mmp postback not stored", { advertiserId: owner.advertiserId, err: err instanceof Error ? err : new Error(String(err)) });
    return answer(500, { error: "The event could not be stored. Please retry later." });
  }
  return answer(200, { ok: true });
}
