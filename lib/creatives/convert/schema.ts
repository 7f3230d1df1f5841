// The HLS-to-MP4 conversion call (business.md 7: advertiserId, videoUrls),
// shared by the panel's form (each line checked as it is typed), the server
// action and any REST caller. Each playlist becomes a VIDEO creative, which
// carries the ad-marking identifiers (KKTU code, person, ER id): asked for
// here, with the creative forms' own fields and rules, so the creative a
// conversion makes passes its own edit form. Its click destination (business.md
// 5: every creative has one) is the one named here, else the creative set's;
// a conversion that would make creatives without one is refused before
// anything is written (./mutations.ts). Client-safe: no server imports.
import { z } from "../../validation/z";
import { IdSchema } from "../../actions/fields";
import { AD_MARKING_FIELDS, refineIdentifiers } from "../schema";

/** The type of the creative a conversion makes. */
export const CONVERTED_TYPE = "VIDEO" as const;
const refineConvertedIdentifiers = refineIdentifiers(CONVERTED_TYPE);
/** The identifiers are checked even when a link is refused, so every message shows at once. */
const always = { when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null };

export const MAX_CONVERSION_URLS = 10;
const MAX_URL_LENGTH = 2048;

export const CONVERSION_MESSAGES = {
  urlsRequired: "Enter at least one HLS playlist link",
  tooManyUrls: `Enter at most ${MAX_CONVERSION_URLS} playlist links at a time`,
  notHttp: "Enter an http:// or https:// link",
  notPlaylist: "The link must end in a playlist file (.m3u8 or .m3u)",
  tooLongUrl: `The link is longer than ${MAX_URL_LENGTH} characters`,
  duplicate: "This link is listed twice",
} as const;

/** Why one playlist link is refused, or null when it may be converted. */
export function playlistUrlError(value: string): string | null {
  if (value.length > MAX_URL_LENGTH) return CONVERSION_MESSAGES.tooLongUrl;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return CONVERSION_MESSAGES.notHttp;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return CONVERSION_MESSAGES.notHttp;
  if (!/\.m3u8?$/i.test(url.pathname)) return CONVERSION_MESSAGES.notPlaylist;
  return null;
}

const PlaylistUrlSchema = z.string().trim().superRefine((value, ctx) => {
  const message = playlistUrlError(value);
  if (message) ctx.addIssue({ code: "custom", message });
});

const VideoUrlsSchema = z
  .array(PlaylistUrlSchema, { error: CONVERSION_MESSAGES.urlsRequired })
  .min(1, CONVERSION_MESSAGES.urlsRequired)
  .max(MAX_CONVERSION_URLS, CONVERSION_MESSAGES.tooManyUrls)
  .superRefine((urls, ctx) => {
    const seen = new Set<string>();
    urls.forEach((url, index) => {
      if (seen.has(url)) ctx.addIssue({ code: "custom", path: [index], message: CONVERSION_MESSAGES.duplicate });
      seen.add(url);
    });
  });

export const HlsConversionSchema = z
  .object({
    advertiserId: IdSchema,
    videoUrls: VideoUrlsSchema,
    creativeSetId: IdSchema.optional(),
    /** The converted creatives' click destination; without it, the creative set's. */
    clickDestinationId: IdSchema.optional(),
    ...AD_MARKING_FIELDS,
  })
  .superRefine(refineConvertedIdentifiers, always);
export type HlsConversionInput = z.input<typeof HlsConversionSchema>;

/** The panel's textarea: one link per line, blank lines ignored. */
export function urlsFromText(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** What the panel shows of one conversion (client-safe, no database row). */
export interface ConversionView {
  id: number;
  sourceUrl: string;
  status: "QUEUED" | "RUNNING" | "DONE" | "FAILED";
  progress: number;
  error: string | null;
  creativeId: number | null;
  createdAt: string;
}

export const ListConversionsSchema = z.object({ advertiserId: IdSchema });

/** The panel's form: the textarea's text, each line checked as HlsConversionSchema checks it, messages by line; the identifiers as the creative forms check them. */
export const HlsConversionFormSchema = z
  .object({
    urls: z.string().superRefine((text, ctx) => {
      const urls = urlsFromText(text);
      const result = VideoUrlsSchema.safeParse(urls);
      if (result.success) return;
      ctx.addIssue({ code: "custom", message: result.error.issues.map((issue) => lineMessage(issue.path, issue.message)).join(" · ") });
    }),
    ...AD_MARKING_FIELDS,
  })
  .superRefine(refineConvertedIdentifiers, always);
export type HlsConversionFormValues = z.input<typeof HlsConversionFormSchema>;

/** "Line 2: …" for a message about one link (path [1] or "videoUrls.1"), the message alone otherwise. */
export function lineMessage(path: readonly PropertyKey[] | string, message: string): string {
  const index = typeof path === "string" ? Number(path.split(".")[1]) : Number(path[0]);
  return Number.isInteger(index) ? `Line ${index + 1}: ${message}` : message;
}
