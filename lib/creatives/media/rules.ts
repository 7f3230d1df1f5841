// The rules a creative file is held to, in one place (business.md 5
// "Creatives and sets" and 9 "file limits, formats, bitrate, aspect ratios,
// size hints"). Pure and client-safe: the upload checks (check.ts) apply them
// on the server; the upload component shows the same limits as hints.
//
// Where the spec is silent the rule below is ours, marked "(ours)".
//
//  set type                    | file kind  | dimension rule
//  ----------------------------|------------|-----------------------------------------------
//  IMAGE                       | image      | any (read from the file)
//  VIDEO                       | video      | any (read from the stream)
//  CTV_VIDEO                   | ctv_video  | 16:9, at least 640x360 (ours); bitrate <= 1024 Kbps
//  NATIVE_ICON                 | image      | 1:1, at least 80x80 (ours: OpenRTB native icon)
//  NATIVE_IMAGE                | image      | one of the size hints 1200x627, 1200x628, 1280x720, 1200x800
//  NATIVE_VIDEO                | video      | 1:1, 16:9 or 9:16
//  HYBRID_STATIC_AD            | image      | hybrid/DCO aspect ratios
//  HYBRID_DYNAMIC_AD           | image      | hybrid/DCO aspect ratios
//  DYNAMIC_MACRO               | image      | hybrid/DCO aspect ratios (the default image of a DCO ad)
//  DYNAMIC_VIDEO               | video      | hybrid/DCO aspect ratios
//  ZIPPED_HTML, PLAYABLE,      | html5_zip  | none: an archive has no pixels; its size comes from
//  DYNAMIC_HTML                |            | <meta name="ad.size" content="width=..,height.."> if any
//  THIRD_PARTY_AD_TAGS,        | none       | no file: the tag is pasted or uploaded as text
//  THIRD_PARTY_VIDEO_AD_TAGS   |            | (the ad tag upload, not this one)
//
// Aspect ratios are compared after reducing width:height by their greatest
// common divisor: 1920x1080 is 16:9, 854x480 (427:240) is not.
import type { CreativeMediaKind } from "./types";

/** The 15 creative (set) types of prisma/schema/creatives.prisma, client-safe. */
export const CREATIVE_TYPES = [
  "IMAGE",
  "VIDEO",
  "NATIVE_ICON",
  "ZIPPED_HTML",
  "NATIVE_IMAGE",
  "NATIVE_VIDEO",
  "THIRD_PARTY_AD_TAGS",
  "THIRD_PARTY_VIDEO_AD_TAGS",
  "DYNAMIC_MACRO",
  "DYNAMIC_HTML",
  "DYNAMIC_VIDEO",
  "HYBRID_STATIC_AD",
  "HYBRID_DYNAMIC_AD",
  "CTV_VIDEO",
  "PLAYABLE",
] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

export const MEDIA_KIND_BY_TYPE: Record<CreativeType, CreativeMediaKind | null> = {
  IMAGE: "image",
  VIDEO: "video",
  NATIVE_ICON: "image",
  ZIPPED_HTML: "html5_zip",
  NATIVE_IMAGE: "image",
  NATIVE_VIDEO: "video",
  THIRD_PARTY_AD_TAGS: null,
  THIRD_PARTY_VIDEO_AD_TAGS: null,
  DYNAMIC_MACRO: "image",
  DYNAMIC_HTML: "html5_zip",
  DYNAMIC_VIDEO: "video",
  HYBRID_STATIC_AD: "image",
  HYBRID_DYNAMIC_AD: "image",
  CTV_VIDEO: "ctv_video",
  PLAYABLE: "html5_zip",
};

/** Bytes per file (business.md 9); HTML5 archives (ours) as images: the ZIP as uploaded. */
export const MAX_FILE_BYTES: Record<CreativeMediaKind, number> = {
  image: 5_120_000,
  video: 30_720_000,
  ctv_video: 204_800_000,
  html5_zip: 5_120_000,
};

/** Formats by content. Video formats are file-type's names, plus the two playlist formats read as text. */
export const IMAGE_FORMATS = ["jpg", "png", "gif"] as const;
export const VIDEO_FORMATS = ["flv", "mp4", "3gp", "mov", "webm", "dash", "hls"] as const;
export type MediaFormat = (typeof IMAGE_FORMATS)[number] | (typeof VIDEO_FORMATS)[number] | "zip";

export const FORMATS_BY_KIND: Record<CreativeMediaKind, readonly MediaFormat[]> = {
  image: IMAGE_FORMATS,
  video: VIDEO_FORMATS,
  ctv_video: ["mp4"],
  html5_zip: ["zip"],
};

/** What the file picker offers (a convenience only: the server types files by content). */
export const ACCEPT_BY_KIND: Record<CreativeMediaKind, string> = {
  image: ".jpg,.jpeg,.png,.gif",
  video: ".flv,.mp4,.3gp,.mov,.webm,.mpd,.m3u8",
  ctv_video: ".mp4",
  html5_zip: ".zip",
};

/** CTV video streams may carry at most this many kilobits per second. */
export const CTV_MAX_BITRATE_KBPS = 1024;

/** HTML5 archives (ours): at most this many entries and uncompressed bytes in all. */
export const HTML5_MAX_ENTRIES = 500;
export const HTML5_MAX_UNCOMPRESSED_BYTES = 30 * 1024 * 1024;

/** Files one upload request may carry (ours). */
export const MAX_FILES_PER_UPLOAD = 10;

export const HYBRID_ASPECT_RATIOS = ["16:9", "9:16", "1:1", "4:3", "3:4", "3:2", "2:3", "5:6", "6:5", "32:5"] as const;
export const NATIVE_VIDEO_ASPECT_RATIOS = ["1:1", "16:9", "9:16"] as const;
export const NATIVE_IMAGE_SIZES = ["1200x627", "1200x628", "1280x720", "1200x800"] as const;

export type DimensionRule =
  | { kind: "any" }
  | { kind: "aspect"; ratios: readonly string[]; minWidth?: number; minHeight?: number }
  | { kind: "sizes"; sizes: readonly string[] };

export const DIMENSION_RULE_BY_TYPE: Record<CreativeType, DimensionRule> = {
  IMAGE: { kind: "any" },
  VIDEO: { kind: "any" },
  CTV_VIDEO: { kind: "aspect", ratios: ["16:9"], minWidth: 640, minHeight: 360 },
  NATIVE_ICON: { kind: "aspect", ratios: ["1:1"], minWidth: 80, minHeight: 80 },
  NATIVE_IMAGE: { kind: "sizes", sizes: NATIVE_IMAGE_SIZES },
  NATIVE_VIDEO: { kind: "aspect", ratios: NATIVE_VIDEO_ASPECT_RATIOS },
  HYBRID_STATIC_AD: { kind: "aspect", ratios: HYBRID_ASPECT_RATIOS },
  HYBRID_DYNAMIC_AD: { kind: "aspect", ratios: HYBRID_ASPECT_RATIOS },
  DYNAMIC_MACRO: { kind: "aspect", ratios: HYBRID_ASPECT_RATIOS },
  DYNAMIC_VIDEO: { kind: "aspect", ratios: HYBRID_ASPECT_RATIOS },
  ZIPPED_HTML: { kind: "any" },
  PLAYABLE: { kind: "any" },
  DYNAMIC_HTML: { kind: "any" },
  THIRD_PARTY_AD_TAGS: { kind: "any" },
  THIRD_PARTY_VIDEO_AD_TAGS: { kind: "any" },
};

/** The three messages of business.md 8; a detail may follow after ": ". */
export const FILE_MESSAGES = {
  size: "size exceeds limit",
  type: "unsupported type",
  dimensions: "invalid dimensions",
  /** CTV videos over CTV_MAX_BITRATE_KBPS (business.md 5; not one of the three file errors, so worded alike). */
  bitrate: "bitrate exceeds limit",
} as const;

export const withDetail = (message: string, detail?: string) => (detail ? `${message}: ${detail}` : message);

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** "16:9" for 1920x1080: width:height reduced by their greatest common divisor. */
export function aspectRatio(width: number, height: number): string {
  const divisor = gcd(width, height) || 1;
  return `${width / divisor}:${height / divisor}`;
}

/** null when width x height meets the type's rule, else the 'invalid dimensions' message with why. */
export function dimensionError(type: CreativeType, width: number, height: number): string | null {
  const rule = DIMENSION_RULE_BY_TYPE[type];
  if (rule.kind === "any") return null;
  if (!(width > 0 && height > 0)) return withDetail(FILE_MESSAGES.dimensions, "the width and height could not be read");
  if (rule.kind === "sizes") {
    return rule.sizes.includes(`${width}x${height}`)
      ? null
      : withDetail(FILE_MESSAGES.dimensions, `${width}x${height} is not one of ${rule.sizes.join(", ")}`);
  }
  const ratio = aspectRatio(width, height);
  if (!rule.ratios.includes(ratio)) {
    return withDetail(FILE_MESSAGES.dimensions, `${ratio} is not an accepted aspect ratio (${rule.ratios.join(", ")})`);
  }
  if ((rule.minWidth && width < rule.minWidth) || (rule.minHeight && height < rule.minHeight)) {
    return withDetail(FILE_MESSAGES.dimensions, `${width}x${height} is smaller than ${rule.minWidth}x${rule.minHeight}`);
  }
  return null;
}

/** "5.12 MB" for the hints and messages (decimal megabytes, as the limits are written). */
export function limitText(bytes: number): string {
  return `${Number((bytes / 1_000_000).toFixed(2))} MB`;
}

export function isCreativeType(value: unknown): value is CreativeType {
  return typeof value === "string" && (CREATIVE_TYPES as readonly string[]).includes(value);
}
