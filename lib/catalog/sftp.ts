// SFTP downloads (ssh2's pure JavaScript client) to the checked address of the
// link's host. The server's host key is pinned on first use: the caller stores
// the fingerprint this returns, and a later download whose server presents
// another key stops before logging in (so the password is never sent to it)
// with HostKeyChangedError. Password authentication only.
import crypto from "node:crypto";
import { Client as SshClient, type SFTPWrapper } from "ssh2";
import { MAX_FEED_BYTES, sizeLimitMessage } from "./schema";
import {
  FEED_DOWNLOAD_TIMEOUT_MS,
  FEED_HOST_MESSAGES,
  feedHostAddress,
  FeedSourceError,
  HostKeyChangedError,
  remoteFailure,
  type DownloadLimits,
  type RemoteFeed,
} from "./remote";
import { endpointOf } from "./link";
import { log } from "../log";

/** The fingerprint as `ssh-keygen -l` prints it: SHA256:<base64 without padding> of the public key blob. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${crypto.createHash("sha256").update(key).digest("base64").replace(/=+$/, "")}`;
}

/**
 * Downloads an sftp:// link into memory, refusing more than maxBytes (by the
 * size the server reports, and again while reading) and giving up after
 * timeoutMs without an answer (handshake, login or any read). Resolves with the
 * bytes and the fingerprint of the key the server presented.
 */
export async function downloadSftp(remote: RemoteFeed, limits: DownloadLimits = {}): Promise<{ bytes: Uint8Array; hostKeySha256: string }> {
  const maxBytes = limits.maxBytes ?? MAX_FEED_BYTES;
  const timeoutMs = limits.timeoutMs ?? FEED_DOWNLOAD_TIMEOUT_MS;
  if (!remote.username) throw new FeedSourceError(FEED_HOST_MESSAGES.sftpUsername);
  const target = await feedHostAddress(remote.link);
  const remotePath = decodeURIComponent(new URL(remote.link).pathname);
  const client = new SshClient();
  let presented = "";
  return new Promise((resolve, reject) => {
    let done = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (result: Error | Uint8Array) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (result instanceof Error) {
        client.destroy();
        reject(result);
      } else {
        client.end();
        resolve({ bytes: result, hostKeySha256: presented });
      }
    };
    /** Our message for the user; what the server said is logged, once, by the failure that counts. */
    const fail = (message: string, detail: unknown) => {
      if (!done) finish(remoteFailure(remote.link, message, detail));
    };
    /** Called on every answer from the server: restarts the no-answer clock. */
    const answered = () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(FEED_HOST_MESSAGES.noAnswer(timeoutMs / 1000), "time-out"), timeoutMs);
    };
    const keyChanged = () => !!remote.hostKeySha256 && presented !== "" && presented !== remote.hostKeySha256;

    const refuseKey = () => {
      if (done) return;
      log.warn("catalog: SFTP host key changed", { ...endpointOf(remote.link), pinned: remote.hostKeySha256, presented });
      finish(new HostKeyChangedError(presented));
    };
    client.on("error", (err: Error & { level?: string }) => {
      if (keyChanged()) return refuseKey();
      fail(err.level === "client-authentication" ? FEED_HOST_MESSAGES.loginRefused : FEED_HOST_MESSAGES.unreachable, err);
    });
    client.on("close", () => (keyChanged() ? refuseKey() : fail(FEED_HOST_MESSAGES.unreachable, "connection closed")));
    client.on("ready", () => {
      answered();
      client.sftp((err, sftp) => {
        if (err) return fail(FEED_HOST_MESSAGES.unreachable, err);
        answered();
        read(sftp);
      });
    });

    const read = (sftp: SFTPWrapper) =>
      sftp.stat(remotePath, (err, stats) => {
        if (err) return fail(sftpMessage(err), err);
        answered();
        if (!stats.isFile()) return fail(FEED_HOST_MESSAGES.notFound, `${remotePath} is not a file`);
        if (stats.size > maxBytes) return finish(new FeedSourceError(sizeLimitMessage(maxBytes)));
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = sftp.createReadStream(remotePath);
        stream.on("error", (e: Error) => fail(sftpMessage(e), e));
        stream.on("data", (chunk: Buffer) => {
          answered();
          size += chunk.length;
          if (size > maxBytes) {
            stream.destroy();
            return finish(new FeedSourceError(sizeLimitMessage(maxBytes)));
          }
          chunks.push(Buffer.from(chunk)); // the stream reuses its buffer pool
        });
        stream.on("end", () => finish(new Uint8Array(Buffer.concat(chunks))));
      });

    answered();
    client.connect({
      host: target.address,
      port: endpointOf(remote.link).port,
      username: remote.username,
      password: remote.password,
      readyTimeout: timeoutMs,
      tryKeyboard: false,
      // Before authentication: a server with another key than the pinned one never sees the password.
      hostVerifier: (key: Buffer) => {
        presented = hostKeyFingerprint(key);
        return !keyChanged();
      },
    });
  });
}

/** SFTP status 2 (SSH_FX_NO_SUCH_FILE) and 3 (SSH_FX_PERMISSION_DENIED) both mean: not this file. */
function sftpMessage(err: Error & { code?: unknown }): string {
  return err.code === 2 || err.code === 3 ? FEED_HOST_MESSAGES.notFound : FEED_HOST_MESSAGES.unreachable;
}
