// Stored files (uploaded catalog feeds, advertiser images, creatives, exports,
// report files) behind one interface, FileStorage (./types.ts). Two backends:
// a local directory, STORAGE_DIR (default ./.data/uploads; with several
// containers a volume they all share), or, when STORAGE_URL=s3://bucket/prefix
// is set, an S3-compatible bucket (./s3.ts, settings STORAGE_S3_* in
// lib/env). Keys are the same on both, and urlFor() is always our own
// /api/files/<key>, which checks the licensee before streaming (a public bucket
// URL would not): URLs stored in the database keep working after a copy of the
// folder into the bucket.
import path from "node:path";
import { env, envFrom, type Env, type EnvSource } from "../env";
import { LocalDirectoryStorage } from "./local";
import { S3Storage, type S3StorageSettings } from "./s3";
import { parseS3StorageUrl } from "../env/s3-url";
import type { FileStorage } from "./types";

export * from "./types";
export * from "./keys";
export { LocalDirectoryStorage } from "./local";
export { S3Storage } from "./s3";

/** STORAGE_DIR (lib/env), absolute; from `source` instead when given (tests). */
export function storageDir(source?: EnvSource): string {
  return path.resolve(/*turbopackIgnore: true*/ envFrom(source).STORAGE_DIR);
}

/** The S3 backend's settings when STORAGE_URL is set, else null (the local directory). */
export function s3StorageSettings(config: Env): S3StorageSettings | null {
  const location = config.STORAGE_URL ? parseS3StorageUrl(config.STORAGE_URL) : null;
  if (!location) return null;
  const { STORAGE_S3_ACCESS_KEY_ID: accessKeyId, STORAGE_S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return {
    ...location,
    endpoint: config.STORAGE_S3_ENDPOINT,
    region: config.STORAGE_S3_REGION,
    forcePathStyle: config.STORAGE_S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

let cached: { settings: string; store: FileStorage } | undefined;

/**
 * The configured backend. The settings are looked up on each call (env() is
 * cached) so tests that point STORAGE_DIR at a temporary directory after
 * import still take effect; a backend is made again only when they change.
 */
export function storage(): FileStorage {
  const config = env();
  const s3 = s3StorageSettings(config);
  const settings = JSON.stringify(s3 ?? { root: storageDir() });
  if (cached?.settings !== settings) cached = { settings, store: s3 ? new S3Storage(s3) : new LocalDirectoryStorage(storageDir()) };
  return cached.store;
}
