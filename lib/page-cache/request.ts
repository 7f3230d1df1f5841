// Which page requests the page cache (./serve.ts) may answer, and the key of
// what they would render. Pure: no database, no session.
import crypto from "node:crypto";

/**
 * The pages served from the cache: the delivery lists, whose
 * metrics make them the costliest pages to render. Everything they read is
 * tracked by the change triggers (tests/integration/page-changes.test.ts).
 */
export const CACHED_PAGE_PATHS: ReadonlySet<string> = new Set(["/advertiser", "/campaign", "/strategy"]);

/**
 * On the cache's own render request: the proxy lets it render (never from the
 * cache) and answers with this process's id, so only a render of this very
 * process is kept. A client sending it only gives up the cache.
 */
export const PAGE_CACHE_HEADER = "x-dsp-page-cache";

/**
 * Only documents are cached: a browser's page load asks for text/html, while
 * the client-side router's RSC requests, prefetches and server actions do not.
 * Next strips the router's own headers and its _rsc parameter from what the
 * proxy sees, so Accept (and Sec-Fetch-Dest, where the browser sends it) is
 * what tells them apart; the router headers are checked too wherever they
 * survive.
 */
const ROUTER_HEADERS = ["rsc", "next-router-prefetch", "next-router-state-tree", "next-router-segment-prefetch", "next-action", "range", PAGE_CACHE_HEADER];

export function isCacheablePageRequest(method: string, url: URL, headers: Headers): boolean {
  if (method !== "GET" || !CACHED_PAGE_PATHS.has(url.pathname) || url.searchParams.has("_rsc")) return false;
  if (!(headers.get("accept") ?? "").includes("text/html")) return false;
  const dest = headers.get("sec-fetch-dest");
  if (dest !== null && dest !== "document") return false;
  if (ROUTER_HEADERS.some((name) => headers.has(name))) return false;
  return !`${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""}`.includes("prefetch");
}

/**
 * Every part of the request a render reads: the path with its query (the
 * list's state), the host (the theme), every cookie (the session among them)
 * and the few headers a page could look at.
 */
const KEY_HEADERS = ["host", "cookie", "x-forwarded-host", "x-forwarded-proto", "user-agent", "accept-language"];

export function pageCacheKey(url: URL, headers: Headers): string {
  const hash = crypto.createHash("sha256").update(url.pathname + url.search);
  for (const name of KEY_HEADERS) hash.update(`\u0000${name}=${headers.get(name) ?? ""}`);
  return hash.digest("base64url");
}

/** Headers of a render that are not replayed: the connection's, the body's encoding, and the per-response security headers the proxy sets anew. */
const NOT_REPLAYED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "content-security-policy",
  "strict-transport-security",
  PAGE_CACHE_HEADER,
]);

export function replayedHeaders(headers: Headers): [string, string][] {
  return [...headers].filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()));
}

/** The script nonce of a rendered page, from its Content-Security-Policy. */
export function nonceOf(csp: string | null): string | null {
  return csp?.match(/'nonce-([A-Za-z0-9+/=_-]+)'/)?.[1] ?? null;
}
