// The page cache: a rendered delivery list page (./request.ts) served again to
// the same session while nothing it shows can have changed. Exact at every
// read, like the list read cache (lib/data/read-cache.ts): a page is kept with
// the PostgreSQL snapshot taken before it was rendered, and served again only
// after one statement has shown that no transaction changing its licensee,
// its user or shared data (lib/data/changes.ts) has committed outside that
// snapshot, within the same UTC minute (pacing's "expected by now" and the
// user's "today" move with the clock, so a page is at most a minute behind the
// clock, never behind the data). The session is checked as the page checks it
// (signature, age, and through the change rows: sign-outs, password and role
// changes). A saved change therefore shows on the next load, from any
// container; the cache lives in the process and only saves work.
//
// Renders go through the server itself (a request to this process on
// 127.0.0.1, marked so the proxy lets it render): Next gives the proxy no
// other way to see a page's HTML. Each answer gets its own script nonce: the
// render's nonce is replaced in the kept HTML.
import crypto from "node:crypto";
import http from "node:http";
import { changedSince, SHARED_SCOPE, TRUNCATE_SCOPE, userScope } from "../data/changes";
import { SESSION_MAX_AGE_SECONDS } from "../auth/session-ids";
import { sessionTokenOf } from "../auth/session-token";
import { sessionCookieKinds } from "../auth/session-cookie";
import { log } from "../log";
import { primaryPositionForReplicas, READ_AFTER_HEADER } from "../data/read-replica";
import { isCacheablePageRequest, nonceOf, PAGE_CACHE_HEADER, pageCacheKey, replayedHeaders } from "./request";

// About 130 KB each (a 20-row strategy page): at most some 26 MB per process.
const MAX_ENTRIES = 200;
/** Larger pages are rendered each time rather than held. */
const MAX_PAGE_CHARS = 2_000_000;
const RENDER_TIMEOUT_MS = 60_000;

/** Marks this process's renders (./request.ts PAGE_CACHE_HEADER). */
export const PROCESS_MARK = crypto.randomBytes(12).toString("base64url");

interface CachedPage {
  body: string;
  /** The render's script nonce, replaced by each answer's own. */
  nonce: string;
  headers: [string, string][];
  /** pg_seesEverythingsnapshot() as text, taken before the render. */
  snapshot: string;
  /** The UTC minute the render started in (epoch minutes). */
  minute: number;
}

const entries = new Map<string, CachedPage>();
/** Renders in progress, by key, with the snapshot taken before each. */
const rendering = new Map<string, { snapshot: string; page: Promise<CachedPage | null> }>();

export interface PageCacheOptions {
  /** The nonce of this answer's Content-Security-Policy. */
  nonce: string;
  secret: string | undefined;
  /** This server's port on 127.0.0.1. */
  port: number;
  now?: Date;
  /** Renders the page (tests); default: a request to this server. */
  render?: (url: URL, headers: Headers) => Promise<Response>;
}

/** The request's session scopes, or null when the page itself must decide (no usable session: it redirects). */
async function sessionScopes(headers: Headers, secret: string | undefined, now: Date): Promise<number[] | null> {
  // Both cookie names at once (an http and an https sign-in): which one the page reads is its call, not ours.
  if (sessionCookieKinds(headers.get("cookie")).size !== 1) return null;
  const claims = (await sessionTokenOf(headers, secret))?.claims as Record<string, unknown> | undefined;
  const { userId, licenseeId, signedInAt } = claims ?? {};
  if (!Number.isInteger(userId) || !Number.isInteger(licenseeId) || !Number.isInteger(signedInAt)) return null;
  const age = now.getTime() / 1000 - (signedInAt as number);
  if (age > SESSION_MAX_AGE_SECONDS || age < -60) return null;
  return [licenseeId as number, TRUNCATE_SCOPE, userScope(userId as number), SHARED_SCOPE];
}

/**
 * The cached answer to a page request, or null when the page must be rendered
 * as usual (not a cached page, no usable session, or its render is not one to
 * keep: a redirect, an error, a page too large).
 */
export async function servePageFromCache(request: { method: string; url: string; headers: Headers }, opts: PageCacheOptions): Promise<Response | null> {
  const url = new URL(request.url);
  if (!isCacheablePageRequest(request.method, url, request.headers)) return null;
  const now = opts.now ?? new Date();
  const scopes = await sessionScopes(request.headers, opts.secret, now);
  if (!scopes) return null;
  const key = pageCacheKey(url, request.headers);
  const minute = Math.floor(now.getTime() / 60_000);
  const entry = entries.get(key);
  const current = entry?.minute === minute ? entry : undefined;
  const { snapshot, changed } = await changedSince(scopes, current?.snapshot ?? null);
  if (current && !changed) {
    entries.delete(key); // most recently used last
    entries.set(key, current);
    return answer(current, opts.nonce, "hit");
  }
  // What another request stored or started meanwhile serves this one too, when
  // no change it could miss has committed since its snapshot.
  const seesEverything = async (since: string) => since === snapshot || !(await changedSince(scopes, since)).changed;
  const stored = entries.get(key);
  if (stored && stored !== current && stored.minute === minute && (await seesEverything(stored.snapshot))) return answer(stored, opts.nonce, "hit");
  const pending = rendering.get(key);
  if (pending && (await seesEverything(pending.snapshot))) {
    const shared = await pending.page;
    return shared ? answer(shared, opts.nonce, "hit") : null;
  }
  // Registered before anything is awaited, so that requests arriving meanwhile share this render.
  const render = { snapshot, page: renderSeeing(snapshot, url, request.headers, opts, minute) };
  rendering.set(key, render);
  try {
    const page = await render.page;
    if (!page) return null;
    entries.delete(key);
    entries.set(key, page);
    while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    return answer(page, opts.nonce, "miss");
  } finally {
    if (rendering.get(key) === render) rendering.delete(key);
  }
}

/** renderPage, reading (with replicas) only from one that has what `snapshot` sees (lib/data/read-replica.ts). */
async function renderSeeing(snapshot: string, url: URL, headers: Headers, opts: PageCacheOptions, minute: number): Promise<CachedPage | null> {
  // Unknown (the primary did not answer): no cached render, the page is rendered as usual.
  const readAfter = await primaryPositionForReplicas().catch(() => undefined);
  if (readAfter === undefined) return null;
  const renderHeaders = new Headers(headers);
  if (readAfter) renderHeaders.set(READ_AFTER_HEADER, readAfter);
  return renderPage(url, renderHeaders, opts, snapshot, minute);
}

/** The kept page with this answer's nonce, in the HTML, its RSC payload and its headers (the Link preload of the style sheet carries it). */
function answer(page: CachedPage, nonce: string, state: "hit" | "miss"): Response {
  const headers = new Headers(page.headers.map(([name, value]): [string, string] => [name, value.replaceAll(page.nonce, nonce)]));
  headers.set(PAGE_CACHE_HEADER, state);
  return new Response(page.body.replaceAll(page.nonce, nonce), { status: 200, headers });
}

async function renderPage(url: URL, requestHeaders: Headers, opts: PageCacheOptions, snapshot: string, minute: number): Promise<CachedPage | null> {
  try {
    const response = await (opts.render ?? renderThroughServer(opts.port))(url, requestHeaders);
    const nonce = nonceOf(response.headers.get("content-security-policy"));
    const keep =
      response.status === 200 &&
      response.headers.get(PAGE_CACHE_HEADER) === PROCESS_MARK &&
      (response.headers.get("content-type") ?? "").startsWith("text/html") &&
      !response.headers.has("set-cookie") &&
      nonce !== null;
    if (!keep) {
      await response.body?.cancel();
      return null;
    }
    const body = await response.text();
    if (body.length > MAX_PAGE_CHARS) return null;
    return { body, nonce, headers: replayedHeaders(response.headers), snapshot, minute };
  } catch (err) {
    log.warn("page cache: the render request failed; the page renders as usual", { err, path: url.pathname });
    return null;
  }
}

/** HTTP/1.1 connection headers: not forwarded. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "content-length", "expect", "te", "trailer"]);
/** Statuses whose answers have no body (a Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * The page rendered by this server, asked over 127.0.0.1 with the request's
 * own headers. node:http rather than fetch: fetch replaces the Host header,
 * and the page must be rendered for the host the browser asked.
 */
function renderThroughServer(port: number) {
  return (url: URL, requestHeaders: Headers) =>
    new Promise<Response>((resolve, reject) => {
      const headers: Record<string, string> = {};
      requestHeaders.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) headers[name] = value;
      });
      headers[PAGE_CACHE_HEADER] = "render";
      headers["accept-encoding"] = "identity";
      const request = http.request({ host: "127.0.0.1", port, method: "GET", path: `${url.pathname}${url.search}`, headers, timeout: RENDER_TIMEOUT_MS }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) responseHeaders.append(name, one);
          }
          const status = answer.statusCode ?? 500;
          resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders }));
        });
      });
      request.on("timeout", () => request.destroy(new Error(`the render took over ${RENDER_TIMEOUT_MS} ms`)));
      request.on("error", reject);
      request.end();
    });
}

/** Tests: forget every kept page. */
export function clearPageCache(): void {
  entries.clear();
}
