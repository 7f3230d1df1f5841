// Secrets the app must store and use again later (a feed server's password):
// AES-256-GCM with node:crypto, a random 96-bit IV per value and the 128-bit
// authentication tag, so a value altered in the database fails to decrypt
// instead of decrypting to something else.
//
// The key is SECRETS_ENCRYPTION_KEY (32 bytes, hex or base64), required with
// NODE_ENV=production (lib/env). In development and tests it is derived
// from AUTH_SECRET the way lib/auth/credentials.ts deriveSecret derives its
// secrets, so a fresh checkout needs no extra setting; values stored with a
// derived key cannot be read once SECRETS_ENCRYPTION_KEY is set (the owner of
// the secret enters it again).
//
// Stored form: "v1:" + base64url(iv ‖ tag ‖ ciphertext). `purpose` is bound
// in as additional authenticated data: a value encrypted for one purpose
// cannot be decrypted as another.
import crypto from "node:crypto";
import { deriveSecret } from "../auth/credentials";
import { decodeKey, envStrings } from "../env";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretDecryptionError extends Error {
  constructor() {
    super("A stored secret cannot be decrypted with the current key");
  }
}

function key(): Buffer {
  const config = envStrings(["SECRETS_ENCRYPTION_KEY", "AUTH_SECRET", "NODE_ENV"]);
  if (config.SECRETS_ENCRYPTION_KEY) return decodeKey(config.SECRETS_ENCRYPTION_KEY)!; // validated by lib/env
  if (config.NODE_ENV === "production") throw new Error("SECRETS_ENCRYPTION_KEY is required in production");
  return Buffer.from(deriveSecret("secrets-encryption-key", config), "hex");
}

export function encryptSecret(plaintext: string, purpose: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(purpose, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
}

/** Throws SecretDecryptionError for a value altered, stored for another purpose or under another key. */
export function decryptSecret(stored: string, purpose: string): string {
  const [version, payload] = stored.split(":", 2);
  const raw = version === VERSION && payload ? Buffer.from(payload, "base64url") : Buffer.alloc(0);
  if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(purpose, "utf8"));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretDecryptionError();
  }
}
