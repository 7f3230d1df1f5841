// Reads a multipart upload as a stream (busboy), writing each file to a
// temporary directory as it arrives, so that a CTV video of 204.8 MB (and
// several of them) is never held in memory. Each file is counted while it is
// written and cut off one byte past its limit: a file over the limit costs at
// most limit + 1 bytes of disk and is reported as such, not stored.
//
// Fields sent before the files (the upload component sends advertiserId and
// type first) let a file's limit be its kind's; a file that comes before the
// type is held to the largest limit, and checked again afterwards anyway.
import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import Busboy from "busboy";

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
}

export interface ReceiveOptions {
  fileField: string;
  maxFiles: number;
  /** A file's byte limit, given the fields received before it. */
  maxFileBytes: (fieldsSoFar: Record<string, string>) => number;
}

/** The body is not a multipart form (or breaks off midway). */
export class MultipartError extends Error {}

export async function receiveMultipart(request: Request, options: ReceiveOptions): Promise<ReceivedForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data/i.test(contentType)) throw new MultipartError("The upload is not a multipart form");
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "creative-upload-"));
  const form: ReceivedForm = { fields: {}, files: [], tooManyFiles: false, dir };
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: { "content-type": contentType },
      limits: { files: options.maxFiles, fields: 20, fieldSize: 1024, parts: options.maxFiles + 20 },
    });
  } catch {
    await removeReceived(form);
    throw new MultipartError("The upload is not a multipart form");
  }

  const writes: Promise<void>[] = [];
  parser.on("field", (name, value) => {
    form.fields[name] = value;
  });
  parser.on("filesLimit", () => {
    form.tooManyFiles = true;
  });
  parser.on("file", (field, stream, info) => {
    if (field !== options.fileField) {
      stream.resume(); // not ours: read and dropped
      return;
    }
    const limit = options.maxFileBytes(form.fields);
    const part: ReceivedPart = { name: info.filename || "file", path: path.join(dir, String(form.files.length)), size: 0, overLimit: false };
    form.files.push(part);
    const out = fs.createWriteStream(part.path);
    // Counts every chunk; past the limit the file is dropped and the rest only read.
    const counter = new Writable({
      write(chunk: Buffer, _encoding, done) {
        part.size += chunk.length;
        if (part.size > limit) {
          if (!part.overLimit) {
            part.overLimit = true;
            out.destroy();
          }
          return done();
        }
        out.write(chunk, done);
      },
      final(done) {
        if (part.overLimit) return done();
        out.end(done);
      },
    });
    writes.push(pipeline(stream, counter));
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>), parser);
    await Promise.all(writes);
  } catch {
    await removeReceived(form);
    throw new MultipartError("The upload broke off before it was complete");
  }
  for (const part of form.files) if (part.overLimit) await fsp.rm(part.path, { force: true });
  return form;
}

/** Removes the temporary files of a received form (always: stored files were copied out). */
export async function removeReceived(form: Pick<ReceivedForm, "dir">): Promise<void> {
  await fsp.rm(form.dir, { recursive: true, force: true });
}
