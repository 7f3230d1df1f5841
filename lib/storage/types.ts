// The storage interface every backend implements. Callers only ever hold keys
// ("images/12/34/LOGO/<uuid>/logo.png"): never paths or bucket URLs, so the
// backend can change without touching callers or the URLs stored in the database.
export interface StoredObject {
  /** Size in bytes. */
  size: number;
  /** The content, for streaming into a Response without buffering it. */
  stream: ReadableStream<Uint8Array>;
}

export interface FileStorage {
  /** Writes (or overwrites) the object at `key`. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The whole object; StorageNotFoundError when there is none. */
  read(key: string): Promise<Uint8Array>;
  /** The object as a stream, or null when there is none. */
  open(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
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
