// The checks of one uploaded file for a creative set type (rules.ts), in the
// order a user can act on: size, type by content, then what the content says
// (dimensions, duration, bitrate), then the type's dimension rule. The first
// failed check is the file's error, listed under its name.
import "server-only";
import fsp from "node:fs/promises";
import { oversizeImageText, readImageDimensions } from "../../images/dimensions";
import { Html5ArchiveError, unpackHtml5, type Html5Archive } from "./html5-zip";
import { probeVideo, VideoProbeError } from "./probe";
import {
  CTV_MAX_BITRATE_KBPS,
  FILE_MESSAGES,
  FORMATS_BY_KIND,
  MAX_FILE_BYTES,
  MEDIA_KIND_BY_TYPE,
  dimensionError,
  limitText,
  withDetail,
  type CreativeType,
  type MediaFormat,
} from "./rules";
import { readDashManifest, readHlsPlaylist, sniffMedia, SNIFF_BYTES } from "./sniff";
import type { CreativeMediaKind } from "./types";

/** A file waiting on disk (the upload streams every file to a temporary directory first). */
export interface ReceivedFile {
  name: string;
  path: string;
  size: number;
}

export interface CheckedFile {
  kind: CreativeMediaKind;
  format: MediaFormat;
  mime: string;
  width: number;
  height: number;
  durationMs?: number;
  bitrateKbps?: number;
  /** HTML5 archives: the unpacked, checked entries and the main HTML. */
  html5?: Html5Archive;
}

export type FileCheck = ({ ok: true } & CheckedFile) | { ok: false; message: string };

const fail = (message: string): FileCheck => ({ ok: false, message });

/** The first `bytes` of the file (fewer when it is shorter). */
async function readHead(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await fsp.open(path, "r");
  try {
    const buffer = new Uint8Array(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

const FORMAT_LABELS: Record<MediaFormat, string> = {
  jpg: "JPEG",
  png: "PNG",
  gif: "GIF",
  mp4: "MP4",
  mov: "MOV",
  "3gp": "3GP",
  flv: "FLV",
  webm: "WebM",
  dash: "DASH",
  hls: "HLS",
  zip: "ZIP",
};

/** What the content says: dimensions (and for video duration and bitrate), or the message why it cannot be read. */
async function readFacts(file: ReceivedFile, format: MediaFormat): Promise<Omit<CheckedFile, "kind" | "format" | "mime"> | string> {
  switch (format) {
    case "jpg":
    case "png":
    case "gif": {
      const size = readImageDimensions(new Uint8Array(await fsp.readFile(file.path))); // at most 5.12 MB
      if (!size) return withDetail(FILE_MESSAGES.dimensions, "the image's width and height cannot be read");
      const oversize = oversizeImageText(size.width, size.height);
      return oversize ? withDetail(FILE_MESSAGES.dimensions, oversize) : size;
    }
    case "hls":
      return readHlsPlaylist(await fsp.readFile(file.path, "utf8"));
    case "dash":
      try {
        return readDashManifest(await fsp.readFile(file.path, "utf8"));
      } catch {
        return withDetail(FILE_MESSAGES.type, "the DASH manifest cannot be read");
      }
    case "zip":
      try {
        const html5 = await unpackHtml5(new Uint8Array(await fsp.readFile(file.path))); // at most 5.12 MB
        return { width: html5.width, height: html5.height, html5 };
      } catch (e) {
        if (e instanceof Html5ArchiveError) return e.message;
        throw e;
      }
    default:
      try {
        const { width, height, durationMs, bitrateKbps } = await probeVideo(file.path);
        return { width, height, durationMs, bitrateKbps };
      } catch (e) {
        if (e instanceof VideoProbeError) return withDetail(FILE_MESSAGES.type, "the video stream cannot be read");
        throw e;
      }
  }
}

export async function checkCreativeFile(type: CreativeType, file: ReceivedFile): Promise<FileCheck> {
  const kind = MEDIA_KIND_BY_TYPE[type];
  if (!kind) return fail(withDetail(FILE_MESSAGES.type, "this creative type takes no file"));
  if (file.size === 0) return fail(withDetail(FILE_MESSAGES.type, "the file is empty"));
  const limit = MAX_FILE_BYTES[kind];
  if (file.size > limit) return fail(withDetail(FILE_MESSAGES.size, `${limitText(file.size)} is more than ${limitText(limit)}`));

  const sniffed = await sniffMedia(await readHead(file.path, SNIFF_BYTES));
  const allowed = FORMATS_BY_KIND[kind];
  if (!sniffed || !allowed.includes(sniffed.format)) {
    const found = sniffed ? `the content is ${FORMAT_LABELS[sniffed.format]}` : "the content is not a known media format";
    return fail(withDetail(FILE_MESSAGES.type, `${found}; expected ${allowed.map((f) => FORMAT_LABELS[f]).join(", ")}`));
  }

  const facts = await readFacts(file, sniffed.format);
  if (typeof facts === "string") return fail(facts);
  if (kind === "ctv_video" && (facts.bitrateKbps ?? 0) > CTV_MAX_BITRATE_KBPS) {
    return fail(withDetail(FILE_MESSAGES.bitrate, `${facts.bitrateKbps} Kbps is more than ${CTV_MAX_BITRATE_KBPS} Kbps`));
  }
  const dimensions = dimensionError(type, facts.width, facts.height);
  if (dimensions) return fail(dimensions);
  return { ok: true, kind, format: sniffed.format, mime: sniffed.mime, ...facts };
}
