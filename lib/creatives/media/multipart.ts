// Reads a multipart upload as a stream (busboy), writing each file to a
// temporary directory as it arrives, so that a CTV video of 204.8 MB (and
// several of them) is never held in memory. Each file is counted while it is
// written and cut off one byte past its limit: a file over the limit costs at
// most its limit in disk and is reported as such, not stored.
//
// Fields sent before the files (the upload component sends advertiserId and
// type first) let a file's limit be its kind's; a file that comes before the
// type is held to the largest limit, and checked again afterwards anyway.
//
// The uploading user's caps (lib/uploads/quota.ts) hold from before the
// temporary folder is made until removeReceived(): uploads at once, and the
// bytes written to temporary disk. An upload that breaks off (the body fails,
// the client hangs up and the request's signal aborts, a file cannot be
// written, the user's room runs out) stops reading, waits for its files to be
// closed and removes its folder before the error reaches the caller.
import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import Busboy from "busboy";
import { BodyTooLargeError, bodyStream } from "../../net/read-body";
import { beginUpload, UploadBusyError, UploadTooLargeError, type UploadLease } from "../../uploads/quota";
import { storableText } from "../../validation/strange-text";

export interface ReceivedPart {
  /** The name the browser gave (shown back to the user with its result or error). */
  name: string;
  /** Where the bytes were written; absent when the file was over its limit. */
  path: string;
  /** Bytes received (limit + 1 at most). */
  size: number;
  /** More bytes came than the limit allowed: the rest was read and dropped. */
  overLimit: boolean;
}

export interface ReceivedForm {
  fields: Record<string, string>;
  files: ReceivedPart[];
  /** More file parts than `maxFiles`: the extra ones were dropped unread. */
  tooManyFiles: boolean;
  /** The temporary directory holding the files: remove it with removeReceived(). */
  dir: string;
  /** The user's upload slot and counted bytes, given back by removeReceived(). */
  lease: UploadLease;
}

export interface ReceiveOptions {
  fileField: string;
  maxFiles: number;
  /** A file's byte limit, given the fields received before it. */
  maxFileBytes: (fieldsSoFar: Record<string, string>) => number;
  /** The uploading user: their uploads at once and temporary bytes are capped. */
  userId: number;
  /** The whole body's cap (default: the cap the route declared, lib/net/read-body.ts): past it, BodyTooLargeError (413). */
  maxBodyBytes?: number;
}

/** The body is not a multipart form (or breaks off midway, or is larger than the user's temporary room). */
export class MultipartError extends Error {}

const BROKE_OFF = "The upload broke off before it was complete";

/**
 * Streams the form's files to a new temporary folder. Throws UploadBusyError
 * (429) when the user's other uploads hold their room, BodyTooLargeError (413)
 * past the body's cap, MultipartError for anything else wrong with this
 * upload; whichever, nothing is left on disk.
 */
export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType)) throw new MultipartError("The upload is not a multipart form");
  let lease: UploadLease;
  try {
    lease = beginUpload(options.userId, Number(request.headers.get("content-length")) || 0);
  } catch (e) {
    if (e instanceof UploadTooLargeError) throw new MultipartError(e.message);
    throw e;
  }
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: options.maxFiles, fields: 20, fieldSize: 1024, parts: options.maxFiles + 20 },
    });
  } catch {
    lease.release();
    throw new MultipartError("The upload is not a multipart form");
  }
  let dir: string;
  try {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), "creative-upload-"));
  } catch (e) {
    lease.release();
    throw e;
  }
  const form: ReceivedForm = { fields: {}, files: [], tooManyFiles: false, dir, lease };

  // The first failure of any file stops the whole upload.
  const stop = new AbortController();
  let failure: unknown;
  const fail = (e: unknown) => {
    failure ??= e;
    stop.abort(e);
  };
  const writes: Promise<void>[] = [];
  const outputs: fs.WriteStream[] = [];
  parser.on("field", (name, value) => {
    form.fields[name] = value;
  });
  parser.on("filesLimit", () => {
    form.tooManyFiles = true;
  });
  parser.on("file", (field, stream, info) => {
    if (field !== options.fileField || failure !== undefined) {
      stream.resume(); // not ours (or the upload already failed): read and dropped
      return;
    }
    const limit = options.maxFileBytes(form.fields);
    const part: ReceivedPart = { name: storableText(info.filename || "") || "file", path: path.join(dir, String(form.files.length)), size: 0, overLimit: false };
    form.files.push(part);
    const out = fs.createWriteStream(part.path);
    outputs.push(out);
    // Counts every chunk; past the limit nothing more is written, the rest only read.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        part.size += chunk.length;
        if (part.size > limit) part.overLimit = true;
        if (part.overLimit) return done();
        try {
          lease.add(chunk.length);
        } catch (e) {
          return done(e as Error);
        }
        done(null, chunk);
      },
    });
    // Handled at once: a file failing after the form did must not go unnoticed.
    writes.push(pipeline(stream, counter, out).catch(fail));
  });

  const signal = AbortSignal.any([stop.signal, request.signal]);
  try {
    await pipeline(bodyStream(request, options.maxBodyBytes), parser, { signal });
    await Promise.all(writes);
    if (failure !== undefined) throw failure;
  } catch (e) {
    fail(e);
    await discard(form, writes, outputs);
    throw uploadError(failure);
  }
  for (const part of form.files) if (part.overLimit) await fsp.rm(part.path, { force: true });
  return form;
}

/** What the caller is told: the user's room taken by other uploads (429), a body over the route's cap (413), else why this upload failed. */
function uploadError(failure: unknown): Error {
  if (failure instanceof UploadBusyError || failure instanceof BodyTooLargeError) return failure;
  if (failure instanceof UploadTooLargeError) return new MultipartError(failure.message);
  return new MultipartError(BROKE_OFF);
}

/** Waits until every file of a failed upload is closed (an open file would outlive its folder), then removes the folder. */
async function discard(form: ReceivedForm, writes: Promise<void>[], outputs: fs.WriteStream[]): Promise<void> {
  await Promise.allSettled(writes);
  // Only "close" is awaited: a file that failed has said so to its pipeline already.
  await Promise.all(outputs.map((out) => (out.closed ? undefined : new Promise<void>((resolve) => out.once("close", () => resolve())))));
  await removeReceived(form);
}

/** Removes the temporary files of a received form (always: stored files were copied out) and gives the user's upload slot back. */
export async function removeReceived(form: Pick<ReceivedForm, "dir" | "lease">): Promise<void> {
  try {
    await fsp.rm(form.dir, { recursive: true, force: true });
  } finally {
    form.lease.release();
  }
}
