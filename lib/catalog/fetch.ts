// Gets a feed's bytes from where it lives: the uploaded file, or an FTP link
// (basic-ftp). SFTP needs an SSH client (ssh2 has native parts and is not
// installed), so SFTP feeds fail with a status that says so.
import { Writable } from "node:stream";
import { Client } from "basic-ftp";
import { readFeedFile } from "./files";
import { MAX_FEED_BYTES, sizeLimitMessage } from "./schema";

export class FeedSourceError extends Error {}

export const SFTP_UNSUPPORTED =
  "SFTP links are not supported yet: this server has no SFTP client. Use an FTP link or upload the file.";

export interface FeedSource {
  sourceType: "FILE" | "FTP" | "SFTP";
  sourceUrl: string | null;
  storedFilePath: string | null;
}

const FTP_TIMEOUT_MS = 30_000;

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
      throw new FeedSourceError(SFTP_UNSUPPORTED);
  }
}

/** Downloads ftp://[user[:password]@]host[:port]/path into memory, refusing more than maxBytes. */
export async function downloadFtp(link: string, maxBytes = MAX_FEED_BYTES): Promise<Uint8Array> {
  const url = new URL(link);
  const client = new Client(FTP_TIMEOUT_MS);
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
