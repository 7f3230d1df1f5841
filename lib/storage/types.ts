// The storage interface every backend implements. Callers only ever hold keys
// ("images/12/34/LOGO/<uuid>/logo.png"): never paths or bucket URLs, so the
// backend can change without touching callers or the URLs stored in the database.
export interface StoredObject {
  /** Size in bytes. */
  size: number;
  /** The content, for streaming into a Response without buffering it. */
  stream: ReadableStream<Uint8Array>;
}

/** Part of an object (HTTP Range): bytes `first`..`last`, both inclusive. */
export interface StoredRange {
  /** The whole object's size in bytes (Content-Range's "/<size>"). */
  size: number;
  first: number;
  last: number;
  /** Only the range's bytes. */
  stream: ReadableStream<Uint8Array>;
}

/** One object of a listing: its key, size and when it was last written. */
export interface StoredEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface FileStorage {
  /** Writes (or overwrites) the object at `key`. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Writes (or overwrites) the object at `key` with the content of the local
   * file `path` without holding it in memory (uploads of videos up to 204.8
   * MB arrive as temporary files). Readers never see a half-written object.
   */
  putFile(key: string, path: string): Promise<void>;
  /** The whole object; StorageNotFoundError when there is none. */
  read(key: string): Promise<Uint8Array>;
  /** The object as a stream, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  /**
   * Bytes `first`..`last` (inclusive; `last` past the end means "to the end")
   * of the object, or null when there is none. A negative `first` asks for
   * the last -first bytes (`bytes=-N`; `last` is then ignored). When `first`
   * is at or past the end the answer is the object's size with an empty range
   * (`last` < `first`), which the caller answers with 416. resolveByteRange
   * (./range.ts) does this arithmetic for every backend.
   */
  openRange(key: string, first: number, last: number): Promise<StoredRange | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object whose key starts with `prefix` ("" for all, else a valid key
   * followed by "/"), in no particular order, with its size and last write
   * time (an S3 ListObjectsV2 gives Key, Size and LastModified alike). An
   * absent prefix lists nothing. The sweep of unreferenced uploads reads it.
   */
  list(prefix: string): AsyncIterable<StoredEntry>;
  /**
   * The URL the console serves the object under. Always our own route
   * (/api/files/<key>), whatever the backend: that route checks the session's
   * licensee before anything is returned.
   */
  urlFor(key: string): string;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`storage: no object at ${key}`);
  }
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`storage: invalid key ${JSON.stringify(key).slice(0, 200)}`);
  }
}
