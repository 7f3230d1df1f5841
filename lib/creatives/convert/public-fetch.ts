// HTTP(S) downloads of user-supplied links (HLS playlists, VAST tags) with
// the app's one outbound-address guard (lib/net): the host is resolved once,
// every address must be public (FEED_ALLOW_PRIVATE_HOSTS lifts that in tests
// only), and the socket connects to the checked address, never to the name
// again, so a DNS answer that changes in between cannot reach an internal
// host. Redirects are followed a few times, each target checked the same way.
// Bodies are capped while they stream in and every request has a deadline.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
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
  const deadline = Date.now() + options.timeoutMs;
  let current = link;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const url = httpUrl(current);
    const address = await checkPublicHost(current);
    const answer = await requestOnce(url, address, options.maxBytes, Math.max(1, deadline - Date.now()), options.timeoutMs);
    if ("redirect" in answer) {
      current = new URL(answer.redirect, url).toString();
      continue;
    }
    return { url: url.toString(), contentType: answer.contentType, body: answer.body };
  }
  throw new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooManyRedirects);
}

type Answer = { redirect: string } | { contentType: string; body: Buffer };

function requestOnce(url: URL, address: CheckedAddress, maxBytes: number, remainingMs: number, timeoutMs: number): Promise<Answer> {
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
    const request = client.get(url, { lookup, headers: { "user-agent": "dsp-console", accept: "*/*" } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return finish(() => resolve({ redirect: response.headers.location! }));
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return finish(() => reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.status(host, status))));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          request.destroy();
          return finish(() => reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.tooLarge(maxBytes))));
        }
        chunks.push(chunk);
      });
      response.on("end", () => finish(() => resolve({ contentType: String(response.headers["content-type"] ?? ""), body: Buffer.concat(chunks) })));
      response.on("error", (err) => finish(() => reject(unreachable(host, err))));
    });
    request.on("error", (err) => finish(() => reject(unreachable(host, err))));
    const timer = setTimeout(() => {
      request.destroy();
      finish(() => reject(new PublicFetchError(PUBLIC_FETCH_MESSAGES.timeout(host, Math.round(timeoutMs / 1000)))));
    }, remainingMs);
  });
}

function unreachable(host: string, err: Error): PublicFetchError {
  log.warn("creatives: link download failed", { host, detail: err.message });
  return new PublicFetchError(PUBLIC_FETCH_MESSAGES.unreachable(host));
}
