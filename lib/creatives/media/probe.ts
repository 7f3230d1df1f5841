// Reading a video's facts from its stream (business.md 9: width, height,
// duration and bitrate come from the file, never from what the browser says)
// with ffprobe, run confined like every media tool (media-tool.ts). Only the
// file itself is read: ffprobe may open local files only and only the
// containers an uploaded video or a converted MP4 can be, so a file that is
// really a playlist or a concat script cannot make it open anything else.
import "server-only";
import { lastLine, MediaToolError, runMediaTool } from "./media-tool";

export interface VideoProbe {
  width: number;
  height: number;
  durationMs: number;
  bitrateKbps: number;
  /** ffprobe's format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2", "flv", "matroska,webm". */
  formatName: string;
}

/** The stream could not be read as a video (no video stream, corrupt file, ffprobe failure). */
export class VideoProbeError extends Error {}

/** A probe runs within the upload's request: it may not take long. */
const PROBE_TIMEOUT_MS = 60_000;
/** The containers of video uploads (MP4, MOV, 3GP, FLV, WebM: sniff.ts) and of converted videos. */
const PROBED_FORMATS = "mov,flv,matroska";

async function run(args: string[]): Promise<string> {
  try {
    const { code, stdout, stderr } = await runMediaTool("ffprobe", { args, timeoutMs: PROBE_TIMEOUT_MS });
    if (code !== 0) throw new VideoProbeError(`ffprobe failed: ${lastLine(stderr)}`);
    return stdout;
  } catch (err) {
    throw err instanceof MediaToolError ? new VideoProbeError(err.message) : err;
  }
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
 * Throws VideoProbeError when there is no readable video stream, and
 * MediaToolUnavailableError when ffprobe cannot run here.
 */
export async function probeVideo(filePath: string): Promise<VideoProbe> {
  const args = [
    "-v", "error",
    "-protocol_whitelist", "file",
    "-format_whitelist", PROBED_FORMATS,
    "-print_format", "json",
    "-show_format",
    "-show_streams",
    // Named as a file: a path with a colon must not read as another protocol.
    `file:${filePath}`,
  ];
  const output = await run(args);
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
