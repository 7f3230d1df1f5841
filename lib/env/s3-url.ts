// STORAGE_URL=s3://<bucket>[/<prefix>]: where the S3 backend (lib/storage/s3.ts)
// keeps objects. Read by ./schema.ts (validation) and lib/storage/index.ts
// (choosing the backend).
import { isValidKey } from "../validation/storage-key";

export interface S3Location {
  bucket: string;
  /** "" or a valid key ("media/prod"): every object key starts with it and "/". */
  prefix: string;
}

/** S3's bucket naming rules: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The bucket and prefix of an s3:// URL, or null when it is not one (a trailing "/" is allowed). */
export function parseS3StorageUrl(url: string): S3Location | null {
  const match = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url.trim());
  if (!match) return null;
  const [, bucket, rest = ""] = match;
  const prefix = rest.replace(/\/$/, "");
  if (!BUCKET.test(bucket) || bucket.includes("..")) return null;
  if (prefix !== "" && !isValidKey(prefix)) return null;
  return { bucket, prefix };
}
