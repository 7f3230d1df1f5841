// What a creative's stored file IS, re-read on the server when the creative is
// saved (business.md 9: sizes, duration and bitrate come from the content,
// never from what the browser sends back after the upload). The key must be
// one the upload wrote for this licensee and advertiser
// (creatives/<licenseeId>/<advertiserId>/...), and the object must exist.
import "server-only";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { imageSize } from "image-size";
import { storage, isValidKey, LocalDirectoryStorage, FILES_ROUTE } from "../storage";
import { probeVideo } from "./media/probe";

export interface StoredCreativeFile {
  storageKey: string;
  fileUrl: string;
  mimeType: string;
  fileSizeBytes: number;
  width: number;
  height: number;
  durationMs: number | null;
  bitrateKbps: number | null;
  htmlEntry: string | null;
}

/** The key prefix of every creative file of one advertiser. */
export function creativeKeyPrefix(licenseeId: number, advertiserId: number): string {
  return `creatives/${licenseeId}/${advertiserId}/`;
}

/** Whether `key` is a valid key under this licensee's and advertiser's creative prefix. */
export function ownsCreativeKey(key: string, licenseeId: number, advertiserId: number): boolean {
  return isValidKey(key) && key.startsWith(creativeKeyPrefix(licenseeId, advertiserId));
}

const IMAGE_MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png", gif: "image/gif" };
/** Images are at most 5,120,000 bytes (business.md 9): a larger file is only ever a video. */
const IMAGE_MAX_BYTES = 5_120_000;

function videoMime(formatName: string): string {
  if (formatName === "hls") return "application/vnd.apple.mpegurl";
  if (formatName === "dash") return "application/dash+xml";
  if (formatName === "flv") return "video/x-flv";
  if (formatName.includes("webm")) return "video/webm";
  if (formatName.includes("mp4") || formatName.includes("mov")) return "video/mp4";
  return "video/mp4";
}

function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(new Uint8Array(bytes));
    return size.width && size.height ? { width: size.width, height: size.height } : null;
  } catch {
    return null;
  }
}

/**
 * An HTML5 creative: the upload unpacked its archive into
 * creatives/<licensee>/<advertiser>/<uuid>/ and answered the main HTML's key;
 * its size is the IAB ad.size meta of that HTML (0x0 when absent).
 */
function html5Facts(key: string, bytes: Uint8Array): { htmlEntry: string; width: number; height: number } {
  const html = new TextDecoder().decode(bytes);
  const meta = /<meta[^>]+name=["']?ad\.size["']?[^>]*>/i.exec(html)?.[0] ?? "";
  const content = /content=["']([^"']*)["']/i.exec(meta)?.[1] ?? "";
  return {
    htmlEntry: key.split("/").slice(4).join("/"),
    width: Number(/width\s*=\s*(\d+)/i.exec(content)?.[1] ?? 0),
    height: Number(/height\s*=\s*(\d+)/i.exec(content)?.[1] ?? 0),
  };
}

async function videoFacts(key: string) {
  const store = storage();
  // ffprobe reads a path: the stored file itself on the local backend, else a private temporary copy.
  if (store instanceof LocalDirectoryStorage) return probeVideo(store.resolve(key)).catch(() => null);
  const bytes = await store.read(key);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "creative-probe-"));
  const file = path.join(dir, `${crypto.randomUUID()}${path.extname(key) || ".bin"}`);
  try {
    await fsp.writeFile(file, bytes);
    return await probeVideo(file);
  } catch {
    return null;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * The facts of the stored object at `key`, read from its content; null when
 * the key is not this advertiser's, the object is missing or its content is
 * not a creative file.
 */
export async function readStoredCreativeFile(key: string, licenseeId: number, advertiserId: number): Promise<StoredCreativeFile | null> {
  if (!ownsCreativeKey(key, licenseeId, advertiserId)) return null;
  const store = storage();
  if (!(await store.exists(key))) return null;
  const opened = await store.open(key);
  if (!opened) return null;
  const fileSizeBytes = opened.size;
  await opened.stream.cancel();
  const base = { storageKey: key, fileUrl: store.urlFor(key), fileSizeBytes, durationMs: null, bitrateKbps: null, htmlEntry: null };
  if (/\.html?$/i.test(key)) return { ...base, mimeType: "text/html", ...html5Facts(key, await store.read(key)) };
  if (fileSizeBytes <= IMAGE_MAX_BYTES) {
    const bytes = await store.read(key);
    const { fileTypeFromBuffer } = await import("file-type");
    const type = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024));
    if (type && IMAGE_MIME[type.ext]) {
      const size = imageDimensions(bytes);
      return size ? { ...base, ...size, mimeType: IMAGE_MIME[type.ext] } : null;
    }
  }
  const probe = await videoFacts(key);
  if (!probe) return null;
  return {
    ...base,
    mimeType: videoMime(probe.formatName),
    width: probe.width,
    height: probe.height,
    durationMs: probe.durationMs,
    bitrateKbps: probe.bitrateKbps,
  };
}

/** The URL the console serves a stored key under (for rows that kept only the key). */
export const fileUrlOf = (key: string) => `${FILES_ROUTE}${key}`;
