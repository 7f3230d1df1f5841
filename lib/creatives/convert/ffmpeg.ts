// Runs the bundled ffmpeg (@ffmpeg-installer/ffmpeg) on a checked HLS media
// playlist and writes an MP4. The playlist text comes on standard input, so
// ffmpeg never fetches the playlist itself; `-protocol_whitelist` keeps every
// open to pipe (that input), http(s) and what they are built on: no file://,
// so a segment that turns out to be another playlist cannot read local files.
// Streams are copied (the AAC of MPEG-TS re-wrapped for MP4); when copying
// fails (codecs MP4 cannot carry) the video is encoded again with H.264/AAC.
// Progress comes from `-progress pipe:1` against the playlist's duration.
import { spawn } from "node:child_process";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { formatBytes } from "./public-fetch";

/** A conversion that failed, said in words a user may read. */
export class ConversionError extends Error {}

export const FFMPEG_MESSAGES = {
  tooLong: (ms: number) => `The conversion took longer than ${Math.round(ms / 60_000) || 1} minutes and was stopped`,
  tooLarge: (maxBytes: number) => `The converted video is larger than ${formatBytes(maxBytes)}`,
  failed: (line: string) => `ffmpeg could not convert the video: ${line}`,
  empty: "ffmpeg produced no video from the playlist",
} as const;

export interface RemuxOptions {
  playlistText: string;
  outputPath: string;
  /** The playlist's duration, what progress is measured against. */
  totalSeconds: number;
  timeLimitMs: number;
  maxBytes: number;
  /** 0..100 as the output grows. */
  onProgress?(percent: number): void;
}

let binary: Promise<string> | undefined;

/**
 * The bundled binary, resolved at run time from node_modules (the package
 * finds its platform binary with require.resolve, which a bundler would
 * rewrite). Like ffprobe (lib/creatives/media/probe.ts), the package ships it
 * executable by its owner only: when we may not run it in place, a private
 * copy is made executable once per process.
 */
function ffmpegPath(): Promise<string> {
  binary ??= (async () => {
    const load = createRequire(path.join(process.cwd(), "package.json"));
    const packaged = (load("@ffmpeg-installer/ffmpeg") as { path: string }).path;
    if (await fs.access(packaged, constants.X_OK).then(() => true, () => false)) return packaged;
    const copy = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "ffmpeg-")), "ffmpeg");
    await fs.copyFile(packaged, copy);
    await fs.chmod(copy, 0o700);
    return copy;
  })().catch((err: unknown) => {
    binary = undefined; // a later conversion may try again
    throw err;
  });
  return binary;
}

const ALLOWED_PROTOCOLS = "pipe,http,https,tcp,tls,crypto";

function argsFor(outputPath: string, maxBytes: number, reencode: boolean): string[] {
  const codecs = reencode
    ? ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"]
    : ["-c", "copy", "-bsf:a", "aac_adtstoasc"];
  return [
    "-hide_banner",
    "-nostdin",
    "-loglevel",
    "error",
    "-protocol_whitelist",
    ALLOWED_PROTOCOLS,
    // Give up on a segment host that stops answering (microseconds).
    "-rw_timeout",
    "20000000",
    "-f",
    "hls",
    "-i",
    "pipe:0",
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    ...codecs,
    "-movflags",
    "+faststart",
    // A hard stop slightly above the cap; the progress watch below stops it first.
    "-fs",
    String(maxBytes + 1_000_000),
    "-progress",
    "pipe:1",
    "-nostats",
    "-y",
    "-f",
    "mp4",
    outputPath,
  ];
}

/** Converts; throws ConversionError with the reason. Tries a stream copy first, then a re-encode. */
export async function remuxHls(options: RemuxOptions): Promise<void> {
  try {
    await runOnce(options, false);
  } catch (err) {
    // Only ffmpeg's own refusal of the copy is worth a second, slower try.
    if (!(err instanceof CopyFailedError)) throw err;
    await runOnce(options, true);
  }
}

class CopyFailedError extends ConversionError {}

async function runOnce(options: RemuxOptions, reencode: boolean): Promise<void> {
  const child = spawn(await ffmpegPath(), argsFor(options.outputPath, options.maxBytes, reencode), { stdio: ["pipe", "pipe", "pipe"] });
  let stopped: ConversionError | null = null;
  const stop = (reason: ConversionError) => {
    stopped ??= reason;
    child.kill("SIGKILL");
  };
  const timer = setTimeout(() => stop(new ConversionError(FFMPEG_MESSAGES.tooLong(options.timeLimitMs))), options.timeLimitMs);
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  let pending = "";
  let lastPercent = -1;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const [key, value] = line.split("=", 2);
      if (key === "total_size" && Number(value) > options.maxBytes) stop(new ConversionError(FFMPEG_MESSAGES.tooLarge(options.maxBytes)));
      // out_time_ms is in microseconds despite its name (ffmpeg's own quirk), like out_time_us.
      if (key === "out_time_ms" && options.totalSeconds > 0) {
        const percent = Math.max(0, Math.min(99, Math.floor((Number(value) / 1e6 / options.totalSeconds) * 100)));
        if (percent > lastPercent) {
          lastPercent = percent;
          options.onProgress?.(percent);
        }
      }
    }
  });
  child.stdin.on("error", () => undefined); // ffmpeg may exit before reading all of it; its exit code tells
  child.stdin.end(options.playlistText);
  return new Promise<void>((resolve, reject) => {
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(new ConversionError(FFMPEG_MESSAGES.failed(err.message)));
    });
    child.on("close", async (code) => {
      clearTimeout(timer);
      if (stopped) return reject(stopped);
      if (code !== 0) {
        const line = lastErrorLine(stderr);
        return reject(reencode ? new ConversionError(FFMPEG_MESSAGES.failed(line)) : new CopyFailedError(FFMPEG_MESSAGES.failed(line)));
      }
      const size = await fs.stat(options.outputPath).then((s) => s.size, () => 0);
      if (size === 0) return reject(new ConversionError(FFMPEG_MESSAGES.empty));
      if (size > options.maxBytes) return reject(new ConversionError(FFMPEG_MESSAGES.tooLarge(options.maxBytes)));
      resolve();
    });
  });
}

/** ffmpeg's last line of complaint, without its "[component @ 0x…]" prefix. */
export function lastErrorLine(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, "").trim())
    .filter(Boolean);
  return (lines[lines.length - 1] ?? "unknown error").slice(0, 300);
}
