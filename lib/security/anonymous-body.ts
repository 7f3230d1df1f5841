// Request bodies of signed-out callers are bounded before Next reads them.
//
// Every server action accepts next.config.ts's serverActions.bodySizeLimit
// (21 MB: the catalog feed upload is a server action), and Next has one limit
// for all actions, not one per action. Signed out, only the sign-in actions
// (password, code, re-send) can do anything, and their bodies are a few
// hundred bytes, so the proxy refuses a body-carrying page request (a server
// action: fetch or form post) of a caller without a valid session when it
// declares more than ANONYMOUS_BODY_LIMIT_BYTES, or declares no length at all
// (chunked): the length of a chunked body is only known once it has been
// read, so it is refused unread rather than trusted.
import { sessionTokenOf } from "../auth/session-token";

export const ANONYMOUS_BODY_LIMIT_BYTES = 8 * 1024;

const BODILESS_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** next-auth's own routes (sign-in and sign-out forms, an OIDC form_post callback with its ID token): a few KB at most. */
export const AUTH_ROUTE_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * True when the request's body would exceed `limit` (default: the signed-out
 * limit) or its size is not declared. Node's HTTP parser never delivers more
 * than a declared Content-Length, so a declared length can be trusted.
 */
export function exceedsAnonymousBodyLimit(method: string, headers: Pick<Headers, "get">, limit = ANONYMOUS_BODY_LIMIT_BYTES): boolean {
  if (BODILESS_METHODS.has(method.toUpperCase())) return false;
  const declared = headers.get("content-length");
  // Chunked (or any body without a declared length): refused unread.
  if (declared === null) return headers.get("transfer-encoding") !== null;
  if (!/^\d+$/.test(declared.trim())) return true;
  return Number(declared) > limit;
}

/** The answer to a body over its limit: 413, and the connection closed so the rest is not read. */
export function bodyTooLargeResponse(limit = ANONYMOUS_BODY_LIMIT_BYTES): Response {
  return new Response(`Request body too large: at most ${limit} bytes with a declared length.\n`, {
    status: 413,
    headers: { "content-type": "text/plain; charset=utf-8", connection: "close" },
  });
}

/**
 * For route handlers the proxy does not see (/api/...) whose bodies are small
 * whoever calls (next-auth's routes, the session re-issue): null when the body
 * may be read, else the 413 answer.
 */
export function refuseLargeBody(request: Request, limit: number): Response | null {
  return exceedsAnonymousBodyLimit(request.method, request.headers, limit) ? bodyTooLargeResponse(limit) : null;
}

/**
 * Whether the request carries a session cookie next-auth would accept (signed
 * with AUTH_SECRET, not expired); either cookie name (__Secure- on HTTPS).
 * Presence alone is not enough here: anyone can send a cookie of that name.
 * Revocation is not checked (that needs the database); a revoked session only
 * gets the larger limit, and every action still refuses it.
 */
export async function hasValidSessionToken(headers: Headers, secret: string | undefined): Promise<boolean> {
  return (await sessionTokenOf(headers, secret)) !== null;
}
