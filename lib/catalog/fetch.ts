// Gets a feed's bytes from where it lives: the uploaded file, an FTP link
// (basic-ftp) or an SFTP link (ssh2's SFTP client, pure JavaScript: its
// optional native crypto binding is not built, see allowScripts in
// package.json). Links carry their credentials (lib/catalog/link.ts); the
// password is only ever handed to the FTP or SSH login, never put in a message.
import { Writable } from "node:stream";
import { Client } from "basic-ftp";
import { Client as SshClient, type SFTPWrapper } from "ssh2";
import { readFeedFile } from "./files";
import { MAX_FEED_BYTES, sizeLimitMessage } from "./schema";

export class FeedSourceError extends Error {}

export interface FeedSource {
  sourceType: "FILE" | "FTP" | "SFTP";
  sourceUrl: string | null;
  storedFilePath: string | null;
}

/** Both protocols give up after this long without an answer from the server. */
export const FEED_DOWNLOAD_TIMEOUT_MS = 30_000;

export async function fetchFeed(source: FeedSource, maxBytes = MAX_FEED_BYTES): Promise<Uint8Array> {
  switch (source.sourceType) {
    case "FILE":
      if (!source.storedFilePath) throw new FeedSourceError("The uploaded file is missing");
      try {
        return await readFeedFile(source.storedFilePath);
      } catch {
        throw new FeedSourceError("The uploaded file cannot be read from storage");
      }
    case "FTP":
      if (!source.sourceUrl) throw new FeedSourceError("The feed has no link");
      return downloadFtp(source.sourceUrl, maxBytes);
    case "SFTP":
      if (!source.sourceUrl) throw new FeedSourceError("The feed has no link");
      return downloadSftp(source.sourceUrl, maxBytes);
  }
}

/** Downloads ftp://[user[:password]@]host[:port]/path into memory, refusing more than maxBytes. */
export async function downloadFtp(link: string, maxBytes = MAX_FEED_BYTES): Promise<Uint8Array> {
  const url = new URL(link);
  const client = new Client(FEED_DOWNLOAD_TIMEOUT_MS);
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
      host: url.hostname,
      port: url.port ? Number(url.port) : 21,
      user: url.username ? decodeURIComponent(url.username) : "anonymous",
      password: url.password ? decodeURIComponent(url.password) : "anonymous@",
    });
    await client.downloadTo(sink, decodeURIComponent(url.pathname));
    const refused = tooLarge();
    if (refused) throw refused;
    return new Uint8Array(Buffer.concat(chunks));
  } catch (err) {
    if (err instanceof FeedSourceError) throw err;
    const refused = tooLarge();
    if (refused) throw refused;
    const reason = err instanceof Error ? err.message : String(err);
    throw new FeedSourceError(`The feed could not be downloaded from ${url.hostname}: ${reason}`);
  } finally {
    client.close();
  }
}

/**
 * Downloads sftp://user[:password]@host[:port]/path into memory, refusing more
 * than maxBytes (by the size the server reports, and again while reading) and
 * giving up after timeoutMs without an answer (handshake, login or any read).
 * Password authentication only; the server's host key is not checked (no
 * known-hosts list exists for customers' servers, as with plain FTP).
 */
export function downloadSftp(link: string, maxBytes = MAX_FEED_BYTES, timeoutMs = FEED_DOWNLOAD_TIMEOUT_MS): Promise<Uint8Array> {
  const url = new URL(link);
  const host = url.hostname;
  const remotePath = decodeURIComponent(url.pathname);
  const failure = (reason: string) => new FeedSourceError(`The feed could not be downloaded from ${host}: ${reason}`);
  const username = decodeURIComponent(url.username);
  if (!username) return Promise.reject(failure("SFTP needs a username"));

  const client = new SshClient();
  return new Promise<Uint8Array>((resolve, reject) => {
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
        resolve(result);
      }
    };
    /** Called on every answer from the server: restarts the no-answer clock. */
    const answered = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(failure(`no answer from the server for ${timeoutMs / 1000} s`)), timeoutMs);
    };

    client.on("error", (err: Error & { level?: string }) =>
      finish(failure(err.level === "client-authentication" ? "the server refused the username or password" : err.message)),
    );
    client.on("close", () => finish(failure("the server closed the connection")));
    client.on("ready", () => {
      answered();
      client.sftp((err, sftp) => {
        if (err) return finish(failure(err.message));
        answered();
        read(sftp);
      });
    });

    const read = (sftp: SFTPWrapper) =>
      sftp.stat(remotePath, (err, stats) => {
        if (err) return finish(failure(sftpReason(err, remotePath)));
        answered();
        if (!stats.isFile()) return finish(failure(`${remotePath} is not a file`));
        if (stats.size > maxBytes) return finish(new FeedSourceError(sizeLimitMessage(maxBytes)));
        const chunks: Buffer[] = [];
        let size = 0;
        const stream = sftp.createReadStream(remotePath);
        stream.on("error", (e: Error) => finish(failure(sftpReason(e, remotePath))));
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
      host,
      port: url.port ? Number(url.port) : 22,
      username,
      password: decodeURIComponent(url.password),
      readyTimeout: timeoutMs,
      tryKeyboard: false,
    });
  });
}

/** SFTP status codes 2 and 3 (SSH_FX_NO_SUCH_FILE, SSH_FX_PERMISSION_DENIED) in words. */
function sftpReason(err: Error & { code?: unknown }, remotePath: string): string {
  if (err.code === 2) return `no such file ${remotePath}`;
  if (err.code === 3) return `permission denied for ${remotePath}`;
  return err.message;
}
