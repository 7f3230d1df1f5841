// The one rule for a stored file's key (also a storage prefix in STORAGE_URL):
// "/"-separated segments of letters, digits, "_", "." and "-", none "." or
// "..", at most 1,024 characters in all. Here, below both the storage and the
// configuration that validates STORAGE_URL.
const SEGMENT = /^[A-Za-z0-9_.-]{1,200}$/;
const MAX_KEY_LENGTH = 1024;

export function isValidKey(key: string): boolean {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split("/").every((s) => SEGMENT.test(s) && s !== "." && s !== "..");
}
