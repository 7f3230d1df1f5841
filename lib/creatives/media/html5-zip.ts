// HTML5 creatives (ZIPPED_HTML, PLAYABLE, DYNAMIC_HTML) arrive as a ZIP: it is
// unpacked here, safely, before anything is stored.
//
// 1. The central directory (the archive's own table of contents, at its end)
//    is read without inflating anything (lib/files/zip-guard.ts, the shared
//    archive guard): the entry count is capped, every name
//    is checked (no "..", no absolute path, no backslash, no drive letter,
//    only characters a storage key may hold) and symbolic links (Unix mode
//    in the external attributes) are refused.
// 2. The entries are then inflated as a stream with fflate, like catalog feeds
//    (lib/catalog/unzip.ts): the total uncompressed size is capped and so is the
//    expansion ratio (the catalog's FEED_ZIP_MAX_RATIO beyond its first-megabyte
//    allowance), whatever sizes the headers declare. Names met while inflating
//    (local headers, which may differ from the directory) are checked again.
// 3. The main HTML is index.html at the root, else the only .html/.htm file.
import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { RATIO_ALLOWANCE_BYTES, zipLimits } from "../../catalog/unzip";
import { readZipDirectory, ZipRefusedError, type ZipDirectoryEntry } from "../../files/zip-guard";
import { FILE_MESSAGES, HTML5_MAX_ENTRIES, HTML5_MAX_UNCOMPRESSED_BYTES, withDetail } from "./rules";

export interface Html5Entry {
  /** Path inside the archive, "/"-separated, checked. */
  path: string;
  bytes: Uint8Array;
}

export interface Html5Archive {
  entries: Html5Entry[];
  htmlEntry: string;
  /** From <meta name="ad.size" content="width=300,height=250"> in the main HTML; 0 when absent. */
  width: number;
  height: number;
}

export interface Html5Limits {
  maxEntries: number;
  maxBytes: number;
  maxRatio: number;
}

export function html5Limits(): Html5Limits {
  return { maxEntries: HTML5_MAX_ENTRIES, maxBytes: HTML5_MAX_UNCOMPRESSED_BYTES, maxRatio: zipLimits().maxRatio };
}

/** Why an archive was refused: the message listed under the file's name. */
export class Html5ArchiveError extends Error {}

const refuse = (detail: string) => new Html5ArchiveError(withDetail(FILE_MESSAGES.type, detail));

/** Letters, digits, "_", "-", "." per segment: what a storage key segment may hold (lib/storage/keys.ts). */
const SAFE_SEGMENT = /^[A-Za-z0-9_.-]{1,200}$/;

/** Entries that are archive noise, never part of the creative. */
function isIgnored(name: string): boolean {
  return name.endsWith("/") || name.startsWith("__MACOSX/") || (name.split("/").pop() ?? "").startsWith(".");
}

/** Throws when the entry name could reach outside its folder or cannot be a storage key. */
export function checkEntryName(name: string): void {
  if (name.includes("\\") || name.includes("\0")) throw refuse(`the archive entry "${name}" has a backslash in its path`);
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) throw refuse(`the archive entry "${name}" has an absolute path`);
  const segments = name.replace(/\/$/, "").split("/");
  if (segments.some((s) => s === ".." || s === ".")) throw refuse(`the archive entry "${name}" points outside the archive`);
  if (!segments.every((s) => SAFE_SEGMENT.test(s))) {
    throw refuse(`the archive entry "${name}" has characters other than letters, digits, ".", "-" and "_"`);
  }
}

/** The central directory's entries (names and link flags), read without inflating anything. */
export function readCentralDirectory(zip: Uint8Array, maxEntries: number): ZipDirectoryEntry[] {
  try {
    return readZipDirectory(zip, maxEntries);
  } catch (e) {
    if (e instanceof ZipRefusedError) throw refuse(e.message);
    throw e;
  }
}

const PUSH_BYTES = 4 * 1024;

/** Every kept entry, inflated under the size and ratio caps. */
async function inflateEntries(zip: Uint8Array, limits: Html5Limits): Promise<Html5Entry[]> {
  const chunks = new Map<string, Uint8Array[]>();
  const done = new Set<string>();
  let failure: Error | null = null;
  let inflated = 0;
  let pushed = 0;
  const started: UnzipFile[] = [];

  const unzip = new Unzip((file) => {
    if (failure) return;
    try {
      checkEntryName(file.name);
    } catch (e) {
      failure = e as Error;
      return;
    }
    if (isIgnored(file.name)) return; // never started: never inflated
    if (chunks.has(file.name)) return void (failure = refuse(`the archive holds "${file.name}" twice`));
    chunks.set(file.name, []);
    started.push(file);
    // fflate catches what this handler throws: failures are recorded, not thrown.
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return void (failure = refuse(`the ZIP archive cannot be read (${err.message})`));
      inflated += data.length;
      if (inflated > limits.maxBytes) return void (failure = refuse(`the archive expands to more than ${limits.maxBytes} bytes`));
      if (inflated > limits.maxRatio * pushed + RATIO_ALLOWANCE_BYTES) {
        return void (failure = refuse(`the archive expands more than ${limits.maxRatio} times its size (a zip bomb?)`));
      }
      if (data.length) chunks.get(file.name)!.push(data);
      if (final) done.add(file.name);
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  for (let offset = 0; offset < zip.length && !failure; offset += PUSH_BYTES) {
    const piece = zip.subarray(offset, offset + PUSH_BYTES);
    pushed += piece.length;
    try {
      unzip.push(piece, offset + PUSH_BYTES >= zip.length);
    } catch (err) {
      failure ??= refuse(`the ZIP archive cannot be read (${err instanceof Error ? err.message : String(err)})`);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (failure) {
    for (const file of started) file.terminate();
    throw failure;
  }
  const entries: Html5Entry[] = [];
  for (const [path, parts] of chunks) {
    if (!done.has(path)) throw refuse(`the archive entry "${path}" is cut short`);
    entries.push({ path, bytes: concat(parts) });
  }
  return entries;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** index.html at the root, else the only HTML file; null when neither. */
export function findMainHtml(paths: readonly string[]): string | null {
  const index = paths.find((p) => p.toLowerCase() === "index.html");
  if (index) return index;
  const html = paths.filter((p) => /\.html?$/i.test(p));
  return html.length === 1 ? html[0] : null;
}

/** The IAB ad.size meta tag's width and height, or 0x0. */
export function adSize(html: string): { width: number; height: number } {
  const meta = /<meta[^>]+name=["']?ad\.size["']?[^>]*>/i.exec(html)?.[0] ?? "";
  const content = /content=["']([^"']*)["']/i.exec(meta)?.[1] ?? "";
  const width = Number(/width\s*=\s*(\d+)/i.exec(content)?.[1] ?? 0);
  const height = Number(/height\s*=\s*(\d+)/i.exec(content)?.[1] ?? 0);
  return { width, height };
}

/** Unpacks and checks an HTML5 archive; throws Html5ArchiveError with the per-file message. */
export async function unpackHtml5(zip: Uint8Array, limits: Html5Limits = html5Limits()): Promise<Html5Archive> {
  const directory = readCentralDirectory(zip, limits.maxEntries);
  for (const entry of directory) {
    checkEntryName(entry.name);
    if (entry.isSymlink) throw refuse(`the archive entry "${entry.name}" is a symbolic link`);
  }
  const entries = await inflateEntries(zip, limits);
  const kept = new Set(directory.filter((e) => !isIgnored(e.name)).map((e) => e.name));
  // Local headers naming files the directory does not list (or the other way round): a crafted archive.
  if (entries.length !== kept.size || entries.some((e) => !kept.has(e.path))) throw refuse("the ZIP archive's entries do not match its directory");
  const htmlEntry = findMainHtml(entries.map((e) => e.path));
  if (!htmlEntry) throw refuse("the archive needs an index.html at its root (or exactly one HTML file)");
  const html = new TextDecoder().decode(entries.find((e) => e.path === htmlEntry)!.bytes);
  return { entries, htmlEntry, ...adSize(html) };
}
