// FTP downloads (basic-ftp) to the checked address of the link's host. Data
// connections: EPSV always goes to the control connection's address; a PASV
// answer naming another host is refused (allowSeparateTransferHost: false,
// basic-ftp's FTP-bounce protection, stated here so that no upgrade of its
// defaults can turn it off).
import { Writable } from "node:stream";
import { Client, FTPError } from "basic-ftp";
import { MAX_FEED_BYTES, sizeLimitMessage } from "./schema";
import {
  FEED_DOWNLOAD_TIMEOUT_MS,
  FEED_HOST_MESSAGES,
  feedHostAddress,
  FeedSourceError,
  remoteFailure,
  type DownloadLimits,
  type RemoteFeed,
} from "./remote";
import { endpointOf } from "./link";

/** FTP replies we put in our own words: 530 not logged in, 550 file unavailable. */
function userMessage(err: unknown): string {
  if (err instanceof FTPError && err.code === 530) return FEED_HOST_MESSAGES.loginRefused;
  if (err instanceof FTPError && err.code === 550) return FEED_HOST_MESSAGES.notFound;
  return FEED_HOST_MESSAGES.unreachable;
}

/** Downloads an ftp:// link into memory, refusing more than maxBytes. */
export async function downloadFtp(remote: RemoteFeed, limits: DownloadLimits = {}): Promise<Uint8Array> {
  const maxBytes = limits.maxBytes ?? MAX_FEED_BYTES;
  const target = await feedHostAddress(remote.link);
  const client = new Client(limits.timeoutMs ?? FEED_DOWNLOAD_TIMEOUT_MS, { allowSeparateTransferHost: false });
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new FeedSourceError(sizeLimitMessage(maxBytes)));
      chunks.push(chunk);
      done();
    },
  });
  // The transfer may end (226) before the stream's error reaches basic-ftp: check the size either way.
  const tooLarge = () => (size > maxBytes ? new FeedSourceError(sizeLimitMessage(maxBytes)) : null);
  try {
    await client.access({
      host: target.address,
      port: endpointOf(remote.link).port,
      user: remote.username || "anonymous",
      password: remote.password || "anonymous@",
      secure: remote.secure ?? false,
      // The connection goes to the checked address; TLS still verifies the name the link gave.
      ...(remote.secure ? { secureOptions: { servername: endpointOf(remote.link).host } } : {}),
    });
    await client.downloadTo(sink, decodeURIComponent(new URL(remote.link).pathname));
    const refused = tooLarge();
    if (refused) throw refused;
    return new Uint8Array(Buffer.concat(chunks));
  } catch (err) {
    if (err instanceof FeedSourceError) throw err;
    const refused = tooLarge();
    if (refused) throw refused;
    throw remoteFailure(remote.link, userMessage(err), err);
  } finally {
    client.close();
  }
}
