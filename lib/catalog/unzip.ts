// ZIP feeds: one entry of the archive is the feed, and only that entry is ever
// inflated, as a stream, under two hard limits, so that a small archive that
// expands to gigabytes (a zip bomb) cannot exhaust the server's memory.
//
// Which entry: the first one, in the order of the archive, whose name ends in
// .xml, .rss, .csv, .tsv, .tab or .txt (letter case ignored), skipping folders,
// macOS metadata (__MACOSX/) and hidden files (.name). Its content then decides
// the format, as for an upload. Other entries are never inflated, whatever
// they hold: an archive whose first such entry is no feed fails, even if a
// later one would have been.
//
// Limits (lib/env): FEED_ZIP_MAX_MB uncompressed bytes (default 200), and
// FEED_ZIP_MAX_RATIO (default 100) uncompressed bytes per compressed byte read
// so far, beyond a first megabyte that may expand freely (tiny archives of
// repetitive text legitimately compress very well). Whichever is crossed first
// stops the inflation at once.
//
// fflate's streaming Unzip reads the archive as it is pushed, in small pieces:
// a piece of deflate data inflates to at most about 1,032 times its size, so
// memory between two checks stays bounded (4 KB in, at most ~4 MB out), and
// the event loop gets a turn between pieces. What comes out is counted by the
// shared archive guard (lib/files/zip-guard.ts). Archive order rather than the
// guard's directory-first reading: a feed whose download was cut short after
// its feed entry, or written with ZIP64 headers, reads this way.
import { Unzip, UnzipInflate, type UnzipFile } from "fflate";
import { env } from "../env";
import { InflationBudget, ZIP_PUSH_BYTES, ZipRefusedError, type InflationLimits, type ZipRefusal } from "../files/zip-guard";
import { FeedFormatError } from "./records";
import { sizeText } from "./schema";

export { RATIO_ALLOWANCE_BYTES } from "../files/zip-guard";

/** Uncompressed bytes the feed entry may have, and per compressed byte. */
export type ZipLimits = InflationLimits;

export function zipLimits(): ZipLimits {
  const config = env();
  return { maxBytes: config.FEED_ZIP_MAX_MB * 1024 * 1024, maxRatio: config.FEED_ZIP_MAX_RATIO };
}

export const FEED_ENTRY_EXTENSIONS = ["xml", "rss", "csv", "tsv", "tab", "txt"] as const;

export function isFeedEntry(name: string): boolean {
  if (name.endsWith("/") || name.startsWith("__MACOSX/")) return false;
  const base = name.split("/").pop() ?? "";
  const extension = base.includes(".") ? base.split(".").pop()!.toLowerCase() : "";
  return !base.startsWith(".") && (FEED_ENTRY_EXTENSIONS as readonly string[]).includes(extension);
}

export const ZIP_MESSAGES = {
  noFeed: "The ZIP archive contains no CSV, TSV or XML file",
  unreadable: "The ZIP archive cannot be read",
  tooLarge: (name: string, limit: number) => `The file ${name} in the ZIP archive is larger than ${sizeText(limit)} uncompressed: the feed was not read`,
  ratio: (name: string, ratio: number) =>
    `The file ${name} in the ZIP archive expands more than ${ratio} times its compressed size (a zip bomb?): the feed was not read`,
} as const;

function feedRefusal(refusal: ZipRefusal): FeedFormatError {
  if (refusal.kind === "size") return new FeedFormatError(ZIP_MESSAGES.tooLarge(refusal.entry, refusal.limit));
  if (refusal.kind === "ratio") return new FeedFormatError(ZIP_MESSAGES.ratio(refusal.entry, refusal.limit));
  return new FeedFormatError(`${ZIP_MESSAGES.unreadable} (${new ZipRefusedError(refusal).message})`);
}

/**
 * Inflates the archive's feed entry, handing each piece to `onChunk` as it
 * comes (onChunk returns an Error to stop). Resolves with the entry's name;
 * throws FeedFormatError when there is no feed entry, the archive is broken,
 * or a limit is crossed.
 */
export async function inflateFeedEntry(
  archive: Uint8Array,
  limits: ZipLimits,
  onChunk: (chunk: Uint8Array, entry: string) => Error | void,
): Promise<string> {
  let chosen: UnzipFile | null = null;
  let failure: Error | null = null;
  let finished = false;
  let pushed = 0;
  let pushing = 0;
  let startedAt = 0;

  const unzip = new Unzip((file) => {
    if (chosen || failure || !isFeedEntry(file.name)) return; // never started: never inflated
    chosen = file;
    const meter = new InflationBudget(limits).entry(file.name);
    startedAt = pushed - pushing; // the piece holding its header counts as its compressed data: errs on the lenient side
    // fflate catches what this handler throws (and calls it again with the error): failures are recorded, not thrown.
    file.ondata = (err, data, final) => {
      if (failure || finished) return;
      if (err) return void (failure = new FeedFormatError(`${ZIP_MESSAGES.unreadable} (${err.message})`));
      const refusal = meter.count(data.length, pushed - startedAt);
      if (refusal) return void (failure = feedRefusal(refusal.refusal));
      if (data.length) failure = onChunk(data, file.name) ?? null;
      if (final) finished = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);

  for (let offset = 0; offset < archive.length && !failure && !finished; offset += ZIP_PUSH_BYTES) {
    const piece = archive.subarray(offset, offset + ZIP_PUSH_BYTES);
    pushing = piece.length;
    pushed += piece.length;
    try {
      unzip.push(piece, offset + ZIP_PUSH_BYTES >= archive.length);
    } catch (err) {
      failure ??= new FeedFormatError(`${ZIP_MESSAGES.unreadable} (${err instanceof Error ? err.message : String(err)})`);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  const entry = chosen as UnzipFile | null; // assigned in the callback
  if (failure) {
    entry?.terminate();
    throw failure;
  }
  if (!entry) throw new FeedFormatError(ZIP_MESSAGES.noFeed);
  if (!finished) throw new FeedFormatError(`${ZIP_MESSAGES.unreadable} (the file ${entry.name} is cut short)`);
  return entry.name;
}
