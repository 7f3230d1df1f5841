// The S3 backend (STORAGE_URL=s3://bucket[/prefix]): objects in a bucket that
// every container reaches, so a file uploaded through one is served by any
// other. Object keys are the storage keys under the configured prefix
// ("<prefix>/images/12/..."), so a local STORAGE_DIR copied into the bucket
// keeps every stored URL working. AWS S3 or any S3-compatible store (MinIO,
// s3rver) reached through an endpoint.
import fsp from "node:fs/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type GetObjectCommandOutput,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertValidKey, assertValidListPrefix, fileUrl, isValidKey } from "./keys";
import { resolveByteRange, unsatisfiableRange } from "./range";
import type { S3Location } from "../env/s3-url";
import { StorageNotFoundError, type FileStorage, type StoredEntry, type StoredObject, type StoredRange } from "./types";

export interface S3StorageSettings extends S3Location {
  /** An S3-compatible store's URL; unset: AWS itself. */
  endpoint?: string;
  region: string;
  /** Requests to <endpoint>/<bucket>/<key> instead of <bucket>.<endpoint>/<key> (most self-hosted stores need this). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * Part size of putFile's multipart uploads (S3's minimum is 5 MiB). A file
   * up to one part goes up in one PutObject.
   */
  partSizeBytes?: number;
}

/** Memory an upload holds at most is part size × parts in flight: 32 MiB. */
const DEFAULT_PART_SIZE_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * A streamed file holds its connection until the reader has it all or goes
 * away (a paused <video> can hold one for minutes), so the SDK's default of
 * 50 sockets per client would queue every other request behind 50 viewers.
 */
const MAX_SOCKETS = 256;

export function s3ClientFor(settings: S3StorageSettings): S3Client {
  const config: S3ClientConfig = {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: MAX_SOCKETS }, httpsAgent: { maxSockets: MAX_SOCKETS } },
  };
  if (settings.endpoint) {
    // Since early 2025 the SDK sends a CRC32 checksum with every upload, as a
    // header or, for streamed bodies, as an aws-chunked trailer, and validates
    // checksums of downloads. S3-compatible stores that predate this (s3rver,
    // older MinIO and Ceph, several hosted ones) refuse or mis-store such
    // requests, so off AWS the checksums go only where an operation requires
    // them. On AWS itself the defaults stay.
    config.requestChecksumCalculation = "WHEN_REQUIRED";
    config.responseChecksumValidation = "WHEN_REQUIRED";
  }
  return new S3Client(config);
}

/**
 * The store's answer for an object that is not there: NoSuchKey for a GET,
 * NotFound for a HEAD (which has no body to name an error). NoSuchBucket is
 * not one: a wrong bucket must fail loudly, not look like an empty store.
 */
function isMissing(e: unknown): boolean {
  const name = (e as { name?: unknown })?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

const isUnsatisfiable = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 416;

/** "bytes <first>-<last>/<size>" of a ranged GET's answer. */
function parseContentRange(header: string | undefined): { first: number; last: number; size: number } | null {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header.trim()) : null;
  return match ? { first: Number(match[1]), last: Number(match[2]), size: Number(match[3]) } : null;
}

function webStreamOf(output: GetObjectCommandOutput): ReadableStream<Uint8Array> {
  return output.Body ? (output.Body.transformToWebStream() as ReadableStream<Uint8Array>) : unsatisfiableRange(0).stream;
}

/** `length` bytes of `stream` after its first `skip`; the rest is never read (the source is cancelled). */
function sliceStream(stream: ReadableStream<Uint8Array>, skip: number, length: number): ReadableStream<Uint8Array> {
  let position = 0;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(skip - position, 0);
        const to = Math.min(skip + length - position, chunk.length);
        position += chunk.length;
        if (to > from) controller.enqueue(chunk.subarray(from, to));
        if (position >= skip + length) controller.terminate();
      },
    }),
  );
}

export class S3Storage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** "" or the key prefix with its trailing "/". */
  private readonly base: string;
  private readonly partSizeBytes: number;

  constructor(settings: S3StorageSettings, client: S3Client = s3ClientFor(settings)) {
    this.client = client;
    this.bucket = settings.bucket;
    this.base = settings.prefix ? `${settings.prefix}/` : "";
    this.partSizeBytes = settings.partSizeBytes ?? DEFAULT_PART_SIZE_BYTES;
  }

  /** Storage key → object key in the bucket. */
  private objectKey(key: string): string {
    return this.base + assertValidKey(key);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Body: bytes }));
  }

  /**
   * Streams the file up in parts (never whole in memory); the object appears
   * only when the last part is in, and a failed upload is aborted, so no
   * reader sees part of it.
   */
  async putFile(key: string, source: string): Promise<void> {
    const objectKey = this.objectKey(key);
    // Opened first, so a missing source fails with ENOENT before any request.
    const body = (await fsp.open(source, "r")).createReadStream();
    try {
      const upload = new Upload({
        client: this.client,
        params: { Bucket: this.bucket, Key: objectKey, Body: body },
        partSize: this.partSizeBytes,
        queueSize: PARTS_IN_FLIGHT,
      });
      await upload.done();
    } finally {
      body.destroy(); // closes the file, also when the upload stopped half way
    }
  }

  async read(key: string): Promise<Uint8Array> {
    const output = await this.get(key);
    if (!output) throw new StorageNotFoundError(key);
    return output.Body ? output.Body.transformToByteArray() : new Uint8Array(0);
  }

  async open(key: string): Promise<StoredObject | null> {
    const output = await this.get(key);
    return output ? { size: output.ContentLength ?? 0, stream: webStreamOf(output) } : null;
  }

  /**
   * A range from a known start is one GET: its Content-Range gives the size.
   * A suffix (`bytes=-N`), a start past the end and an empty object need the
   * size first (HEAD), and then ask for exact bounds: some S3-compatible
   * stores get suffix ranges wrong.
   */
  async openRange(key: string, first: number, last: number): Promise<StoredRange | null> {
    if (first >= 0) {
      const direct = await this.getRange(key, first, last).catch((e: unknown) => (isUnsatisfiable(e) ? undefined : Promise.reject(e)));
      if (direct !== undefined) return direct;
    }
    const size = await this.sizeOf(key);
    if (size === null) return null;
    const range = resolveByteRange(size, first, last);
    if (!range) return unsatisfiableRange(size);
    return this.getRange(key, range.first, range.last);
  }

  /**
   * A ranged GET, answered with exactly the bytes resolveByteRange gives, or
   * null when the object is missing. A store may answer more than was asked
   * (the whole object, as HTTP allows, or a wider range: s3rver reads
   * `bytes=0-0` as "from 0"): the surplus is cut off here.
   */
  private async getRange(key: string, first: number, last: number): Promise<StoredRange | null> {
    const output = await this.get(key, `bytes=${first}-${last}`);
    if (!output) return null;
    const size = output.ContentLength ?? 0;
    const served = output.ContentRange ? parseContentRange(output.ContentRange) : { first: 0, last: size - 1, size };
    const wanted = served && resolveByteRange(served.size, first, last);
    if (!served || !wanted || served.first > wanted.first || served.last < wanted.last) {
      await output.Body?.transformToWebStream().cancel();
      if (served && !wanted) return unsatisfiableRange(served.size);
      throw new Error(`storage: the S3 store answered bytes ${first}-${last} of ${key} with Content-Range ${output.ContentRange ?? "(none)"}`);
    }
    const stream = webStreamOf(output);
    const exact = served.first === wanted.first && served.last === wanted.last;
    return { size: served.size, ...wanted, stream: exact ? stream : sliceStream(stream, wanted.first - served.first, wanted.last - wanted.first + 1) };
  }

  private async get(key: string, range?: string): Promise<GetObjectCommandOutput | null> {
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key), Range: range }));
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  private async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return head.ContentLength ?? 0;
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.sizeOf(key)) !== null;
  }

  /** S3 answers 204 for a missing object too; there are no folders to clean up. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** ListObjectsV2 page by page (1,000 keys each): a large bucket is never held in memory. */
  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertValidListPrefix(prefix);
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: this.base + prefix });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.startsWith(this.base) ? object.Key.slice(this.base.length) : null;
        // Another tool's "folder/" markers and keys we could never have written are no objects of ours.
        if (key && isValidKey(key)) yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }

  urlFor(key: string): string {
    return fileUrl(key);
  }
}
