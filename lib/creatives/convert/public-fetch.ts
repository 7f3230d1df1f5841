// HTTP(S) downloads of user-supplied links (HLS playlists, VAST tags) with
// the app's one outbound-address guard (lib/net): the host is resolved once,
// every address must be public (FEED_ALLOW_PRIVATE_HOSTS lifts that in tests
// only), and the socket connects to the checked address, never to the name
// again, so a DNS answer that changes in between cannot reach an internal
// host. Redirects are followed a few times, each target checked the same way.
// Bodies are capped while they stream in (kept in memory, or written to a
// file for HLS segments) and every request has a deadline.
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HostNotAllowedError, resolvePublicHost } from "../../net/resolve";
import type { CheckedAddress } from "../../net/address-policy";
import { log } from "../../log";

/** A reason a link could not be fetched, in words a user may read. */
export class PublicFetchError extends Error {}

export const PUBLIC_FETCH_MESSAGES = {
  notHttp: "Only http:// and https:// links are allowed",
  invalidUrl: "This is not a valid link",
  refusedHost: (host: string) => `The host ${host} is not allowed: it is not a public internet address`,
  unknownHost: (host: string) => `The host ${host} could not be found`,
  unreachable: (host: string) => `Could not connect to ${host}`,
  timeout: (host: string, seconds: number) => `${host} did not answer within ${seconds} s`,
  status: (host: string, status: number) => `${host} answered with HTTP status ${status}`,
  tooLarge: (maxBytes: number) => `The response is larger than ${formatBytes(maxBytes)}`,
  tooManyRedirects: "The link redirects too many times",
} as const;

export function formatBytes(bytes: number): string {
  return bytes >= 1_000_000 ? `${Number((bytes / 1_000_000).toFixed(2))} MB` : `${Math.ceil(bytes / 1000)} KB`;
}

export interface PublicFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** HTTP basic credentials, sent only to the first link's own host (never to where it redirects elsewhere). */
  basicAuth?: { username: string; password: string };
}

export interface PublicFetchResult {
  /** The URL finally answered (after redirects). */
  url: string;
  contentType: string;
  body: Buffer;
}

/** Parses a link and insists on http(s); throws PublicFetchError otherwise. */
export function httpUrl(link: string): URL {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.invalidUrl);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.notHttp);
  return url;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();

/** The checked address of an http(s) link's host; a refused or unknown host is a PublicFetchError. */
export async function checkPublicHost(link: string): Promise<CheckedAddress> {
  const url = httpUrl(link);
  const host = hostOf(url);
  try {
    return await resolvePublicHost(host);
  } catch (err) {
    if (!(err instanceof HostNotAllowedError)) throw err;
    log.warn("creatives: link host refused", { host, reason: err.reason, detail: err.detail });
    throw new PublicFetchError(err.reason === "internal" ? PUBLIC_FETCH_MESSAGES.refusedHost(host) : PUBLIC_FETCH_MESSAGES.unknownHost(host));
  }
}

/** GETs an http(s) link through the address guard; non-2xx answers, oversize bodies and slow hosts are PublicFetchErrors. */
export async function fetchPublic(link: string, options: PublicFetchOptions): Promise<PublicFetchResult> {
  const answer = await follow(link, options, null);
  return { url: answer.url, contentType: answer.contentType, body: answer.body };
}

/**
 * Like fetchPublic, but streams the body into a new file at `filePath`
 * (created private, never overwritten): for HLS segments, which may be large.
 * A failed download may leave a partial file; the caller owns the directory.
 */
export async function downloadPublic(link: string, filePath: string, options: PublicFetchOptions): Promise<{ url: string; bytes: number }> {
  const answer = await follow(link, options, filePath);
  return { url: answer.url, bytes: answer.bytes };
}

async function follow(link: string, options: PublicFetchOptions, filePath: string | null): Promise<Body & { url: string }> {
  const deadline = Date.now() + options.timeoutMs;
  let current = link;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const url = httpUrl(current);
    const address = await checkPublicHost(current);
    const auth = options.basicAuth && hostOf(url) === hostOf(httpUrl(link)) ? options.basicAuth : undefined;
    const answer = await requestOnce(url, address, { ...options, basicAuth: auth, remainingMs: Math.max(1, deadline - Date.now()), filePath });
    if ("redirect" in answer) {
      current = new URL(answer.redirect, url).toString();
      continue;
    }
    return { ...answer, url: url.toString() };
  }
  throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooManyRedirects);
}

interface Body {
  contentType: string;
  /** Empty when the body went to a file. */
  body: Buffer;
  bytes: number;
}
type Answer = { redirect: string } | Body;

interface RequestLimits extends PublicFetchOptions {
  remainingMs: number;
  filePath: string | null;
}

/** Counts the bytes going through and fails the stream once they pass the cap. */
function sizeCap(maxBytes: number, counted: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      counted(size);
      if (size > maxBytes) callback(new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooLarge(maxBytes)));
      else callback(null, chunk);
    },
  });
}

function requestOnce(url: URL, address: CheckedAddress, limits: RequestLimits): Promise<Answer> {
  const host = hostOf(url);
  // The connection goes to the address that was checked; TLS still verifies the name.
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    const cb = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
    if ((opts as { all?: boolean }).all) cb(null, [{ address: address.address, family: address.family }]);
    else cb(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const authorization = limits.basicAuth
      ? { authorization: `Basic ${Buffer.from(`${limits.basicAuth.username}:${limits.basicAuth.password}`).toString("base64")}` }
      : {};
    const request = client.get(url, { lookup, headers: { "user-agent": "dsp-console", accept: "*/*", ...authorization } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return finish(() => resolve({ redirect: response.headers.location! }));
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return finish(() => reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.status(host, status))));
      }
      const contentType = String(response.headers["content-type"] ?? "");
      const chunks: Buffer[] = [];
      let bytes = 0;
      const sink = limits.filePath
        ? fs.createWriteStream(limits.filePath, { flags: "wx", mode: 0o600 })
        : new Writable({ write: (chunk: Buffer, _e, cb) => (chunks.push(chunk), cb()) });
      pipeline(response, sizeCap(limits.maxBytes, (size) => (bytes = size)), sink).then(
        () => finish(() => resolve({ contentType, body: Buffer.concat(chunks), bytes })),
        (err: unknown) => {
          request.destroy();
          finish(() => reject(err instanceof PublicFetchError ? err : unreachable(host, err instanceof Error ? err : new Error(String(err)))));
        },
      );
    });
    request.on("error", (err) => finish(() => reject(unreachable(host, err))));
    const timer = setTimeout(() => {
      request.destroy();
      finish(() => reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.timeout(host, Math.round(limits.timeoutMs / 1000)))));
    }, limits.remainingMs);
  });
}

function unreachable(host: string, err: Error): PublicFetchError {
  log.warn("creatives: link download failed", { host, detail: err.message });
  return new PublicFetchError(PUBLIC_FETCH_MESSAGES.unreachable(host));
}
