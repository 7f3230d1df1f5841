// Runs the bundled ffmpeg (@ffmpeg-installer/ffmpeg) on a media playlist
// whose files we downloaded ourselves (segments.ts) and writes an MP4.
// ffmpeg never touches the network: `-protocol_whitelist file,crypto` lets it
// open local files (and decrypt AES-128 segments) only, it runs in the
// conversion's private directory, and the playlist names only files in it.
// Streams are copied when MP4 players can play them as they are (H.264 video,
// AAC or MP3 audio: codecPlan); anything else, or a copy ffmpeg refuses, is
// encoded again with H.264/AAC. Progress comes from `-progress pipe:1`
// against the playlist's duration.
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
  /** The local playlist (segments.ts): every file it names sits beside it. */
  playlistPath: string;
  /** The playlist has keys (files without a media extension): ffmpeg must be told to open them. */
  hasKeys: boolean;
  outputPath: string;
  /** The playlist's duration, what progress is measured against. */
  totalSeconds: number;
  /** When ffmpeg is stopped (epoch ms): the conversion's deadline. */
  deadline: number;
  /** The conversion's time cap, for the message when the deadline passes. */
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
 * copy is made executable once per process. FFMPEG_PATH overrides the lookup
 * (e.g. Debian's /usr/bin/ffmpeg), as FFPROBE_PATH does for ffprobe.
 */
function ffmpegPath(): Promise<string> {
  binary ??= (async () => {
    if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
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

/** Local files and AES-128 decryption of them: nothing that reaches the network. */
const ALLOWED_PROTOCOLS = "file,crypto";

/** The input options: the local playlist, read as HLS, opening nothing but local files. */
function inputArgs(options: Pick<RemuxOptions, "playlistPath" | "hasKeys">): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-protocol_whitelist",
    ALLOWED_PROTOCOLS,
    // ffmpeg opens playlist entries only with media file extensions; our key files have none.
    ...(options.hasKeys ? ["-allowed_extensions", "ALL"] : []),
    "-f",
    "hls",
    "-i",
    path.basename(options.playlistPath),
  ];
}

function argsFor(options: RemuxOptions, reencode: boolean): string[] {
  const codecs = reencode ? ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-c:a", "aac"] : ["-c", "copy"];
  return [
    ...inputArgs(options),
    "-loglevel",
    "error",
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    ...codecs,
    "-movflags",
    "+faststart",
    // A hard stop slightly above the cap; the progress watch below stops it first.
    "-fs",
    String(options.maxBytes + 1_000_000),
    "-progress",
    "pipe:1",
    "-nostats",
    "-y",
    "-f",
    "mp4",
    options.outputPath,
  ];
}

export interface StreamCodecs {
  video: string | null;
  audio: string | null;
}

/** The first video and audio codec ffmpeg lists for its input ("Stream #0:0: Video: h264 (…)"). */
export function streamCodecs(stderr: string): StreamCodecs {
  const first = (type: string) => new RegExp(`Stream #0:\\d+[^:]*: ${type}: ([A-Za-z0-9_]+)`).exec(stderr)?.[1] ?? null;
  return { video: first("Video"), audio: first("Audio") };
}

/** Video and audio an MP4 player (browsers, ad players) plays as they are. */
const COPYABLE = { video: new Set(["h264"]), audio: new Set(["aac", "mp3"]) };

/** Copy the streams as they are, or encode them again (MPEG-2, HEVC, AC-3, … or unknown). */
export function codecPlan(codecs: StreamCodecs): "copy" | "reencode" {
  const videoOk = codecs.video !== null && COPYABLE.video.has(codecs.video);
  const audioOk = codecs.audio === null || COPYABLE.audio.has(codecs.audio);
  return videoOk && audioOk ? "copy" : "reencode";
}

/** Reads the playlist's stream list (ffmpeg without an output only describes its input). */
async function probeCodecs(options: RemuxOptions): Promise<StreamCodecs> {
  const child = spawn(await ffmpegPath(), inputArgs(options), { cwd: path.dirname(options.playlistPath), stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), Math.max(1, Math.min(60_000, options.deadline - Date.now())));
  await new Promise<void>((resolve) => child.on("close", () => resolve()).on("error", () => resolve()));
  clearTimeout(timer);
  return streamCodecs(stderr);
}

/**
 * Converts; throws ConversionError with the reason. Streams MP4 players can
 * play are copied, others encoded again; a copy ffmpeg refuses is tried once
 * more encoding. Returns what was done.
 */
export async function remuxHls(options: RemuxOptions): Promise<"copy" | "reencode"> {
  const plan = codecPlan(await probeCodecs(options));
  if (plan === "reencode") {
    await runOnce(options, true);
    return plan;
  }
  try {
    await runOnce(options, false);
    return "copy";
  } catch (err) {
    // Only ffmpeg's own refusal of the copy is worth a second, slower try.
    if (!(err instanceof CopyFailedError)) throw err;
    await runOnce(options, true);
    return "reencode";
  }
}

class CopyFailedError extends ConversionError {}

async function runOnce(options: RemuxOptions, reencode: boolean): Promise<void> {
  const child = spawn(await ffmpegPath(), argsFor(options, reencode), { cwd: path.dirname(options.playlistPath), stdio: ["ignore", "pipe", "pipe"] });
  let stopped: ConversionError | null = null;
  const stop = (reason: ConversionError) => {
    stopped ??= reason;
    child.kill("SIGKILL");
  };
  const timer = setTimeout(() => stop(new ConversionError(FFMPEG_MESSAGES.tooLong(options.timeLimitMs))), Math.max(1, options.deadline - Date.now()));
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
