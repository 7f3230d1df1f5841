// Reads a CRM file into keys (identifiers.ts), from a file on disk (an upload,
// streamed to a temporary file) or from downloaded bytes (a remote schedule).
// Compressed files are inflated as a stream under the catalog feeds' archive
// limits (lib/catalog/unzip.ts: FEED_ZIP_MAX_MB uncompressed bytes and
// FEED_ZIP_MAX_RATIO times the compressed bytes read so far beyond the first
// megabyte), so a small bomb cannot exhaust memory. A ZIP's first csv/txt
// entry is read (the catalog's entry rule); a gz file is one gzip stream.
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import zlib from "node:zlib";
import { FeedFormatError } from "../../catalog/records";
import { sizeText } from "../../catalog/schema";
import { inflateFeedEntry, RATIO_ALLOWANCE_BYTES, zipLimits } from "../../catalog/unzip";
import type { IdentifierType } from "../identifiers";
import { CRM_UPLOAD_MESSAGES, CrmFileError, CrmKeyCollector, type CrmEncoding, type CrmFileKind, type CrmFileSummary } from "./identifiers";

export interface CrmFileKeys {
  keys: Set<string>;
  summary: CrmFileSummary;
}

export interface CrmFileOptions {
  kind: CrmFileKind;
  encoding: CrmEncoding;
  identifierType: IdentifierType;
  maxLines?: number;
}

type Source = { path: string } | { bytes: Uint8Array };

const open = (source: Source): Readable => ("path" in source ? fs.createReadStream(source.path) : Readable.from([Buffer.from(source.bytes)]));

/** The keys and the summary of a CRM file; CrmFileError (a message for the user) when it cannot be read. */
export async function readCrmFile(source: Source, options: CrmFileOptions): Promise<CrmFileKeys> {
  const collector = new CrmKeyCollector(options.encoding, options.identifierType, options.maxLines);
  try {
    if (options.kind === "ZIP") await readZip(source, collector);
    else if (options.kind === "GZIP") await readGzip(open(source), collector);
    else for await (const chunk of open(source)) collector.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof FeedFormatError) throw new CrmFileError(err.message.replace("the feed was not read", "the file was not read"));
    throw err;
  }
  const summary = collector.finish();
  return { keys: collector.keys, summary };
}

/** A ZIP archive is read whole (it is at most MAX_CRM_FILE_BYTES); only its entry is inflated, piece by piece. */
async function readZip(source: Source, collector: CrmKeyCollector) {
  const archive = "path" in source ? new Uint8Array(await fsp.readFile(source.path)) : source.bytes;
  await inflateFeedEntry(archive, zipLimits(), (chunk) => {
    try {
      collector.push(chunk);
    } catch (err) {
      if (err instanceof CrmFileError) return err;
      throw err;
    }
  });
}

async function readGzip(compressed: Readable, collector: CrmKeyCollector) {
  const limits = zipLimits();
  let read = 0;
  let inflated = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  const gunzip = zlib.createGunzip({ chunkSize: 64 * 1024 });
  const stream = compressed.pipe(counter).pipe(gunzip);
  compressed.on("error", (e) => gunzip.destroy(e));
  try {
    for await (const chunk of stream) {
      inflated += (chunk as Buffer).length;
      if (inflated > limits.maxBytes) throw new CrmFileError(`The gz file is larger than ${sizeText(limits.maxBytes)} uncompressed: the file was not read`);
      if (inflated > limits.maxRatio * read + RATIO_ALLOWANCE_BYTES) {
        throw new CrmFileError(`The gz file expands more than ${limits.maxRatio} times its compressed size (a zip bomb?): the file was not read`);
      }
      collector.push(chunk as Buffer);
    }
  } catch (err) {
    stream.destroy();
    compressed.destroy();
    if (err instanceof CrmFileError) throw err;
    throw new CrmFileError(CRM_UPLOAD_MESSAGES.gzipUnreadable);
  }
}
