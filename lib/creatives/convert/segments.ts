// Downloading a checked media playlist's files ourselves (segments, EXT-X-MAP
// init sections, EXT-X-KEY keys) so that ffmpeg never opens a link: each
// through public-fetch.ts (the host checked and connected by the checked
// address, every redirect checked again, a size cap per file and in total, a
// timeout per file, the conversion's deadline over all), into the
// conversion's private directory under names we choose. local-files.ts then
// makes the files ffmpeg reads out of them and the playlist naming only those.
import path from "node:path";
import { ConversionError, FFMPEG_MESSAGES } from "./ffmpeg";
import { writeLocalFiles, type LocalPlaylist } from "./local-files";
import type { MediaPlaylist, PlaylistResource } from "./playlist";
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
  totalTooLarge: (maxBytes: number) => `The video's segments are larger than ${formatBytes(maxBytes)} in total`,
} as const;

/** Several files at once: HLS videos are many small files, each a round trip. */
const PARALLEL_DOWNLOADS = 4;
/** An AES-128 key is 16 bytes: a larger answer is not one. */
const KEY_MAX_BYTES = 1000;

/** How a file is named in messages: "Segment 3 of 12", "The initialization segment", "The encryption key". */
function labelOf(resource: PlaylistResource, segmentNumber: number, segmentCount: number): string {
  if (resource.kind === "map") return "The initialization segment";
  if (resource.kind === "key") return "The encryption key";
  return `Segment ${segmentNumber} of ${segmentCount}`;
}

/**
 * Downloads every file of `media` into `dir`, then makes the files and the
 * playlist ffmpeg reads (local-files.ts).
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
    // No extension: ffmpeg never reads these, only what local-files.ts makes of them.
    name: `download-${String(index + 1).padStart(5, "0")}`,
    label: labelOf(resource, resource.kind === "segment" ? ++segmentNumber : 0, segmentCount),
  }));

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

  return writeLocalFiles(media, dir, new Map(jobs.map((job) => [job.resource.uri, path.join(dir, job.name)])));
}

async function downloadOne(resource: PlaylistResource, filePath: string, label: string, limits: DownloadLimits, deadline: number): Promise<number> {
  const remainingMs = deadline - Date.now();
  if (remainingMs <= 0) throw new ConversionError(FFMPEG_MESSAGES.tooLong(limits.timeLimitMs));
  let bytes: number;
  try {
    ({ bytes } = await downloadPublic(resource.uri, filePath, {
      maxBytes: resource.kind === "key" ? KEY_MAX_BYTES : limits.segmentMaxBytes,
      timeoutMs: Math.min(limits.segmentTimeoutMs, remainingMs),
    }));
  } catch (err) {
    if (!(err instanceof PublicFetchError)) throw err;
    // Cut short by the conversion's deadline rather than by the host's own slowness.
    if (Date.now() >= deadline) throw new ConversionError(FFMPEG_MESSAGES.tooLong(limits.timeLimitMs));
    throw new ConversionError(DOWNLOAD_MESSAGES.failed(label, err.message));
  }
  return bytes;
}
