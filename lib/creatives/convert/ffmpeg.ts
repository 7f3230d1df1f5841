// Runs ffmpeg on the local playlist segments.ts wrote, whose every line is a
// bare file name in the conversion's own folder, a file we downloaded (and
// decrypted) ourselves, and writes an MP4. ffmpeg is a current build run
// confined (lib/creatives/media/media-tool.ts: low priority, memory cap,
// timeout); it may open local files only (`-protocol_whitelist file`, no
// crypto: keys never reach it) and read only the containers HLS segments come
// in (`-format_whitelist`, which its HLS reader passes on to each segment), so
// a segment cannot make it open another file.
// Streams are copied when MP4 players can play them as they are (H.264 video,
// AAC or MP3 audio: codecPlan); anything else, or a copy ffmpeg refuses, is
// encoded again with H.264/AAC. Progress comes from `-progress pipe:1`
// against the playlist's duration.
import fs from "node:fs/promises";
import path from "node:path";
import { lastLine, MediaToolError, MediaToolUnavailableError, runMediaTool, type MediaToolRun } from "../media/media-tool";
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

/** Local files only: no network, no crypto (we decrypt), no other protocol. */
const ALLOWED_PROTOCOLS = "file";
/** The playlist reader and what segments are: MPEG-TS, fragmented MP4, raw AAC, MP3, AC-3, E-AC-3. */
const ALLOWED_FORMATS = "hls,mpegts,mov,aac,mp3,ac3,eac3";
/** Decoding and encoding threads: what one conversion may take of a shared machine, and its memory need independent of the host's cores. */
const THREADS = "4";

/** The input options: the local playlist, read as HLS, opening nothing but its own files. */
function inputArgs(options: Pick<RemuxOptions, "playlistPath">): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-threads",
    THREADS,
    "-protocol_whitelist",
    ALLOWED_PROTOCOLS,
    "-format_whitelist",
    ALLOWED_FORMATS,
    "-f",
    "hls",
    "-i",
    path.basename(options.playlistPath),
  ];
}

/** One confined ffmpeg run in the playlist's folder, within the conversion's deadline; stops become ConversionErrors. */
async function runFfmpeg(options: RemuxOptions, run: Omit<MediaToolRun, "cwd">) {
  const remainingMs = options.deadline - Date.now();
  if (remainingMs <= 0) throw new ConversionError(FFMPEG_MESSAGES.tooLong(options.timeLimitMs));
  const conversionLimitFirst = remainingMs <= (run.timeoutMs ?? Infinity);
  try {
    return await runMediaTool("ffmpeg", { ...run, cwd: path.dirname(options.playlistPath), timeoutMs: Math.min(run.timeoutMs ?? Infinity, remainingMs) });
  } catch (err) {
    if (err instanceof MediaToolError && err.reason === "deadline" && conversionLimitFirst) {
      throw new ConversionError(FFMPEG_MESSAGES.tooLong(options.timeLimitMs));
    }
    if (err instanceof MediaToolError || err instanceof MediaToolUnavailableError) throw new ConversionError(err.message);
    throw err;
  }
}

function argsFor(options: RemuxOptions, reencode: boolean): string[] {
  const codecs = reencode ? ["-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", "-threads", THREADS, "-c:a", "aac"] : ["-c", "copy"];
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

/** Reads the playlist's stream list (ffmpeg without an output only describes its input, and exits 1). */
async function probeCodecs(options: RemuxOptions): Promise<StreamCodecs> {
  const { stderr } = await runFfmpeg(options, { args: inputArgs(options), timeoutMs: 60_000 });
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
  const stop = new AbortController();
  let stopped: ConversionError | null = null;
  let pending = "";
  let lastPercent = -1;
  const onStdout = (chunk: string) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const [key, value] = line.split("=", 2);
      if (key === "total_size" && Number(value) > options.maxBytes) {
        stopped ??= new ConversionError(FFMPEG_MESSAGES.tooLarge(options.maxBytes));
        stop.abort();
      }
      // out_time_ms is in microseconds despite its name (ffmpeg's own quirk), like out_time_us.
      if (key === "out_time_ms" && options.totalSeconds > 0) {
        const percent = Math.max(0, Math.min(99, Math.floor((Number(value) / 1e6 / options.totalSeconds) * 100)));
        if (percent > lastPercent) {
          lastPercent = percent;
          options.onProgress?.(percent);
        }
      }
    }
  };
  let code: number;
  let stderr: string;
  try {
    ({ code, stderr } = await runFfmpeg(options, { args: argsFor(options, reencode), onStdout, signal: stop.signal }));
  } catch (err) {
    throw stopped ?? err;
  }
  if (code !== 0) {
    const line = lastErrorLine(stderr);
    throw reencode ? new ConversionError(FFMPEG_MESSAGES.failed(line)) : new CopyFailedError(FFMPEG_MESSAGES.failed(line));
  }
  const size = await fs.stat(options.outputPath).then((s) => s.size, () => 0);
  if (size === 0) throw new ConversionError(FFMPEG_MESSAGES.empty);
  if (size > options.maxBytes) throw new ConversionError(FFMPEG_MESSAGES.tooLarge(options.maxBytes));
}

/** ffmpeg's last line of complaint, without its "[component @ 0x…]" prefix. */
export function lastErrorLine(stderr: string): string {
  return lastLine(stderr.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/gim, ""));
}
