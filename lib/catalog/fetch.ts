// Gets a feed's bytes from where it lives: the uploaded file, an FTP link
// (ftp.ts, basic-ftp) or an SFTP link (sftp.ts, ssh2's pure JavaScript client:
// its optional native crypto binding is not built, see allowScripts in
// package.json). Remote hosts are checked and connected to as remote.ts says;
// the decrypted password is only ever handed to the FTP or SSH login.
import type { CatalogFeed } from "../generated/prisma/client";
import { storedPassword, StoredPasswordError } from "./credentials";
import { readFeedFile } from "./files";
import { downloadFtp } from "./ftp";
import { splitLink } from "./link";
import { FeedSourceError } from "./remote";
import { MAX_FEED_BYTES } from "./schema";
import { downloadSftp } from "./sftp";

export { FeedSourceError, HostKeyChangedError, FEED_HOST_MESSAGES } from "./remote";

export type FeedSource = Pick<CatalogFeed, "sourceType" | "sourceUrl" | "storedFilePath" | "sourcePasswordEncrypted" | "sftpHostKeySha256">;

export interface FetchedFeed {
  bytes: Uint8Array;
  /** SFTP: the fingerprint of the key the server presented (pinned on the feed on first use). */
  hostKeySha256?: string;
}

export async function fetchFeed(source: FeedSource, maxBytes = MAX_FEED_BYTES): Promise<FetchedFeed> {
  if (source.sourceType === "FILE") {
    if (!source.storedFilePath) throw new FeedSourceError("The uploaded file is missing");
    try {
      return { bytes: await readFeedFile(source.storedFilePath) };
    } catch {
      throw new FeedSourceError("The uploaded file cannot be read from storage");
    }
  }
  if (!source.sourceUrl) throw new FeedSourceError("The feed has no link");
  const { link, username } = splitLink(source.sourceUrl);
  let password: string;
  try {
    password = storedPassword(source);
  } catch (err) {
    if (err instanceof StoredPasswordError) throw new FeedSourceError(err.message);
    throw err;
  }
  const remote = { link, username, password, hostKeySha256: source.sftpHostKeySha256 };
  if (source.sourceType === "FTP") return { bytes: await downloadFtp(remote, { maxBytes }) };
  return downloadSftp(remote, { maxBytes });
}

