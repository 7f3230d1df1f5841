// The files ffmpeg reads, made from our downloads (segments.ts): one file per
// segment and per init section (`segment-00001.ts`, `init-00001.mp4`), cut
// out of its download when the playlist names a byte range and decrypted when
// it names an AES-128 key, so ffmpeg needs neither ranges nor keys (nor the
// crypto protocol). Each must be media: one that starts like a playlist or an
// ffconcat script could make ffmpeg open other files by name. Then the
// playlist ffmpeg opens, written from the parsed values (playlist.ts
// localPlaylistText), naming only these files.
import { createDecipheriv } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ConversionError } from "./ffmpeg";
import { localPlaylistText, type ByteRange, type InitSection, type LocalSegment, type MediaPlaylist, type SegmentKey } from "./playlist";

export const LOCAL_FILE_MESSAGES = {
  nestedPlaylist: (label: string) => `${label} is a playlist, not media: only media segments can be converted`,
  badKey: "The encryption key is not 16 bytes long: it is not an AES-128 key",
  undecryptable: (label: string) => `${label} could not be decrypted with its key`,
  outOfRange: (label: string) => `${label}'s byte range lies beyond the end of its file`,
} as const;

export interface LocalPlaylist {
  /** The playlist ffmpeg opens: every line names a file of its directory. */
  playlistPath: string;
}

/** File types ffmpeg's HLS reader accepts by name (its allowed_extensions); anything else is named as the kind's usual one. */
const MEDIA_EXTENSIONS = new Set(["ts", "m4s", "mp4", "m4v", "m4a", "aac", "mp3", "ac3", "ec3", "mpg", "mpeg"]);

function extensionOf(uri: string, fallback: string): string {
  const extension = path.extname(new URL(uri).pathname).slice(1).toLowerCase();
  return MEDIA_EXTENSIONS.has(extension) ? extension : fallback;
}

const serial = (index: number) => String(index + 1).padStart(5, "0");

/** What to make one file of: its download, the part of it, the key. */
interface Part {
  download: string;
  byteRange: ByteRange | null;
  key: SegmentKey | null;
  iv: Buffer | null;
  label: string;
}

/**
 * Makes every segment's and init section's file in `dir` from `downloads`
 * (link → downloaded file) and writes the playlist naming them.
 * Throws ConversionError naming the file that cannot be used.
 */
export async function writeLocalFiles(media: MediaPlaylist, dir: string, downloads: Map<string, string>): Promise<LocalPlaylist> {
  const keys = new Map<string, Promise<Buffer>>();
  const keyOf = (key: SegmentKey) => {
    if (!keys.has(key.uri)) keys.set(key.uri, readKey(downloads.get(key.uri)!));
    return keys.get(key.uri)!;
  };
  const make = async (name: string, part: Part) => {
    await makeFile(path.join(dir, name), part, part.key ? await keyOf(part.key) : null);
    return name;
  };

  // Segments share one init section object while the playlist names no other (playlist.ts).
  const initFiles = new Map<InitSection, Promise<string>>();
  const initFileOf = (map: InitSection) => {
    if (!initFiles.has(map)) {
      const name = `init-${serial(initFiles.size)}.${extensionOf(map.uri, "mp4")}`;
      initFiles.set(map, make(name, { download: downloads.get(map.uri)!, byteRange: map.byteRange, key: map.key, iv: map.key?.iv ?? null, label: "The initialization segment" }));
    }
    return initFiles.get(map)!;
  };

  const local: LocalSegment[] = [];
  for (const [index, segment] of media.segments.entries()) {
    const label = `Segment ${index + 1} of ${media.segments.length}`;
    const file = await make(`segment-${serial(index)}.${extensionOf(segment.uri, "ts")}`, {
      download: downloads.get(segment.uri)!,
      byteRange: segment.byteRange,
      key: segment.key,
      iv: segment.key ? (segment.key.iv ?? sequenceIv(segment.sequence)) : null,
      label,
    });
    const initFile = segment.map ? await initFileOf(segment.map) : null;
    local.push({ file, seconds: segment.seconds, initFile, discontinuity: segment.discontinuity });
  }
  const playlistPath = path.join(dir, "playlist.m3u8");
  await fs.writeFile(playlistPath, localPlaylistText(local), { mode: 0o600, flag: "wx" });
  return { playlistPath };
}

async function readKey(file: string): Promise<Buffer> {
  const key = await fs.readFile(file);
  if (key.length !== 16) throw new ConversionError(LOCAL_FILE_MESSAGES.badKey);
  return key;
}

/** A key without an IV uses the segment's media sequence number, as a 128-bit big-endian number (RFC 8216 5.2). */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

async function makeFile(target: string, part: Part, key: Buffer | null): Promise<void> {
  const { size } = await fs.stat(part.download);
  const range = part.byteRange;
  if (range && range.offset + range.length > size) throw new ConversionError(LOCAL_FILE_MESSAGES.outOfRange(part.label));
  if (!range && !key) {
    await fs.link(part.download, target); // the whole download as it is: no copy
  } else {
    const source = createReadStream(part.download, range ? { start: range.offset, end: range.offset + range.length - 1 } : {});
    const sink = createWriteStream(target, { flags: "wx", mode: 0o600 });
    try {
      await (key ? pipeline(source, createDecipheriv("aes-128-cbc", key, part.iv), sink) : pipeline(source, sink));
    } catch (err) {
      // A wrong key or IV shows as bad padding at the end.
      if (key && (err as { code?: string }).code?.startsWith("ERR_OSSL")) throw new ConversionError(LOCAL_FILE_MESSAGES.undecryptable(part.label));
      throw err;
    }
  }
  if (await startsLikePlaylist(target)) throw new ConversionError(LOCAL_FILE_MESSAGES.nestedPlaylist(part.label));
}

async function startsLikePlaylist(filePath: string): Promise<boolean> {
  const file = await fs.open(filePath, "r");
  try {
    const head = Buffer.alloc(64);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const text = head.subarray(0, bytesRead).toString("latin1").replace(/^(\xEF\xBB\xBF|\s)+/, "");
    return /^(#EXTM3U|ffconcat)/i.test(text);
  } finally {
    await file.close();
  }
}
