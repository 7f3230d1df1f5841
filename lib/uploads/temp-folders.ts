// Temporary folders the app makes under os.tmpdir() for uploads and media
// work. Each request or job removes its own folder when it ends, broken off or
// not; what is left belongs to a process that died (a crash, a deploy, a
// killed container keeps its /tmp across a restart). Every server process
// sweeps at start and then hourly, itself: the folders are this container's
// own disk, which a job run by whichever container takes it could not reach.
//
// A folder is stale when nothing in it changed for UPLOAD_TEMP_MAX_AGE_HOURS
// (6 by default): a file still being written is touched with every chunk, and
// no upload or conversion stays silent that long.
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { env } from "../env";
import { isBuildPhase } from "../jobs/config";
import { log } from "../log";

/** Folders of one request or job: the upload (lib/creatives/media/multipart.ts), the re-read at save, the HLS conversion. */
export const WORK_FOLDER_PREFIXES = ["creative-upload-", "creative-reread-", "hls-convert-"] as const;
/**
 * Copies of the bundled ffprobe and ffmpeg binaries, which the media code
 * made once per process when the packaged binary was not executable for us,
 * and used for the whole life of that process: swept at start only, never
 * from under a process that is running.
 */
export const BINARY_COPY_PREFIXES = ["ffprobe-", "ffmpeg-"] as const;

export interface TempSweepOptions {
  /** Where to look (default os.tmpdir()). */
  root?: string;
  prefixes: readonly string[];
  maxAgeMs: number;
  now?: Date;
}

export const tempMaxAgeMs = () => env().UPLOAD_TEMP_MAX_AGE_HOURS * 3_600_000;

/**
 * Whether anything in `dir` (itself, or any entry below it) was changed at or
 * after `since`. Stops at the first recent entry.
 */
async function changedSince(dir: string, since: number): Promise<boolean> {
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop()!;
    const entries = await fsp.readdir(current, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      const stat = await fsp.lstat(full).catch(() => null);
      if (stat && stat.mtimeMs >= since) return true;
      if (entry.isDirectory()) pending.push(full);
    }
  }
  return false;
}

/**
 * Removes the folders of `root` named with one of `prefixes`, owned by this
 * process's user, whose contents did not change for `maxAgeMs`. Anything else
 * (files, links, other users' folders, recent ones) is left alone. Returns the
 * names removed.
 */
export async function sweepTempFolders({ root = os.tmpdir(), prefixes, maxAgeMs, now = new Date() }: TempSweepOptions): Promise<string[]> {
  const since = now.getTime() - maxAgeMs;
  const uid = process.getuid?.();
  const removed: string[] = [];
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  for (const name of names) {
    // mkdtemp adds six characters to the prefix: a longer or shorter name is not ours.
    if (!prefixes.some((p) => name.length === p.length + 6 && name.startsWith(p))) continue;
    const full = path.join(root, name);
    const stat = await fsp.lstat(full).catch(() => null);
    if (!stat?.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
    if (stat.mtimeMs >= since || (await changedSince(full, since))) continue;
    try {
      await fsp.rm(full, { recursive: true, force: true });
      removed.push(name);
    } catch (err) {
      log.warn("uploads: a stale temporary folder could not be removed", { folder: full, err });
    }
  }
  if (removed.length > 0) log.info("uploads: stale temporary folders removed", { count: removed.length, folders: removed.slice(0, 20) });
  return removed;
}

const HOUR_MS = 3_600_000;
type Holder = { timer?: NodeJS.Timeout };
// On globalThis: instrumentation may load this module more than once per process.
const holder = ((globalThis as Record<string, unknown>).__dspTempFolderSweep ??= {}) as Holder;

/**
 * At server start: removes stale work folders and binary copies, then stale
 * work folders every hour (a timer that does not keep the process alive).
 * Once per process, not during `next build`; a failed sweep is logged and the
 * next one tries again.
 */
export function startTempFolderSweeps(): void {
  if (holder.timer || isBuildPhase()) return;
  const sweep = (prefixes: readonly string[]) =>
    sweepTempFolders({ prefixes, maxAgeMs: tempMaxAgeMs() }).catch((err: unknown) => {
      log.error("uploads: the temporary folder sweep failed", { err });
      return [];
    });
  void sweep([...WORK_FOLDER_PREFIXES, ...BINARY_COPY_PREFIXES]);
  holder.timer = setInterval(() => void sweep(WORK_FOLDER_PREFIXES), HOUR_MS);
  holder.timer.unref();
}
