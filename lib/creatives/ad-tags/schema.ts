// Third-party ad tags (creative types THIRD_PARTY_AD_TAGS, display, and
// THIRD_PARTY_VIDEO_AD_TAGS, VAST/VPAID video): the rules one tag row must
// meet, shared by the paste/upload parser, the ad-tag input and the creative
// save. Client-safe: no server imports.
import { z } from "../../validation/z";

export type AdTagKind = "display" | "video";

/** One tag as a creative is made of it. */
export interface AdTagRow {
  name: string;
  width: number;
  height: number;
  tag: string;
}

/** shell.md 3 `standardVideoAdTagDimensions`: the sizes the video tag form offers. */
export const STANDARD_VIDEO_AD_TAG_DIMENSIONS = [
  { width: 640, height: 480 },
  { width: 640, height: 360 },
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 480, height: 320 },
  { width: 320, height: 480 },
  { width: 300, height: 250 },
  { width: 400, height: 300 },
] as const;

export const MAX_TAG_LENGTH = 100_000;
export const MAX_TAG_ROWS = 500;
const MAX_NAME_LENGTH = 256;
const MAX_DIMENSION = 10_000;

export const AD_TAG_MESSAGES = {
  nameRequired: "Enter a name",
  nameTooLong: `The name is longer than ${MAX_NAME_LENGTH} characters`,
  dimension: (label: "Width" | "Height") => `${label} must be a whole number from 1 to ${MAX_DIMENSION}`,
  tagRequired: "Paste the ad tag",
  tagTooLong: `The tag is longer than ${MAX_TAG_LENGTH.toLocaleString("en-US")} characters`,
  displayMarkup: "A display tag must contain markup: <script>, <iframe>, <img> or <a>",
  videoTag: "A video tag must be a VAST link (http:// or https://) or VAST XML",
} as const;

const DISPLAY_MARKUP = /<\s*(script|iframe|img|a)[\s>/]/i;

/** Whether a video tag is inline VAST XML (as opposed to a link to it). */
export function isInlineVast(tag: string): boolean {
  return tag.trimStart().startsWith("<");
}

/** Why a tag of this kind is refused, or null. */
export function adTagError(kind: AdTagKind, raw: string): string | null {
  const tag = raw.trim();
  if (!tag) return AD_TAG_MESSAGES.tagRequired;
  if (tag.length > MAX_TAG_LENGTH) return AD_TAG_MESSAGES.tagTooLong;
  if (kind === "display") return DISPLAY_MARKUP.test(tag) ? null : AD_TAG_MESSAGES.displayMarkup;
  if (isInlineVast(tag)) return /<VAST[\s>]/i.test(tag) ? null : AD_TAG_MESSAGES.videoTag;
  try {
    const url = new URL(tag);
    return url.protocol === "http:" || url.protocol === "https:" ? null : AD_TAG_MESSAGES.videoTag;
  } catch {
    return AD_TAG_MESSAGES.videoTag;
  }
}

/** A width or height as typed (text from a CSV cell or a number from a form). */
const dimension = (label: "Width" | "Height") =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: AD_TAG_MESSAGES.dimension(label) }).int(AD_TAG_MESSAGES.dimension(label)).min(1, AD_TAG_MESSAGES.dimension(label)).max(MAX_DIMENSION, AD_TAG_MESSAGES.dimension(label)),
  );

/** One row's schema for a kind of tag: the form, the parser and the save use it. */
export function adTagRowSchema(kind: AdTagKind) {
  return z.object({
    name: z.string({ error: AD_TAG_MESSAGES.nameRequired }).trim().min(1, AD_TAG_MESSAGES.nameRequired).max(MAX_NAME_LENGTH, AD_TAG_MESSAGES.nameTooLong),
    width: dimension("Width"),
    height: dimension("Height"),
    tag: z
      .string({ error: AD_TAG_MESSAGES.tagRequired })
      .trim()
      .superRefine((tag, ctx) => {
        const message = adTagError(kind, tag);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
  });
}

export const AdTagKindSchema = z.enum(["display", "video"]);

/** One value of the single-tag form as typed: text or a number, checked field by field by checkAdTagRow with its own messages. */
const formCell = z.union([z.string(), z.number()], { error: "Enter text or a number" }).nullish();

/** What the ad-tag input sends: a CSV (pasted or the uploaded file's text) or one tag with its name and size. */
export const ParseAdTagsSchema = z.discriminatedUnion("source", [
  z.object({ kind: AdTagKindSchema, source: z.literal("csv"), csv: z.string().max(5_000_000, "The file is larger than 5 MB") }),
  z.object({
    kind: AdTagKindSchema,
    source: z.literal("single"),
    row: z.object({ name: formCell, width: formCell, height: formCell, tag: formCell }),
  }),
]);
export type ParseAdTagsInput = z.input<typeof ParseAdTagsSchema>;

/** One parsed row: the values read and, per field, why they are refused (empty when the row is good). */
export interface ParsedAdTagRow {
  /** The CSV row it came from (the header is row 1; 1 for a single tag). */
  line: number;
  values: { name: string; width: string; height: string; tag: string };
  row: AdTagRow | null;
  errors: Partial<Record<keyof AdTagRow, string>>;
}

export interface ParsedAdTags {
  rows: ParsedAdTagRow[];
  /** A problem with the whole input (not a CSV, no rows, too many rows). */
  error: string | null;
}

export const VerifyVideoAdTagSchema = z.object({
  tag: z
    .string({ error: AD_TAG_MESSAGES.tagRequired })
    .trim()
    .superRefine((tag, ctx) => {
      const message = adTagError("video", tag);
      if (message) ctx.addIssue({ code: "custom", message });
    }),
});
