// HTTP byte ranges (RFC 9110 14): the one `Range: bytes=...` form a video
// player sends when seeking, turned into the bytes to serve. Only a single
// range is honoured; anything else (several ranges, other units, garbage) is
// ignored as the RFC allows, and the whole file is served.
import type { StoredRange } from "./types";

/** A requested range: `first`..`last` inclusive (null: to the end), or the last `suffix` bytes. */
export type ByteRangeRequest = { first: number; last: number | null } | { suffix: number };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/** The Range header's single byte range, or null to serve the whole file. */
export function parseRangeHeader(header: string | null): ByteRangeRequest | null {
  const match = header ? SINGLE_RANGE.exec(header.replace(/\s+/g, "")) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  // Beyond 2^53 a number loses bytes: treat it as garbage.
  const first = from === "" ? null : Number(from);
  const last = to === "" ? null : Number(to);
  if ((first !== null && !Number.isSafeInteger(first)) || (last !== null && !Number.isSafeInteger(last))) return null;
  if (first === null) return { suffix: last! };
  if (last !== null && last < first) return null; // invalid syntax: ignored, like any malformed Range
  return { first, last };
}

/** The arguments of FileStorage.openRange for a request. */
export function openRangeArguments(range: ByteRangeRequest): [first: number, last: number] {
  if ("suffix" in range) return range.suffix === 0 ? [Number.MAX_SAFE_INTEGER, 0] : [-range.suffix, 0];
  return [range.first, range.last ?? Number.MAX_SAFE_INTEGER];
}

/**
 * What openRange serves of an object of `size` bytes: inclusive bounds, or
 * null when nothing can be (the start is past the end, an empty object, a
 * zero-length suffix): 416.
 */
export function resolveByteRange(size: number, first: number, last: number): { first: number; last: number } | null {
  if (size <= 0) return null;
  if (first < 0) return { first: Math.max(0, size + first), last: size - 1 };
  if (first >= size) return null;
  return { first, last: Math.min(last, size - 1) };
}

/** openRange's answer when nothing can be served of an object of `size` bytes (resolveByteRange gave null). */
export function unsatisfiableRange(size: number): StoredRange {
  return { size, first: 0, last: -1, stream: new ReadableStream<Uint8Array>({ start: (c) => c.close() }) };
}
