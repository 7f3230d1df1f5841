// The guard every ZIP archive a user sends passes through (strategy import
// spreadsheets, HTML5 creatives, catalog feeds, CRM files), so that a small
// file expanding to gigabytes (a zip bomb) is refused in bounded time and
// memory.
//
// Before inflating anything, the central directory (the archive's table of
// contents, at its end) is read: the number of entries, and what the entries
// declare, their uncompressed sizes, their sum and its ratio to the
// compressed sizes (checkDeclaredSizes). Declared sizes can lie, so while an
// entry is inflated (as a stream, 4 KB of compressed data at a time: at most
// about 4 MB comes out between two checks) what comes out is counted: no
// entry may yield more than it declared, nor more than the ratio times the
// compressed bytes read beyond a first megabyte (tiny files of repeated text
// legitimately compress very well), and all entries together no more than
// the cap (InflationBudget).
//
// inflateEntry reads an entry where the directory says it is, so the caller
// chooses the order (a spreadsheet's shared strings before its sheet). The
// catalog's feeds are read in archive order instead (lib/catalog/unzip.ts,
// which tolerates archives without a directory) and count with the same budget.
import { Inflate } from "fflate";

export interface InflationLimits {
  /** Uncompressed bytes all inflated entries together may have. */
  maxBytes: number;
  /** Uncompressed bytes per compressed byte, beyond RATIO_ALLOWANCE_BYTES. */
  maxRatio: number;
}

export interface ZipLimits extends InflationLimits {
  /** Entries the directory may list. */
  maxEntries: number;
}

/** Output that may exceed the ratio: a small file of repeated text compresses far better than 100:1. */
export const RATIO_ALLOWANCE_BYTES = 1024 * 1024;
/** Compressed bytes inflated between two checks (deflate expands at most ~1,032 times). */
export const ZIP_PUSH_BYTES = 4 * 1024;

export type ZipRefusal =
  | { kind: "unreadable"; detail: string }
  | { kind: "entries"; count: number; limit: number }
  | { kind: "size"; entry: string; limit: number }
  | { kind: "ratio"; entry: string; limit: number }
  /** An entry yielded more than its header declared: crafted, or damaged. */
  | { kind: "misdeclared"; entry: string };

function describe(refusal: ZipRefusal): string {
  switch (refusal.kind) {
    case "unreadable":
      return refusal.detail;
    case "entries":
      return `the archive has ${refusal.count} entries, more than ${refusal.limit}`;
    case "size":
      return `the archive expands to more than ${refusal.limit} bytes`;
    case "ratio":
      return `the archive expands more than ${refusal.limit} times its size (a zip bomb?)`;
    case "misdeclared":
      return `the archive entry "${refusal.entry}" is larger than its header says`;
  }
}

/** Why an archive is refused; each caller words `refusal` for its users (the message is a generic one). */
export class ZipRefusedError extends Error {
  constructor(readonly refusal: ZipRefusal) {
    super(describe(refusal));
  }
}

const unreadable = (detail: string) => new ZipRefusedError({ kind: "unreadable", detail });

export interface ZipDirectoryEntry {
  name: string;
  /** 0 stored, 8 deflated; anything else cannot be read. */
  method: number;
  flags: number;
  compressedSize: number;
  /** The uncompressed size the entry declares. */
  size: number;
  localHeaderOffset: number;
  /** A Unix symbolic link (mode in the external attributes). */
  isSymlink: boolean;
}

const ZIP64_MARK = 0xffffffff;

/** The central directory's entries, read without inflating anything; at most `maxEntries` of them. */
export function readZipDirectory(zip: Uint8Array, maxEntries: number): ZipDirectoryEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // End of central directory record: signature 0x06054b50, within the last 22 + 65535 bytes.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable("the file is not a readable ZIP archive");
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  // Sizes past 4 GB or 65,535 entries: beyond every limit of this console anyway.
  if (count === 0xffff || offset === ZIP64_MARK) throw unreadable("ZIP64 archives are not supported");
  if (count > maxEntries) throw new ZipRefusedError({ kind: "entries", count, limit: maxEntries });
  const decoder = new TextDecoder();
  const entries: ZipDirectoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > zip.length || view.getUint32(offset, true) !== 0x02014b50) throw unreadable("the ZIP archive's directory is damaged");
    const madeBy = view.getUint8(offset + 5); // host system: 3 is Unix, whose mode sits in the top 16 bits
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const mode = view.getUint32(offset + 38, true) >>> 16;
    const entry: ZipDirectoryEntry = {
      name: decoder.decode(zip.subarray(offset + 46, offset + 46 + nameLength)),
      method: view.getUint16(offset + 10, true),
      flags: view.getUint16(offset + 8, true),
      compressedSize: view.getUint32(offset + 20, true),
      size: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
      isSymlink: madeBy === 3 && (mode & 0o170000) === 0o120000,
    };
    if ([entry.compressedSize, entry.size, entry.localHeaderOffset].includes(ZIP64_MARK)) throw unreadable("ZIP64 archives are not supported");
    entries.push(entry);
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses entries whose declared sizes, together, pass the cap or the ratio: nothing inflated yet. */
export function checkDeclaredSizes(entries: readonly ZipDirectoryEntry[], limits: InflationLimits): void {
  if (entries.length === 0) return;
  const size = entries.reduce((n, e) => n + e.size, 0);
  const compressed = entries.reduce((n, e) => n + e.compressedSize, 0);
  const largest = entries.reduce((a, b) => (b.size > a.size ? b : a)).name;
  if (size > limits.maxBytes) throw new ZipRefusedError({ kind: "size", entry: largest, limit: limits.maxBytes });
  if (size > limits.maxRatio * compressed + RATIO_ALLOWANCE_BYTES) throw new ZipRefusedError({ kind: "ratio", entry: largest, limit: limits.maxRatio });
}

/** Counts what comes out of one archive's entries against its limits. */
export class InflationBudget {
  private inflated = 0;

  constructor(readonly limits: InflationLimits) {}

  /** The meter of one entry; `declaredSize` (from the directory), when known, may not be exceeded. */
  entry(name: string, declaredSize?: number): EntryMeter {
    return new EntryMeter(this, name, declaredSize);
  }

  /** Adds `bytes` to the archive's total: false once past the cap. */
  take(bytes: number): boolean {
    this.inflated += bytes;
    return this.inflated <= this.limits.maxBytes;
  }
}

export class EntryMeter {
  private inflated = 0;

  constructor(
    private readonly budget: InflationBudget,
    readonly name: string,
    private readonly declaredSize?: number,
  ) {}

  /**
   * `bytes` more came out, `compressedRead` bytes of the entry's compressed
   * data having been read so far: why to stop, or null. Returned, not thrown,
   * for callers inside callbacks that must not throw (fflate's).
   */
  count(bytes: number, compressedRead: number): ZipRefusedError | null {
    this.inflated += bytes;
    const { maxBytes, maxRatio } = this.budget.limits;
    if (!this.budget.take(bytes)) return new ZipRefusedError({ kind: "size", entry: this.name, limit: maxBytes });
    if (this.inflated > maxRatio * compressedRead + RATIO_ALLOWANCE_BYTES) return new ZipRefusedError({ kind: "ratio", entry: this.name, limit: maxRatio });
    if (this.declaredSize !== undefined && this.inflated > this.declaredSize) return new ZipRefusedError({ kind: "misdeclared", entry: this.name });
    return null;
  }

  /** Bytes counted so far. */
  get total(): number {
    return this.inflated;
  }
}

/** Where the entry's compressed data starts: after its local header, whose name and extra field may differ from the directory's. */
function dataRange(zip: Uint8Array, entry: ZipDirectoryEntry): { start: number; end: number } {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > zip.length || view.getUint32(at, true) !== 0x04034b50) throw unreadable(`the archive entry "${entry.name}" is damaged`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const end = start + entry.compressedSize;
  if (end > zip.length) throw unreadable(`the archive entry "${entry.name}" is cut short`);
  return { start, end };
}

/**
 * The entry's content, piece by piece, each piece counted by `budget` before
 * it is handed on: throws ZipRefusedError at the first limit crossed. Reads
 * only as far as its consumer asks: stopping the loop stops the inflation.
 * Yields to the event loop between pieces.
 */
export async function* inflateEntry(zip: Uint8Array, entry: ZipDirectoryEntry, budget: InflationBudget): AsyncGenerator<Uint8Array> {
  if (entry.flags & 1) throw unreadable(`the archive entry "${entry.name}" is encrypted`);
  if (entry.method !== 0 && entry.method !== 8) throw unreadable(`the archive entry "${entry.name}" uses an unknown compression (${entry.method})`);
  const { start, end } = dataRange(zip, entry);
  const meter = budget.entry(entry.name, entry.size);
  let output: Uint8Array[] = [];
  let finished = entry.method === 0;
  const inflate = new Inflate((data, final) => {
    output.push(data);
    if (final) finished = true;
  });
  for (let at = start; at < end; at += ZIP_PUSH_BYTES) {
    const piece = zip.subarray(at, Math.min(end, at + ZIP_PUSH_BYTES));
    if (entry.method === 0) output.push(piece);
    else {
      try {
        inflate.push(piece, at + ZIP_PUSH_BYTES >= end);
      } catch (err) {
        throw unreadable(`the archive entry "${entry.name}" cannot be inflated (${err instanceof Error ? err.message : String(err)})`);
      }
    }
    const pieces = output;
    output = [];
    for (const data of pieces) {
      const refusal = meter.count(data.length, at + piece.length - start);
      if (refusal) throw refusal;
    }
    for (const data of pieces) if (data.length) yield data;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!finished || meter.total !== entry.size) throw unreadable(`the archive entry "${entry.name}" does not match its header`);
}
