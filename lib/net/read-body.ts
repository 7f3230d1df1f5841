// The one way a route reads a request body: counted as it streams in and cut
// off at a cap, since a declared Content-Length may lie or be absent (chunked).
// A route declares its cap once (the REST router registers each operation's
// declared cap for the request, lib/api/router.ts); every reader defaults to it,
// and a body over it is BodyTooLargeError (413) without the rest being read.
// ESLint forbids reading a request body anywhere else (eslint.config.mjs).
import { Readable } from "node:stream";
import { BodyTooLargeError } from "../errors";
import { validationError } from "../validation/errors";
import { BODY_NOT_OBJECT, BODY_NOT_UTF8, strangeTextPath, STRANGE_TEXT_MESSAGE } from "./body-rules";

export { BodyTooLargeError };

const MB = 1024 * 1024;

/** The cap of a JSON body when the route declares none: the console's JSON inputs are a few KB. */
export const JSON_BODY_LIMIT_BYTES = 1 * MB;

/**
 * The cap of a delivery ingestion batch: 100,000 rows (MAX_BATCH_ROWS) naming
 * all 45 fields take about 80 MB as JSON with small values (94 MB with
 * six-digit counts) and 18-33 MB as CSV.
 */
export const INGESTION_BODY_LIMIT_BYTES = 128 * MB;

const routeLimits = new WeakMap<Request, number>();

/** Declares the cap of this request's body (the REST router does, from the operation's bodyLimitBytes). */
export function declareBodyLimit(request: Request, limitBytes: number): void {
  routeLimits.set(request, limitBytes);
}

/** The cap declared for this request, else the JSON default. */
export function bodyLimitOf(request: Request): number {
  return routeLimits.get(request) ?? JSON_BODY_LIMIT_BYTES;
}

/**
 * Throws BodyTooLargeError when the request declares a Content-Length over
 * `limitBytes`: refused before a byte is read. Node's HTTP parser never
 * delivers more than a declared length, so a declared length can be trusted;
 * a body without one is counted as it is read.
 */
export function refuseDeclaredOverLimit(request: Request, limitBytes: number = bodyLimitOf(request)): void {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > limitBytes) throw new BodyTooLargeError(limitBytes);
}

/**
 * The body as a stream of chunks, counted: the iteration throws
 * BodyTooLargeError as soon as the total passes `limitBytes`, and the rest
 * of the body is never read.
 */
export async function* bodyChunks(request: Request, limitBytes: number = bodyLimitOf(request)): AsyncGenerator<Uint8Array> {
  refuseDeclaredOverLimit(request, limitBytes);
  if (!request.body) return;
  const reader = request.body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > limitBytes) throw new BodyTooLargeError(limitBytes);
      yield value;
    }
  } finally {
    // Stops the upload on the way out, whether the reader finished, failed or stopped early.
    await reader.cancel().catch(() => undefined);
  }
}

/** The body as a Node stream with the same cap (for stream parsers: csv-parse, busboy). */
export function bodyStream(request: Request, limitBytes: number = bodyLimitOf(request)): Readable {
  return Readable.from(bodyChunks(request, limitBytes), { objectMode: false });
}

/** The whole body, at most `limitBytes` (else BodyTooLargeError). */
export async function readBodyBytes(request: Request, limitBytes: number = bodyLimitOf(request)): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(request, limitBytes)) {
    chunks.push(chunk);
    total += chunk.byteLength;
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The whole body, or null as soon as it passes `maxBytes`: for routes that
 * answer an oversized upload with their own message (a file field's error)
 * rather than a bare 413.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return await readBodyBytes(request, maxBytes);
  } catch (e) {
    if (e instanceof BodyTooLargeError) return null;
    throw e;
  }
}

/** The body as UTF-8 text (400 when it is not UTF-8). */
export async function readBodyText(request: Request, limitBytes: number = bodyLimitOf(request)): Promise<string> {
  const bytes = await readBodyBytes(request, limitBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw validationError([], BODY_NOT_UTF8);
  }
}

/**
 * The body as a JSON object (400 otherwise). A string anywhere in it (a key or
 * a value) holding NUL or a lone surrogate is refused beside its field: such
 * text cannot be stored, whatever the route does with it.
 */
export async function readJsonBody(request: Request, limitBytes: number = bodyLimitOf(request)): Promise<Record<string, unknown>> {
  return parseJsonObject(await readJsonText(request, limitBytes));
}

/** The same for a route whose body may be left out: an empty body is `{}`. */
export async function readOptionalJsonBody(request: Request, limitBytes: number = bodyLimitOf(request)): Promise<Record<string, unknown>> {
  const text = await readJsonText(request, limitBytes);
  return text.trim() === "" ? {} : parseJsonObject(text);
}

function readJsonText(request: Request, limitBytes: number): Promise<string> {
  return readBodyText(request, limitBytes).catch((e: unknown) => {
    if (e instanceof BodyTooLargeError) throw e;
    throw validationError([], BODY_NOT_OBJECT);
  });
}

function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = text.trim() === "" ? undefined : JSON.parse(text);
  } catch {
    throw validationError([], BODY_NOT_OBJECT);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw validationError([], BODY_NOT_OBJECT);
  const strange = strangeTextPath(body);
  if (strange) throw validationError(strange.map(String), STRANGE_TEXT_MESSAGE);
  return body as Record<string, unknown>;
}
