// Storage keys: "/"-separated segments of letters, digits, "_", "-" and "."
// (never "." or ".." alone), so a key can name nothing outside the storage root
// on any backend. Keys start with a namespace and the owning licensee's id
// ("catalog/<licenseeId>/...", "images/<licenseeId>/..."): the file route uses
// that id to serve a file only to its own licensee.
import crypto from "node:crypto";
import path from "node:path";
import { isValidKey } from "../validation/storage-key";
import { InvalidStorageKeyError } from "./types";

export { isValidKey };

/** Where the console serves stored files (app/api/files/[...key]/route.ts). */
export const FILES_ROUTE = "/api/files/";

export function assertValidKey(key: string): string {
  if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
  return key;
}

/**
 * A listing prefix (FileStorage.list): "" for everything, else a valid key
 * followed by "/", so a prefix never selects half a segment ("images/1" would
 * also list "images/12/...").
 */
export function assertValidListPrefix(prefix: string): string {
  if (prefix !== "" && !(prefix.endsWith("/") && isValidKey(prefix.slice(0, -1)))) throw new InvalidStorageKeyError(prefix);
  return prefix;
}

/** A file name safe on any file system and in a URL, keeping its extension readable. */
export function safeFileName(name: string, fallback = "file"): string {
  const base = path.basename(name.replace(/\\/g, "/")).normalize("NFKC");
  const cleaned = base.replace(/[^\w.-]+/g, "_").replace(/^[._]+/, "").slice(-120);
  return cleaned || fallback;
}

/**
 * A new, unguessable key `<prefix segments>/<uuid>/<safe file name>`. The uuid
 * folder keeps the original name readable (the image library shows the last
 * URL segment as the image's name) while two uploads of "logo.png" never collide.
 */
export function newObjectKey(prefix: readonly (string | number)[], fileName: string, fallback?: string): string {
  return assertValidKey([...prefix.map(String), crypto.randomUUID(), safeFileName(fileName, fallback)].join("/"));
}

/** The URL of a key: FILES_ROUTE plus the key (segments are URL-safe already). */
export function fileUrl(key: string): string {
  return FILES_ROUTE + assertValidKey(key);
}

/** The key behind a URL made by fileUrl(), or null for any other URL. */
export function keyFromFileUrl(url: string): string | null {
  if (typeof url !== "string" || !url.startsWith(FILES_ROUTE)) return null;
  const key = url.slice(FILES_ROUTE.length);
  return isValidKey(key) ? key : null;
}
