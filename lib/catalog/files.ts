// Uploaded feed files, kept in the shared file storage (lib/storage) under
// catalog/<licenseeId>/<uuid>/<file name>. With several containers the storage
// must be shared: the worker that parses a feed may run in another container
// than the one that received the upload.
import { newObjectKey, safeFileName as safeName, storage, storageDir } from "../storage";

export { storageDir };

/** A file name safe on any file system, keeping its extension readable ("feed" when nothing is left). */
export function safeFileName(name: string): string {
  return safeName(name, "feed");
}

/** Stores an upload as catalog/<licenseeId>/<uuid>/<file name>; returns that key. */
export async function storeFeedFile(licenseeId: number, fileName: string, bytes: Uint8Array): Promise<string> {
  const key = newObjectKey(["catalog", licenseeId], fileName, "feed");
  await storage().put(key, bytes);
  return key;
}

export async function readFeedFile(key: string): Promise<Uint8Array> {
  return storage().read(key);
}

/** Removes a stored file (and its folder once empty); a missing file is not an error. */
export async function deleteFeedFile(key: string): Promise<void> {
  await storage().delete(key);
}

/** The uploaded file's name, for display. */
export function storedFileName(key: string): string {
  return key.split("/").pop() ?? key;
}
