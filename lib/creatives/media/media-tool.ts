// Every run of ffmpeg and ffprobe goes through here. They decode media that
// strangers sent us (uploaded videos, HLS segments), so the binary must be a
// current build and each run is confined: a process of its own (spawn, never a
// shell) at the lowest CPU priority (nice -n 19), with an address-space cap
// (prlimit --as, MEDIA_TOOL_MEMORY_MB) and a wall-clock limit
// (MEDIA_TOOL_TIMEOUT_SECONDS, or the caller's shorter one) past which its
// process group is killed; it gets none of our environment (no secrets), and
// only a bounded stdout and the tail of its stderr are kept.
// The binaries are FFMPEG_PATH / FFPROBE_PATH (Debian's `ffmpeg` package on
// PATH by default). A missing one, or one built before OLDEST_TOOL_YEAR, is
// refused with a message saying how to install a current one; start-up logs
// the same as a configuration warning (mediaToolWarnings, scripts/prepare.ts).
// Not server-only: the bundled start-up step imports it.
import { spawn } from "node:child_process";
import { env } from "../../env";

export type MediaTool = "ffmpeg" | "ffprobe";

/** The oldest release year (the "Copyright (c) 2000-YYYY" of `-version`) we let decode untrusted media. */
export const OLDEST_TOOL_YEAR = 2023;

const VARIABLE: Record<MediaTool, "FFMPEG_PATH" | "FFPROBE_PATH"> = { ffmpeg: "FFMPEG_PATH", ffprobe: "FFPROBE_PATH" };
const INSTALL = "Video processing needs ffmpeg (apt-get install ffmpeg)";

export const MEDIA_TOOL_MESSAGES = {
  missing: (tool: MediaTool, file: string) => `${INSTALL}: ${tool} was not found at ${file} (${VARIABLE[tool]})`,
  failed: (tool: MediaTool, file: string, line: string) => `${INSTALL}: ${file} -version failed (${VARIABLE[tool]}): ${line}`,
  tooOld: (tool: MediaTool, file: string, year: number | null) =>
    `Video processing needs ffmpeg from ${OLDEST_TOOL_YEAR} or later (apt-get install ffmpeg): ${file} (${VARIABLE[tool]}) is ${year ? `from ${year}` : "of an unknown year"}`,
  noConfinement: "Video processing needs prlimit (util-linux) and nice (coreutils) to confine ffmpeg: neither may be missing",
  timedOut: (tool: MediaTool, seconds: number) => `${tool} took longer than ${seconds} s and was stopped`,
  outOfMemory: (tool: MediaTool, megabytes: number) => `${tool} needed more memory than its cap of ${megabytes} MB (MEDIA_TOOL_MEMORY_MB) and was stopped`,
  crashed: (tool: MediaTool, signal: string) => `${tool} stopped unexpectedly (${signal})`,
  tooMuchOutput: (tool: MediaTool) => `${tool} printed more than expected and was stopped`,
  stopped: (tool: MediaTool) => `${tool} was stopped`,
} as const;

/** The tool cannot run on this server (missing, too old, no confinement): a setting to fix, not the media's fault. */
export class MediaToolUnavailableError extends Error {}

/**
 * A run that did not end by itself: past the setting's time limit
 * ("timeout"), past the caller's ("deadline"), over the memory cap, killed by
 * a signal, too much output, or stopped by the caller.
 */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly reason: "timeout" | "deadline" | "memory" | "crash" | "output" | "stopped",
  ) {
    super(message);
  }
}

export interface MediaToolRun {
  args: string[];
  cwd?: string;
  /** The caller's own limit; the run ends at whichever of it and MEDIA_TOOL_TIMEOUT_SECONDS comes first. */
  timeoutMs?: number;
  /** stdout as it comes (ffmpeg's -progress lines); when set, stdout is not kept. */
  onStdout?(text: string): void;
  /** The most stdout kept (ffprobe's JSON); more stops the run. */
  maxStdoutBytes?: number;
  /** Stops the run (its process group is killed): MediaToolError "stopped". */
  signal?: AbortSignal;
}

export interface MediaToolResult {
  /** The exit code; non-zero is the caller's to explain (ffmpeg's own error line is in stderr). */
  code: number;
  stdout: string;
  /** Its last 16,000 characters. */
  stderr: string;
}

const STDERR_KEPT = 16_000;
const DEFAULT_MAX_STDOUT = 4 * 1024 * 1024;
/** How a failed allocation shows (LC_ALL=C keeps strerror in English): ffmpeg's ENOMEM, the loader's mmap, C++ code inside codecs. */
const OUT_OF_MEMORY = /cannot allocate memory|failed to map segment|out of memory|bad_alloc/i;

/** The release year a `-version` answer names ("… Copyright (c) 2000-2026 the FFmpeg developers"); null when it names none. */
export function versionYear(versionText: string): number | null {
  const match = /Copyright \(c\) (?:\d{4}-)?(\d{4})/.exec(versionText);
  return match ? Number(match[1]) : null;
}

/** The last line a tool complained with, for messages. */
export function lastLine(text: string): string {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  return (lines[lines.length - 1] ?? "unknown error").slice(0, 300);
}

/** Runs `tool` confined (see the top of this file) once the binary is known to be current. */
export async function runMediaTool(tool: MediaTool, run: MediaToolRun): Promise<MediaToolResult> {
  const file = env()[VARIABLE[tool]];
  await checkedTool(tool, file);
  return runConfined(tool, file, run);
}

/** Checked binaries, by tool and path: checked once per process while they pass. */
const checked = new Map<string, Promise<void>>();

function checkedTool(tool: MediaTool, file: string): Promise<void> {
  const key = `${tool}\u0000${file}`;
  let check = checked.get(key);
  if (!check) {
    check = checkTool(tool, file).catch((err: unknown) => {
      checked.delete(key); // installed later, it is found at the next run
      throw err;
    });
    checked.set(key, check);
  }
  return check;
}

/** Runs `file -version` (confined too) and refuses a missing or old binary. */
async function checkTool(tool: MediaTool, file: string): Promise<void> {
  const { code, stdout, stderr } = await runConfined(tool, file, { args: ["-version"], timeoutMs: 30_000 });
  // nice answers 127 (not found) or 126 (not executable) for the binary it was to run.
  if ((code === 126 || code === 127) && /^nice:/m.test(stderr)) throw new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.missing(tool, file));
  if ((code === 126 || code === 127) && /^prlimit:/m.test(stderr)) throw new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.noConfinement);
  if (code !== 0) throw new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.failed(tool, file, lastLine(stderr || stdout)));
  const year = versionYear(stdout);
  if (year === null || year < OLDEST_TOOL_YEAR) throw new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.tooOld(tool, file, year));
}

/** What each unusable tool's runs would fail with: logged as configuration warnings at start-up. */
export async function mediaToolWarnings(): Promise<string[]> {
  const warnings: string[] = [];
  for (const tool of ["ffprobe", "ffmpeg"] as const) {
    try {
      await checkedTool(tool, env()[VARIABLE[tool]]);
    } catch (err) {
      warnings.push(`${err instanceof Error ? err.message : String(err)}. Video uploads and HLS conversion fail until it is fixed.`);
    }
  }
  return warnings;
}

function runConfined(tool: MediaTool, file: string, run: MediaToolRun): Promise<MediaToolResult> {
  const config = env();
  const settingMs = config.MEDIA_TOOL_TIMEOUT_SECONDS * 1000;
  const limitMs = Math.max(1, Math.min(settingMs, run.timeoutMs ?? Infinity));
  const byDeadline = limitMs < settingMs;
  const memoryBytes = config.MEDIA_TOOL_MEMORY_MB * 1024 * 1024;
  // prlimit and nice each exec the next program: the process is ffmpeg itself, in a group of its own.
  const child = spawn("prlimit", [`--as=${memoryBytes}`, "--", "nice", "-n", "19", file, ...run.args], {
    cwd: run.cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // Nothing of ours (database URL, secrets): only where programs are, with English messages to read.
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C", MALLOC_ARENA_MAX: "2" } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
  });
  let ended: MediaToolError | null = null;
  const kill = (reason: MediaToolError) => {
    ended ??= reason;
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      child.kill("SIGKILL"); // the group is gone already, or never formed
    }
  };
  const timer = setTimeout(
    () => kill(new MediaToolError(MEDIA_TOOL_MESSAGES.timedOut(tool, Math.ceil(limitMs / 1000)), byDeadline ? "deadline" : "timeout")),
    limitMs,
  );
  const onAbort = () => kill(new MediaToolError(MEDIA_TOOL_MESSAGES.stopped(tool), "stopped"));
  if (run.signal?.aborted) onAbort();
  run.signal?.addEventListener("abort", onAbort);

  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEPT);
  });
  let stdout = "";
  const maxStdout = run.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    if (run.onStdout) return run.onStdout(chunk);
    stdout += chunk;
    if (stdout.length > maxStdout) kill(new MediaToolError(MEDIA_TOOL_MESSAGES.tooMuchOutput(tool), "output"));
  });

  return new Promise<MediaToolResult>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      run.signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (err: NodeJS.ErrnoException) => {
      settle();
      reject(err.code === "ENOENT" ? new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.noConfinement) : err);
    });
    child.on("close", (code, signal) => {
      settle();
      if (ended) return reject(ended);
      if (code !== 0 && OUT_OF_MEMORY.test(stderr)) {
        return reject(new MediaToolError(MEDIA_TOOL_MESSAGES.outOfMemory(tool, config.MEDIA_TOOL_MEMORY_MB), "memory"));
      }
      if (code === null) return reject(new MediaToolError(MEDIA_TOOL_MESSAGES.crashed(tool, signal ?? "signal"), "crash"));
      resolve({ code, stdout, stderr });
    });
  });
}
