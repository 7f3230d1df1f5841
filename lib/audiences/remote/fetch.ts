// Downloads the file of a remote upload schedule with the catalog feeds'
// downloaders, so the same outbound rules hold (lib/net: the host is resolved
// once, every address must be public unless FEED_ALLOW_PRIVATE_HOSTS, a
// tests-only setting, allows it; the connection goes to the checked address):
// FTP and FTPS (basic-ftp, FTPS as explicit TLS), SFTP and SSH (ssh2, the
// server's host key pinned on first use), HTTP and HTTPS (the creatives'
// public fetch, basic credentials sent only to the link's own host). Every
// download is capped at MAX_CRM_FILE_BYTES and gives up after 30 s without an
// answer. Failures are RemoteFileError in words a user may read (what the
// remote side said goes to the log only); the password is never in them.
import "server-only";
import { downloadFtp } from "../../catalog/ftp";
import { FeedSourceError, FEED_DOWNLOAD_TIMEOUT_MS, HostKeyChangedError } from "../../catalog/remote";
import { downloadSftp } from "../../catalog/sftp";
import { fetchPublic, PublicFetchError } from "../../creatives/convert/public-fetch";
import { MAX_CRM_FILE_BYTES } from "../upload/identifiers";
import type { RemoteProtocolName } from "./schema";

export class RemoteFileError extends Error {}

/** The SFTP server presents another key than the pinned one. */
export class RemoteHostKeyChangedError extends RemoteFileError {
  constructor(readonly presented: string) {
    super(
      `The SFTP server's host key has changed (it now presents ${presented}), so the file was not downloaded. ` +
        "If the server's key was changed on purpose, save the remote upload schedule again to accept the new key.",
    );
  }
}

export interface RemoteTarget {
  protocol: RemoteProtocolName;
  /** Without protocol: host[:port]/path. */
  url: string;
  username: string;
  password: string;
  hostKeySha256: string | null;
}

export interface DownloadedFile {
  bytes: Uint8Array;
  /** SFTP and SSH: the key the server presented (pinned on first use). */
  hostKeySha256?: string;
}

const SCHEME: Record<RemoteProtocolName, string> = { FTP: "ftp", FTPS: "ftp", SFTP: "sftp", SSH: "sftp", HTTP: "http", HTTPS: "https" };

/** The full link a schedule's protocol and URL name. */
export function remoteLink(protocol: RemoteProtocolName, url: string): string {
  return `${SCHEME[protocol]}://${url.trim()}`;
}

/** The catalog's messages speak of "the feed": the same reasons, about a file. */
const inOurWords = (message: string) => message.replaceAll("feed host", "remote host").replaceAll("the feed", "the file");

export async function downloadRemoteFile(target: RemoteTarget, maxBytes: number = MAX_CRM_FILE_BYTES): Promise<DownloadedFile> {
  const link = remoteLink(target.protocol, target.url);
  const limits = { maxBytes, timeoutMs: FEED_DOWNLOAD_TIMEOUT_MS };
  try {
    switch (target.protocol) {
      case "FTP":
      case "FTPS":
        return { bytes: await downloadFtp({ link, username: target.username, password: target.password, secure: target.protocol === "FTPS" }, limits) };
      case "SFTP":
      case "SSH":
        return await downloadSftp({ link, username: target.username, password: target.password, hostKeySha256: target.hostKeySha256 }, limits);
      case "HTTP":
      case "HTTPS": {
        const basicAuth = target.username ? { username: target.username, password: target.password } : undefined;
        const answer = await fetchPublic(link, { ...limits, basicAuth });
        return { bytes: new Uint8Array(answer.body) };
      }
    }
  } catch (err) {
    if (err instanceof HostKeyChangedError) throw new RemoteHostKeyChangedError(err.presented);
    if (err instanceof FeedSourceError || err instanceof PublicFetchError) throw new RemoteFileError(inOurWords(err.message));
    throw err;
  }
}
