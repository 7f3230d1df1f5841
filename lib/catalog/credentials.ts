// A link feed's credentials as the server uses them: the user name from the
// stored link, the password decrypted from its own column (or, for a link
// stored by an earlier version, still inside the link). Only fetch.ts and the
// mutations see a plaintext password; it is never returned to a browser.
import type { CatalogFeed } from "../generated/prisma/client";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../crypto/secrets";
import { splitLink } from "./link";

/** Bound into every encrypted feed password: it cannot be decrypted as any other secret. */
const PASSWORD_PURPOSE = "catalog-feed-password";

export type StoredCredentials = Pick<CatalogFeed, "sourceUrl" | "sourcePasswordEncrypted">;

export class StoredPasswordError extends Error {
  constructor() {
    super("The stored password of this feed cannot be read (the encryption key changed): enter the password again");
  }
}

export function sealPassword(password: string): string {
  return encryptSecret(password, PASSWORD_PURPOSE);
}

export function hasStoredPassword(feed: StoredCredentials): boolean {
  return !!feed.sourcePasswordEncrypted || (!!feed.sourceUrl && splitLink(feed.sourceUrl).legacyPassword !== "");
}

/** The plaintext password ("" when there is none). Throws StoredPasswordError when it cannot be decrypted. */
export function storedPassword(feed: StoredCredentials): string {
  if (feed.sourcePasswordEncrypted) {
    try {
      return decryptSecret(feed.sourcePasswordEncrypted, PASSWORD_PURPOSE);
    } catch (err) {
      if (err instanceof SecretDecryptionError) throw new StoredPasswordError();
      throw err;
    }
  }
  return feed.sourceUrl ? splitLink(feed.sourceUrl).legacyPassword : "";
}

/** The encrypted column for a password kept as it is: a legacy one gets encrypted now. */
export function sealedStoredPassword(feed: StoredCredentials): string | null {
  if (feed.sourcePasswordEncrypted) return feed.sourcePasswordEncrypted;
  const legacy = feed.sourceUrl ? splitLink(feed.sourceUrl).legacyPassword : "";
  return legacy ? sealPassword(legacy) : null;
}
