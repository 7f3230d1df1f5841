// Verifying a third-party video tag (VAST/VPAID, business.md 7 "video ad tag
// verify") with @dailymotion/vast-client, the maintained VAST parser. The tag
// is a VAST link or inline VAST XML; wrappers are followed a few levels. Every
// download goes through our own URL handler (public-fetch.ts: public hosts
// only, connected by the checked address, time and size caps) instead of the
// library's fetch, and XML is read with @xmldom/xmldom (the library's node
// build expects a DOMParser from its URL handler). In Node the library pings
// no tracking or error URLs (it only does so where `window` exists).
import { DOMParser } from "@xmldom/xmldom";
import { VASTClient } from "@dailymotion/vast-client";
import { fetchPublic, PublicFetchError } from "../convert/public-fetch";
import type { VastSummary } from "../media/types";
import { isInlineVast } from "./schema";

export const VAST_LIMITS = { maxWrapperDepth: 5, timeoutMs: 10_000, maxBytes: 1_000_000 };

export const VAST_MESSAGES = {
  invalidXml: "The tag is not valid VAST XML",
  notVast: "The document is not VAST (its root element is not <VAST>)",
  noAds: "The VAST response has no ads",
  noMediaFiles: "The VAST ad has no media files",
  wrapperTooDeep: `The VAST wrappers go deeper than ${VAST_LIMITS.maxWrapperDepth} levels without an inline ad`,
  wrapperFailed: (reason: string) => `A VAST wrapper could not be followed: ${reason}`,
  unreachable: (reason: string) => `The VAST tag could not be fetched: ${reason}`,
} as const;

export type VerifyResult = { ok: true; summary: VastSummary } | { ok: false; message: string };

class VastFailure extends Error {}

/** The XML of a VAST document, or a VastFailure saying why it is not one. */
function parseXml(text: string): Document {
  const failure = () => {
    throw new VastFailure(VAST_MESSAGES.invalidXml);
  };
  const doc = new DOMParser({ errorHandler: { error: failure, fatalError: failure } }).parseFromString(text, "text/xml");
  if (!doc?.documentElement) failure();
  return doc as unknown as Document;
}

/** The library's URL handler contract: `{ xml, details }` or `{ error, statusCode }`, never a throw. */
const urlHandler = {
  async get(url: string) {
    try {
      const answer = await fetchPublic(url, { maxBytes: VAST_LIMITS.maxBytes, timeoutMs: VAST_LIMITS.timeoutMs });
      const text = answer.body.toString("utf8");
      return { xml: parseXml(text), details: { byteLength: answer.body.byteLength, statusCode: 200, rawXml: text } };
    } catch (err) {
      return { error: new Error(err instanceof PublicFetchError || err instanceof VastFailure ? err.message : "the server could not be reached"), statusCode: null };
    }
  },
};

/** Fetches (when a link), parses and summarises a video tag; a tag that fails says why. */
export async function verifyVideoAdTag(tag: string): Promise<VerifyResult> {
  const trimmed = tag.trim();
  const client = new VASTClient(0, 0);
  const options = { urlHandler, timeout: VAST_LIMITS.timeoutMs, wrapperLimit: VAST_LIMITS.maxWrapperDepth, resolveAll: true, allowMultipleAds: true };
  // Ads whose wrapper failed are dropped from the response: the parser's events say what happened to them.
  const problems: WrapperProblems = { fetchErrors: [], tooDeep: false, inlineSeen: false };
  const parser = client.getParser();
  parser.on("VAST-resolved", (event: { error?: Error | null }) => {
    if (event.error) problems.fetchErrors.push(cleanError(event.error.message));
  });
  // An inline ad without media files is dropped too: seeing one parsed tells "no media files" from "no ads".
  parser.on("VAST-ad-parsed", (event: { type?: string }) => {
    if (event.type === "INLINE") problems.inlineSeen = true;
  });
  parser.on("VAST-error", (event: { ERRORCODE?: number }) => {
    if (event.ERRORCODE === 302) problems.tooDeep = true;
  });
  try {
    const response: VastResponse = isInlineVast(trimmed)
      ? await client.parseVAST(parseXml(trimmed), options)
      : await client.get(trimmed, options);
    return summarise(response, problems);
  } catch (err) {
    return { ok: false, message: failureMessage(err, isInlineVast(trimmed)) };
  }
}

/** The library wraps our handler's Error in another: "Error: <our message>". */
const cleanError = (message: string) => message.replace(/^(Error: )+/, "");

interface WrapperProblems {
  fetchErrors: string[];
  tooDeep: boolean;
  inlineSeen: boolean;
}

function failureMessage(err: unknown, inline: boolean): string {
  if (err instanceof VastFailure) return err.message;
  const message = cleanError(err instanceof Error ? err.message : String(err));
  if (/Invalid VAST XMLDocument/i.test(message)) return VAST_MESSAGES.notVast;
  // The library rethrows our URL handler's error text for the root document.
  return inline ? VAST_MESSAGES.invalidXml : VAST_MESSAGES.unreachable(message);
}

interface VastMediaFile {
  fileURL: string | null;
  mimeType: string | null;
  width: number;
  height: number;
  bitrate: number;
  apiFramework: string | null;
}
interface VastCreative {
  type: string;
  duration?: number;
  mediaFiles?: VastMediaFile[];
  trackingEvents?: Record<string, string[]>;
}
interface VastAd {
  errorCode?: number;
  errorMessage?: string;
  creatives: VastCreative[];
}
interface VastResponse {
  ads: VastAd[];
  version: string | null;
}

/** The summary shown beside the tag and stored on the creative (Creative.vastSummary). */
export function summarise(response: VastResponse, problems: WrapperProblems = { fetchErrors: [], tooDeep: false, inlineSeen: false }): VerifyResult {
  const usable = response.ads.filter((ad) => !ad.errorCode);
  if (usable.length === 0) {
    if (problems.tooDeep) return { ok: false, message: VAST_MESSAGES.wrapperTooDeep };
    if (problems.fetchErrors.length > 0) return { ok: false, message: VAST_MESSAGES.wrapperFailed(problems.fetchErrors[0]) };
    return { ok: false, message: problems.inlineSeen ? VAST_MESSAGES.noMediaFiles : VAST_MESSAGES.noAds };
  }
  const linear = usable.flatMap((ad) => ad.creatives).filter((c) => c.type === "linear");
  const mediaFiles = linear.flatMap((c) => c.mediaFiles ?? []).filter((m) => m.fileURL);
  if (mediaFiles.length === 0) return { ok: false, message: VAST_MESSAGES.noMediaFiles };
  const events = new Set<string>();
  for (const creative of linear) {
    for (const [event, urls] of Object.entries(creative.trackingEvents ?? {})) if (urls.length > 0) events.add(event);
  }
  const duration = linear.find((c) => typeof c.duration === "number" && c.duration > 0)?.duration ?? null;
  return {
    ok: true,
    summary: {
      version: response.version ?? "",
      adCount: usable.length,
      durationSeconds: duration,
      mediaFiles: mediaFiles.map((m) => ({
        url: m.fileURL!,
        type: m.mimeType ?? "",
        width: m.width,
        height: m.height,
        bitrateKbps: m.bitrate > 0 ? m.bitrate : null,
        apiFramework: m.apiFramework || null,
      })),
      trackingEvents: [...events].sort(),
      isVpaid: mediaFiles.some((m) => m.apiFramework?.toUpperCase() === "VPAID"),
    },
  };
}
