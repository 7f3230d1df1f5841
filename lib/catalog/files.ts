// Uploaded feed files on local disk, under STORAGE_DIR (default ./.data/uploads).
// To be consolidated into lib/storage once it exists. With several containers
// STORAGE_DIR must be a volume they all share: the worker that parses a feed
// may run in another container than the one that received the upload.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export function storageDir(env: Record<string, string | undefined> = process.env): string {
  return path.resolve(/*turbopackIgnore: true*/ env.STORAGE_DIR || "./.data/uploads");
}

/** Storage key → absolute path, refusing keys that would leave the storage directory. */
function resolveKey(key: string): string {
  const root = storageDir();
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error(`storage: invalid key ${key}`);
  return full;
}

/** A file name safe on any file system, keeping its extension readable. */
export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, "/")).normalize("NFKC");
  const cleaned = base.replace(/[^\w.-]+/g, "_").replace(/^[._]+/, "").slice(-120);
  return cleaned || "feed";
}

/** Stores an upload as catalog/<licenseeId>/<uuid>/<file name>; returns that key. */
export async function storeFeedFile(licenseeId: number, fileName: string, bytes: Uint8Array): Promise<string> {
  const key = `catalog/${licenseeId}/${crypto.randomUUID()}/${safeFileName(fileName)}`;
  const full = resolveKey(key);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, bytes);
  return key;
}

export async function readFeedFile(key: string): Promise<Uint8Array> {
  return new Uint8Array(await fs.readFile(resolveKey(key)));
}

/** Removes a stored file (and its folder once empty); a missing file is not an error. */
export async function deleteFeedFile(key: string): Promise<void> {
  const full = resolveKey(key);
  await fs.rm(full, { force: true });
  await fs.rmdir(path.dirname(full)).catch(() => {});
}

/** The uploaded file's name, for display. */
export function storedFileName(key: string): string {
  return key.split("/").pop() ?? key;
}
