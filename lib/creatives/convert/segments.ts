// Downloading a checked media playlist's files ourselves (segments, EXT-X-MAP
// init sections, EXT-X-KEY keys) so that ffmpeg never touches the network:
// each through public-fetch.ts (the host checked and connected by the checked
// address, every redirect checked again, a size cap per file and in total, a
// timeout per file, the conversion's deadline over all), into the
// conversion's private directory under names we choose. The playlist ffmpeg
// reads is then written beside them, naming only those local files.
import fs from "node:fs/promises";
import path from "node:path";
import { ConversionError, FFMPEG_MESSAGES } from "./ffmpeg";
import { localPlaylist, type MediaPlaylist, type PlaylistResource } from "./playlist";
import { downloadPublic, formatBytes, PublicFetchError } from "./public-fetch";

export interface DownloadLimits {
  /** One segment, init section or key. */
  segmentMaxBytes: number;
  /** All of them together. */
  downloadMaxBytes: number;
  /** One file's download (the deadline below still applies). */
  segmentTimeoutMs: number;
  /** The conversion's whole run: its message when the deadline passes. */
  timeLimitMs: number;
}

export const DOWNLOAD_MESSAGES = {
  failed: (label: string, reason: string) => `${label} could not be downloaded: ${reason}`,
  nestedPlaylist: (label: string) => `${label} is a playlist, not media: only media segments can be converted`,
  totalTooLarge: (maxBytes: number) => `The video's segments are larger than ${formatBytes(maxBytes)} in total`,
} as const;

/** Several files at once: HLS videos are many small files, each a round trip. */
const PARALLEL_DOWNLOADS = 4;
/** File types ffmpeg's HLS reader accepts by name (its allowed_extensions); anything else is saved as .ts. */
const MEDIA_EXTENSIONS = new Set(["ts", "m4s", "mp4", "m4v", "m4a", "aac", "mp3", "ac3", "ec3", "mpg", "mpeg"]);

export interface LocalPlaylist {
  /** The playlist ffmpeg opens: every line names a file of its directory. */
  playlistPath: string;
  /** Keys need ffmpeg's `-allowed_extensions ALL` (a key file has no media extension). */
  hasKeys: boolean;
}

/** How a file is named in messages: "Segment 3 of 12", "The initialization segment", "The encryption key". */
function labelOf(resource: PlaylistResource, segmentNumber: number, segmentCount: number): string {
  if (resource.kind === "map") return "The initialization segment";
  if (resource.kind === "key") return "The encryption key";
  return `Segment ${segmentNumber} of ${segmentCount}`;
}

function localNameOf(resource: PlaylistResource, index: number): string {
  const serial = String(index + 1).padStart(5, "0");
  if (resource.kind === "key") return `key-${serial}.key`;
  const extension = path.extname(new URL(resource.uri).pathname).slice(1).toLowerCase();
  return `${resource.kind === "map" ? "init" : "segment"}-${serial}.${MEDIA_EXTENSIONS.has(extension) ? extension : "ts"}`;
}

/**
 * Downloads every file of `media` into `dir` and writes the local playlist.
 * Throws ConversionError saying which file failed and why (or that the
 * deadline passed). `onProgress(done, total)` after each file.
 */
export async function downloadPlaylistFiles(
  media: MediaPlaylist,
  dir: string,
  limits: DownloadLimits,
  deadline: number,
  onProgress?: (done: number, total: number) => void,
): Promise<LocalPlaylist> {
  const segmentCount = media.resources.filter((r) => r.kind === "segment").length;
  let segmentNumber = 0;
  const jobs = media.resources.map((resource, index) => ({
    resource,
    name: localNameOf(resource, index),
    label: labelOf(resource, resource.kind === "segment" ? ++segmentNumber : 0, segmentCount),
  }));
  const names = new Map(jobs.map((job) => [job.resource.uri, job.name]));

  let totalBytes = 0;
  let done = 0;
  let failure: Error | null = null;
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job && !failure; job = queue.shift()) {
      try {
        totalBytes += await downloadOne(job.resource, path.join(dir, job.name), job.label, limits, deadline);
        if (totalBytes > limits.downloadMaxBytes) throw new ConversionError(DOWNLOAD_MESSAGES.totalTooLarge(limits.downloadMaxBytes));
        onProgress?.(++done, jobs.length);
      } catch (err) {
        failure ??= err instanceof Error ? err : new Error(String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_DOWNLOADS, jobs.length) }, worker));
  if (failure) throw failure;

  const playlistPath = path.join(dir, "playlist.m3u8");
  await fs.writeFile(playlistPath, localPlaylist(media, (uri) => names.get(uri)!), { mode: 0o600 });
  return { playlistPath, hasKeys: jobs.some((job) => job.resource.kind === "key") };
}

async function downloadOne(resource: PlaylistResource, filePath: string, label: string, limits: DownloadLimits, deadline: number): Promise<number> {
  const remainingMs = deadline - Date.now();
  if (remainingMs <= 0) throw new ConversionError(FFMPEG_MESSAGES.tooLong(limits.timeLimitMs));
  let bytes: number;
  try {
    ({ bytes } = await downloadPublic(resource.uri, filePath, {
      maxBytes: limits.segmentMaxBytes,
      timeoutMs: Math.min(limits.segmentTimeoutMs, remainingMs),
    }));
  } catch (err) {
    if (!(err instanceof PublicFetchError)) throw err;
    // Cut short by the conversion's deadline rather than by the host's own slowness.
    if (Date.now() >= deadline) throw new ConversionError(FFMPEG_MESSAGES.tooLong(limits.timeLimitMs));
    throw new ConversionError(DOWNLOAD_MESSAGES.failed(label, err.message));
  }
  // A "segment" that is itself a playlist could make ffmpeg's HLS reader open
  // further files by name: only media is handed on.
  if (resource.kind !== "key" && (await startsLikePlaylist(filePath))) throw new ConversionError(DOWNLOAD_MESSAGES.nestedPlaylist(label));
  return bytes;
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
