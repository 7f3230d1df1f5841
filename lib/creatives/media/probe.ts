// Reading a video's facts from its stream (business.md 9: width, height,
// duration and bitrate come from the file, never from what the browser says)
// with the ffprobe binary shipped inside @ffprobe-installer/ffprobe.
//
// The binary's execute bit: the package ships it as rwxr--r-- (owner root),
// so in the production image, which runs as the unprivileged `node` user, it
// cannot be executed in place. When it is not executable for us it is copied
// once per process into a private temporary directory and made executable
// there (the copy is ours, so chmod works). FFPROBE_PATH overrides the lookup
// (e.g. Debian's /usr/bin/ffprobe from `apt-get install ffmpeg`).
import "server-only";
import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";

export interface VideoProbe {
  width: number;
  height: number;
  durationMs: number;
  bitrateKbps: number;
  /** ffprobe's format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "flv", "matroska,webm", "hls", "dash". */
  formatName: string;
}

/** The stream could not be read as a video (no video stream, corrupt file, ffprobe failure). */
export class VideoProbeError extends Error {}

const PROBE_TIMEOUT_MS = 60_000;

let binary: Promise<string> | undefined;

function packagedBinaryPath(): string {
  // Resolved at run time from node_modules, not bundled: the package locates
  // its platform binary with require.resolve, which a bundler would rewrite.
  const load = createRequire(path.join(process.cwd(), "package.json"));
  return (load("@ffprobe-installer/ffprobe") as { path: string }).path;
}

async function executable(file: string): Promise<boolean> {
  try {
    await fsp.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

async function locateBinary(): Promise<string> {
  const configured = process.env.FFPROBE_PATH;
  if (configured) return configured;
  const packaged = packagedBinaryPath();
  if (await executable(packaged)) return packaged;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "ffprobe-"));
  const copy = path.join(dir, "ffprobe");
  await fsp.copyFile(packaged, copy);
  await fsp.chmod(copy, 0o700);
  return copy;
}

/** The ffprobe to run: located (and if need be made executable) once per process. */
export function ffprobePath(): Promise<string> {
  binary ??= locateBinary().catch((e) => {
    binary = undefined; // a later call may try again
    throw e;
  });
  return binary;
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { timeout: PROBE_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new VideoProbeError(`ffprobe failed: ${String(stderr || error.message).trim().split("\n").pop()}`));
      else resolve(stdout);
    });
  });
}

interface ProbeJson {
  streams?: { codec_type?: string; width?: number; height?: number; bit_rate?: string; duration?: string }[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; size?: string };
}

const positive = (value: string | undefined): number | null => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * Width, height, duration and overall bitrate of the file's first video
 * stream. The bitrate is the container's (what a player downloads per
 * second); when the container does not say, size × 8 / duration.
 * Throws VideoProbeError when there is no readable video stream.
 * Playlists (HLS .m3u8, DASH .mpd) are probed without following their URLs
 * over the network: only local files are allowed.
 */
export async function probeVideo(filePath: string): Promise<VideoProbe> {
  const args = [
    "-v", "error",
    // Never fetch anything a playlist names: only the file and what sits beside it.
    "-protocol_whitelist", "file,crypto,data",
    "-print_format", "json",
    "-show_format",
    "-show_streams",
    filePath,
  ];
  const output = await run(await ffprobePath(), args);
  let parsed: ProbeJson;
  try {
    parsed = JSON.parse(output) as ProbeJson;
  } catch {
    throw new VideoProbeError("ffprobe answered something that is not JSON");
  }
  const video = parsed.streams?.find((s) => s.codec_type === "video" && s.width && s.height);
  if (!video?.width || !video.height) throw new VideoProbeError("The file has no video stream");
  const durationSeconds = positive(parsed.format?.duration) ?? positive(video.duration) ?? 0;
  const size = positive(parsed.format?.size);
  const bitsPerSecond =
    positive(parsed.format?.bit_rate) ?? (size && durationSeconds ? (size * 8) / durationSeconds : null) ?? positive(video.bit_rate) ?? 0;
  return {
    width: video.width,
    height: video.height,
    durationMs: Math.round(durationSeconds * 1000),
    bitrateKbps: Math.round(bitsPerSecond / 1000),
    formatName: parsed.format?.format_name ?? "",
  };
}
