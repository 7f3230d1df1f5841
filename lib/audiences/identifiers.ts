// How a user is known to audiences without storing who they are: the userKey
// of UserEvent and AudienceMember is the SHA-256 hex of the identifier in its
// canonical form (device ids lower-cased, IPs as written), so the same device
// seen by the pixel, an MMP postback or a CRM file gets the same key, and the
// raw identifier never reaches the database. Pure (node:crypto only).
import { createHash } from "node:crypto";

export type IdentifierType = "ADID" | "IP";

/** The canonical form two spellings of one identifier share. */
export function canonicalIdentifier(raw: string, type: IdentifierType): string {
  const trimmed = raw.trim();
  return type === "ADID" ? trimmed.toLowerCase() : trimmed;
}

/** The stored key of a raw identifier. */
export function userKeyOf(raw: string, type: IdentifierType): string {
  return createHash("sha256").update(canonicalIdentifier(raw, type)).digest("hex");
}
