// Saving a link feed's link and credentials (create and edit forms):
// - the host is checked at save time with the guard every run uses (lib/net),
//   so a link to an internal address is refused beside the link field;
// - the password is encrypted into its own column, never kept in the link;
// - an empty password field keeps the stored password, but only for the same
//   server and user: a new host, port, protocol or username needs the password
//   again (otherwise the stored password would be sent to the new host);
// - the pinned SFTP host key belongs to the server: a new server starts over
//   (pinned on its first download); a re-save of the same link accepts the new
//   key a run reported (the only way to accept one).
import type { CatalogFeed } from "../generated/prisma/client";
import type { ChangedField } from "../audit/diff";
import { validationError } from "../validation/errors";
import { parseAddressLiteral } from "../net/address-policy";
import { HostNotAllowedError, resolvePublicHost } from "../net/resolve";
import { hasStoredPassword, sealedStoredPassword, sealPassword, storedPassword, StoredPasswordError } from "./credentials";
import { endpointOf, formatFromLink, linkWithUser, sameEndpoint, splitLink } from "./link";
import { linkProtocol, type FeedUpdateValues } from "./schema";

export const LINK_MESSAGES = {
  internal: "This link points to a private or internal network address: feeds must come from a public server",
  // One message for a name that resolves to an internal address and one that
  // does not resolve: two would let a user map our internal DNS names.
  notFound: "The feed host could not be found or is not a public server: check the host name",
  passwordAgain: "Enter the password again: the host, port or username changed",
} as const;

/**
 * Refuses, as a field error on `link`, a host that does not resolve or is not
 * public. An address typed as such may be called internal (that tells the
 * user nothing new); a name gets the same answer whether it is unknown or
 * resolves inside our network.
 */
export async function checkLinkHost(link: string): Promise<void> {
  const { host } = endpointOf(link);
  try {
    await resolvePublicHost(host);
  } catch (err) {
    if (!(err instanceof HostNotAllowedError)) throw err;
    const literal = parseAddressLiteral(host) !== null;
    throw validationError(["link"], literal && err.reason === "internal" ? LINK_MESSAGES.internal : LINK_MESSAGES.notFound);
  }
}

/** The stored password, or null when it can no longer be decrypted (the key changed): any typed one is new. */
function readableStoredPassword(feed: CatalogFeed): string | null {
  try {
    return storedPassword(feed);
  } catch (err) {
    if (err instanceof StoredPasswordError) return null;
    throw err;
  }
}

type LinkColumns = Pick<CatalogFeed, "sourceType" | "format" | "sourceUrl" | "sourcePasswordEncrypted">;

/** The columns of a new link feed. A password without a username is not kept (anonymous FTP). */
export function newLinkColumns(link: string, username: string, password: string): LinkColumns {
  return {
    sourceType: linkProtocol(link),
    format: formatFromLink(link),
    sourceUrl: linkWithUser(link, username),
    sourcePasswordEncrypted: username && password ? sealPassword(password) : null,
  };
}

export interface LinkEdit {
  changes: Partial<CatalogFeed>;
  /** Audit lines the form's visible fields do not show: a new password, an accepted host key. */
  hiddenChanges: ChangedField[];
}

/** The columns an edit of a link feed writes; throws a field error when the password is needed again. */
export function editLinkColumns(before: CatalogFeed & { sourceUrl: string }, data: FeedUpdateValues): LinkEdit {
  const old = splitLink(before.sourceUrl);
  const link = data.link ?? old.link;
  const moved = !sameEndpoint(endpointOf(link), endpointOf(old.link));
  const newUser = data.username !== old.username;
  const hiddenChanges: ChangedField[] = [];
  let password: string | null;
  if (!data.username) password = null;
  else if (data.password && data.password !== readableStoredPassword(before)) {
    password = sealPassword(data.password);
    hiddenChanges.push({ fieldName: "credentials", oldValue: "(hidden)", newValue: "(changed)" });
  } else if (!data.password && (moved || newUser) && hasStoredPassword(before)) throw validationError(["password"], LINK_MESSAGES.passwordAgain);
  else password = sealedStoredPassword(before); // kept, or typed again unchanged

  const changes: Partial<CatalogFeed> = { ...newLinkColumns(link, data.username, ""), sourcePasswordEncrypted: password };
  if (moved) Object.assign(changes, { sftpHostKeySha256: null, sftpNewHostKeySha256: null });
  else if (before.sftpNewHostKeySha256) {
    Object.assign(changes, { sftpHostKeySha256: before.sftpNewHostKeySha256, sftpNewHostKeySha256: null });
    hiddenChanges.push({ fieldName: "sftpHostKey", oldValue: before.sftpHostKeySha256, newValue: before.sftpNewHostKeySha256 });
  }
  return { changes, hiddenChanges };
}
