// What a creative's stored file IS, re-read on the server when the creative is
// saved (business.md 9: sizes, duration and bitrate come from the content,
// never from what the browser sends back after the upload). The key must be
// one the upload wrote for this licensee and advertiser
// (creatives/<licenseeId>/<advertiserId>/...), and the object must exist.
// The content is checked again with the upload's own checks (media/check.ts,
// which probes videos through media/probe.ts) for the set's type, so a key
// uploaded for another type (a video key saved into an image set) is refused
// with the same per-file message the upload would have given.
import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { storage, isValidKey, LocalDirectoryStorage, FILES_ROUTE, StorageNotFoundError } from "../storage";
import { checkCreativeFile } from "./media/check";
import { adSize } from "./media/html5-zip";
import { FILE_MESSAGES, MEDIA_KIND_BY_TYPE, dimensionError, withDetail, type CreativeType } from "./media/rules";

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

/** The stored file's facts, or why it cannot be a creative of the type (`missing`: not this advertiser's upload). */
export type StoredFileRead = { ok: true; file: StoredCreativeFile } | { ok: false; missing: true } | { ok: false; missing: false; message: string };

/** The key prefix of every creative file of one advertiser. */
export function creativeKeyPrefix(licenseeId: number, advertiserId: number): string {
  return `creatives/${licenseeId}/${advertiserId}/`;
}

/** Whether `key` is a valid key under this licensee's and advertiser's creative prefix. */
export function ownsCreativeKey(key: string, licenseeId: number, advertiserId: number): boolean {
  return isValidKey(key) && key.startsWith(creativeKeyPrefix(licenseeId, advertiserId));
}

/**
 * Runs `read` on a path holding the object: the stored file itself on the
 * local backend, else a private temporary copy (the checks and ffprobe read
 * paths), streamed down so a 204.8 MB video never sits in memory.
 */
async function withLocalPath<T>(key: string, read: (filePath: string) => Promise<T>): Promise<T> {
  const store = storage();
  if (store instanceof LocalDirectoryStorage) return read(store.resolve(key));
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "creative-reread-"));
  try {
    const opened = await store.open(key);
    if (!opened) throw new StorageNotFoundError(key);
    const file = path.join(dir, path.basename(key));
    await pipeline(Readable.fromWeb(opened.stream as NodeReadableStream<Uint8Array>), fs.createWriteStream(file, { flags: "wx", mode: 0o600 }));
    return await read(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * An HTML5 creative: the upload unpacked its archive (checked there entry by
 * entry) into creatives/<licensee>/<advertiser>/<uuid>/ and answered the main
 * HTML's key; the archive itself is not kept, so its size is read again from
 * the IAB ad.size meta of that HTML (0x0 when absent).
 */
async function html5Facts(key: string) {
  const html = new TextDecoder().decode(await storage().read(key));
  return { htmlEntry: key.split("/").slice(4).join("/"), mimeType: "text/html", ...adSize(html) };
}

/** The facts of the stored object at `key` for a creative of `type`, read from its content. */
export async function readStoredCreativeFile(key: string, licenseeId: number, advertiserId: number, type: CreativeType): Promise<StoredFileRead> {
  if (!ownsCreativeKey(key, licenseeId, advertiserId)) return { ok: false, missing: true };
  const store = storage();
  const opened = await store.open(key);
  if (!opened) return { ok: false, missing: true };
  const fileSizeBytes = opened.size;
  await opened.stream.cancel();
  const base = { storageKey: key, fileUrl: store.urlFor(key), fileSizeBytes, durationMs: null, bitrateKbps: null, htmlEntry: null };
  const refuse = (message: string): StoredFileRead => ({ ok: false, missing: false, message });

  if (MEDIA_KIND_BY_TYPE[type] === "html5_zip") {
    if (!/\.html?$/i.test(key)) return refuse(withDetail(FILE_MESSAGES.type, "upload the HTML5 archive (ZIP) again"));
    const facts = await html5Facts(key);
    const dimensions = dimensionError(type, facts.width, facts.height);
    return dimensions ? refuse(dimensions) : { ok: true, file: { ...base, ...facts } };
  }
  const check = await withLocalPath(key, (filePath) => checkCreativeFile(type, { name: path.basename(key), path: filePath, size: fileSizeBytes }));
  if (!check.ok) return refuse(check.message);
  return {
    ok: true,
    file: {
      ...base,
      mimeType: check.mime,
      width: check.width,
      height: check.height,
      durationMs: check.durationMs ?? null,
      bitrateKbps: check.bitrateKbps ?? null,
    },
  };
}

/** The URL the console serves a stored key under (for rows that kept only the key). */
export const fileUrlOf = (key: string) => `${FILES_ROUTE}${key}`;
