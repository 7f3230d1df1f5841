// The local-directory backend: objects are files under one root directory
// (STORAGE_DIR). With several containers that directory must be a volume they
// all share (or use the S3 backend, ./s3.ts): a feed uploaded to one container
// is parsed by the job worker of another, and an image may be served by any of them.
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, assertValidListPrefix, fileUrl, isValidKey } from "./keys";
import { resolveByteRange, unsatisfiableRange } from "./range";
import { InvalidStorageKeyError, StorageNotFoundError, type FileStorage, type StoredEntry, type StoredObject, type StoredRange } from "./types";

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT" || (e as NodeJS.ErrnoException)?.code === "ENOTDIR";

export class LocalDirectoryStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(/*turbopackIgnore: true*/ root);
  }

  /**
   * Key → absolute path. Keys are validated (no "..", no absolute paths) and
   * the resolved path is checked to stay inside the root as a second line.
   */
  resolve(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new InvalidStorageKeyError(key);
    return full;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.writeFile(full, bytes);
  }

  /**
   * Streams the file into a temporary name beside the target and renames it
   * into place, so a reader (another container on the shared volume) never
   * sees half a video; a failed copy leaves nothing behind.
   */
  async putFile(key: string, source: string): Promise<void> {
    const full = this.resolve(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const partial = `${full}.partial-${crypto.randomUUID()}`;
    try {
      await pipeline(fs.createReadStream(source), fs.createWriteStream(partial, { flags: "wx" }));
      await fsp.rename(partial, full);
    } catch (e) {
      await fsp.rm(partial, { force: true });
      throw e;
    }
  }

  async read(key: string): Promise<Uint8Array> {
    try {
      return new Uint8Array(await fsp.readFile(this.resolve(key)));
    } catch (e) {
      if (isMissing(e)) throw new StorageNotFoundError(key);
      throw e;
    }
  }

  async open(key: string): Promise<StoredObject | null> {
    const opened = await this.openFile(key);
    if (!opened) return null;
    // The stream owns the handle: it is closed when the stream ends or is cancelled.
    return { size: opened.size, stream: webStream(opened.handle.createReadStream({ autoClose: true })) };
  }

  async openRange(key: string, first: number, last: number): Promise<StoredRange | null> {
    const opened = await this.openFile(key);
    if (!opened) return null;
    const range = resolveByteRange(opened.size, first, last);
    if (!range) {
      await opened.handle.close();
      return unsatisfiableRange(opened.size);
    }
    const stream = webStream(opened.handle.createReadStream({ autoClose: true, start: range.first, end: range.last }));
    return { size: opened.size, ...range, stream };
  }

  /** An open handle on the file of `key` with its size, or null when there is no such file. */
  private async openFile(key: string): Promise<{ handle: fsp.FileHandle; size: number } | null> {
    const full = this.resolve(key);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(full, fs.constants.O_RDONLY);
    } catch (e) {
      if (isMissing(e) || (e as NodeJS.ErrnoException)?.code === "EISDIR") return null;
      throw e;
    }
    const stat = await handle.stat();
    if (!stat.isFile()) {
      await handle.close();
      return null;
    }
    return { handle, size: stat.size };
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.resolve(key))).isFile();
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  /**
   * Removes the file, and each folder above it that this leaves empty (keys
   * end in a per-upload uuid folder; an HTML5 archive's entries nest deeper),
   * up to the root. A folder another upload is being written to is not empty.
   */
  async delete(key: string): Promise<void> {
    const full = this.resolve(key);
    await fsp.rm(full, { force: true });
    for (let dir = path.dirname(full); dir.startsWith(this.root + path.sep); dir = path.dirname(dir)) {
      if (!(await fsp.rmdir(dir).then(() => true, () => false))) break;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    assertValidListPrefix(prefix);
    const start = prefix === "" ? this.root : this.resolve(prefix.slice(0, -1));
    // Depth first, one folder read at a time: a large store is never held in memory.
    const pending = [start];
    while (pending.length > 0) {
      const dir = pending.pop()!;
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch (e) {
        if (isMissing(e)) continue;
        throw e;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) pending.push(full);
        if (!entry.isFile()) continue; // symbolic links and the like are no objects of ours
        const stat = await fsp.stat(full).catch((e: unknown) => (isMissing(e) ? null : Promise.reject(e)));
        if (!stat) continue; // deleted meanwhile
        const key = path.relative(this.root, full).split(path.sep).join("/");
        if (isValidKey(key)) yield { key, size: stat.size, modifiedAt: stat.mtime };
      }
    }
  }

  urlFor(key: string): string {
    return fileUrl(key);
  }
}

const webStream = (nodeStream: fs.ReadStream) => Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>;
