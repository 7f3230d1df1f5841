// Stored files (uploaded catalog feeds, advertiser images) behind one
// interface, FileStorage (./types.ts). Today the only backend is a local
// directory, STORAGE_DIR (default ./.data/uploads).
//
// Adding S3-compatible storage later: write `S3Storage implements FileStorage`
// in lib/storage/s3.ts (put → PutObject, read/open → GetObject with its Body as
// the stream, exists → HeadObject, delete → DeleteObject, list → ListObjectsV2
// pages with Prefix, all on `key` as the object key), choose it here from a
// new variable (e.g. STORAGE_URL=s3://bucket/prefix
// plus credentials, validated in lib/env.ts and listed in README's configuration
// table), and keep urlFor() returning /api/files/<key>: that route checks the
// licensee before streaming, which a public bucket URL would not. Keys stay the
// same, so URLs already stored in the database keep working after a copy.
import path from "node:path";
import { envFrom, type EnvSource } from "../env";
import { LocalDirectoryStorage } from "./local";
import type { FileStorage } from "./types";

export * from "./types";
export * from "./keys";
export { LocalDirectoryStorage } from "./local";

/** STORAGE_DIR (lib/env.ts), absolute; from `source` instead when given (tests). */
export function storageDir(source?: EnvSource): string {
  return path.resolve(/*turbopackIgnore: true*/ envFrom(source).STORAGE_DIR);
}

let cached: LocalDirectoryStorage | undefined;

/**
 * The configured backend. STORAGE_DIR is looked up on each call (env() is
 * cached) so tests that point it at a temporary directory after import still
 * take effect.
 */
export function storage(): FileStorage {
  const root = storageDir();
  if (cached?.root !== root) cached = new LocalDirectoryStorage(root);
  return cached;
}
