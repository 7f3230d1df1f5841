// What the FTP and SFTP downloaders share: the link feed they get, the
// messages a user reads when a download fails (ours, generic: what the remote
// server said goes to the log only), and the checked address they connect to
// (lib/net: the host is resolved once, every address must be public, and the
// connection goes to the address that was checked, never to the name again).
import { HostNotAllowedError, resolvePublicHost } from "../net/resolve";
import type { CheckedAddress } from "../net/address-policy";
import { log } from "../log";
import { endpointOf } from "./link";

/** A reason a feed could not be fetched, in words a user may read. */
export class FeedSourceError extends Error {}

/** The SFTP server presented another key than the one pinned on the feed. */
export class HostKeyChangedError extends FeedSourceError {
  constructor(readonly presented: string) {
    super(FEED_HOST_MESSAGES.hostKeyChanged(presented));
  }
}

export const FEED_HOST_MESSAGES = {
  unreachable: "Could not connect to the feed host",
  loginRefused: "Could not connect to the feed host: the username or password was refused",
  notFound: "Could not download the feed: the file does not exist on the feed host or may not be read",
  sftpUsername: "Could not connect to the feed host: SFTP needs a username",
  noAnswer: (seconds: number) => `Could not connect to the feed host: no answer for ${seconds} s`,
  hostKeyChanged: (presented: string) =>
    `The SFTP server's host key has changed (it now presents ${presented}), so the feed was not downloaded. ` +
    "If the server's key was changed on purpose, open the feed, choose Edit and save the link again to accept the new key.",
} as const;

/** A link feed as the downloaders get it: the link without credentials, the credentials beside it. */
export interface RemoteFeed {
  link: string;
  username: string;
  password: string;
  /** SFTP: the fingerprint pinned on the feed (null before the first download). */
  hostKeySha256?: string | null;
  /** FTP: explicit TLS (FTPS, AUTH TLS), the certificate checked against the link's host name. */
  secure?: boolean;
}

export interface DownloadLimits {
  maxBytes?: number;
  /** Give up after this long without an answer from the server. */
  timeoutMs?: number;
}

/** Both protocols give up after this long without an answer from the server. */
export const FEED_DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * The checked address of a link's host (lib/net): the downloaders connect to
 * it, never to the name. A refused or unknown host is the generic message.
 */
export async function feedHostAddress(link: string): Promise<CheckedAddress> {
  const { host } = endpointOf(link);
  try {
    return await resolvePublicHost(host);
  } catch (err) {
    if (!(err instanceof HostNotAllowedError)) throw err;
    log.warn("catalog: feed host refused", { host, reason: err.reason, detail: err.detail });
    throw new FeedSourceError(FEED_HOST_MESSAGES.unreachable);
  }
}

/** Logs what the remote side said and returns the user's (generic) message for it. */
export function remoteFailure(link: string, message: string, detail: unknown): FeedSourceError {
  const { protocol, host, port } = endpointOf(link);
  log.warn("catalog: feed download failed", { protocol, host, port, detail: detail instanceof Error ? detail.message : String(detail) });
  return new FeedSourceError(message);
}
