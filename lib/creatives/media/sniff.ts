// What a file IS, by its content: magic bytes through file-type for binary
// formats, the first line or root element for the two playlist formats (HLS
// #EXTM3U, DASH <MPD>), which are text. Never the name, never the browser's
// MIME type.
import { XMLParser } from "fast-xml-parser";
import type { MediaFormat } from "./rules";

export interface Sniffed {
  format: MediaFormat;
  mime: string;
}

/** file-type's answers that are one of our formats, with the MIME type we serve them as. */
const BINARY_FORMATS: Record<string, Sniffed> = {
  jpg: { format: "jpg", mime: "image/jpeg" },
  png: { format: "png", mime: "image/png" },
  gif: { format: "gif", mime: "image/gif" },
  mp4: { format: "mp4", mime: "video/mp4" },
  m4v: { format: "mp4", mime: "video/mp4" },
  mov: { format: "mov", mime: "video/quicktime" },
  "3gp": { format: "3gp", mime: "video/3gpp" },
  "3g2": { format: "3gp", mime: "video/3gpp2" },
  flv: { format: "flv", mime: "video/x-flv" },
  webm: { format: "webm", mime: "video/webm" },
  zip: { format: "zip", mime: "application/zip" },
};

/** How many leading bytes are read to tell the type (all formats decide within them). */
export const SNIFF_BYTES = 64 * 1024;

/** The format of content starting with `head`, or null when it is none of ours. */
export async function sniffMedia(head: Uint8Array): Promise<Sniffed | null> {
  // Loaded on use: file-type is ESM-only (jest transforms it; Next bundles it).
  const { fileTypeFromBuffer } = await import("file-type");
  const type = await fileTypeFromBuffer(head);
  if (type && BINARY_FORMATS[type.ext]) return BINARY_FORMATS[type.ext];
  if (type && type.ext !== "xml") return null;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(head).replace(/^\uFEFF/, "");
  if (/^#EXTM3U[ \t]*\r?\n/.test(text + "\n")) return { format: "hls", mime: "application/vnd.apple.mpegurl" };
  if (/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(\w+:)?MPD[\s>]/.test(text)) return { format: "dash", mime: "application/dash+xml" };
  return null;
}

/** What a playlist says about its video (it is never fetched: segments stay where they are). */
export interface PlaylistFacts {
  width: number;
  height: number;
  durationMs: number;
  bitrateKbps: number;
}

/**
 * HLS: a master playlist's largest variant (RESOLUTION, BANDWIDTH); a media
 * playlist's duration is the sum of its #EXTINF, it states no resolution (0x0).
 */
export function readHlsPlaylist(text: string): PlaylistFacts {
  let best = { width: 0, height: 0, bitrateKbps: 0 };
  let seconds = 0;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith("#EXT-X-STREAM-INF:")) {
      const resolution = /RESOLUTION=(\d+)x(\d+)/i.exec(line);
      const bandwidth = Number(/[:,]BANDWIDTH=(\d+)/i.exec(line)?.[1] ?? 0);
      const width = Number(resolution?.[1] ?? 0);
      const height = Number(resolution?.[2] ?? 0);
      if (width * height > best.width * best.height) best = { width, height, bitrateKbps: Math.round(bandwidth / 1000) };
    } else if (line.startsWith("#EXTINF:")) {
      seconds += Number.parseFloat(line.slice(8)) || 0;
    }
  }
  return { ...best, durationMs: Math.round(seconds * 1000) };
}

/** ISO 8601 durations as DASH writes them: PT1H2M3.5S → ms. */
function isoDurationMs(value: unknown): number {
  const m = /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(String(value ?? ""));
  if (!m) return 0;
  const [d, h, min, s] = m.slice(1).map((v) => Number(v ?? 0));
  return Math.round((((d * 24 + h) * 60 + min) * 60 + s) * 1000);
}

const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

type XmlNode = Record<string, unknown>;

/** DASH: the largest video Representation's width, height and bandwidth; mediaPresentationDuration. */
export function readDashManifest(text: string): PlaylistFacts {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true, processEntities: false });
  const mpd = (parser.parse(text) as XmlNode).MPD as XmlNode | undefined;
  let best = { width: 0, height: 0, bitrateKbps: 0 };
  for (const period of asArray(mpd?.Period as XmlNode | XmlNode[])) {
    for (const set of asArray(period.AdaptationSet as XmlNode | XmlNode[])) {
      for (const rep of asArray(set.Representation as XmlNode | XmlNode[])) {
        const width = Number(rep["@width"] ?? set["@width"] ?? 0);
        const height = Number(rep["@height"] ?? set["@height"] ?? 0);
        if (width * height > best.width * best.height) best = { width, height, bitrateKbps: Math.round(Number(rep["@bandwidth"] ?? 0) / 1000) };
      }
    }
  }
  return { ...best, durationMs: isoDurationMs(mpd?.["@mediaPresentationDuration"]) };
}
