// Every ffmpeg/ffprobe run: the configured binaries are current builds, a
// missing or old one is refused with a message saying what to install, and
// each run is confined (lowest priority, address-space cap, none of our
// environment, killed past its time limit, bounded output).
import childProcess from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { env } from "../../env";
import {
  MEDIA_TOOL_MESSAGES,
  MediaToolError,
  MediaToolUnavailableError,
  mediaToolWarnings,
  OLDEST_TOOL_YEAR,
  runMediaTool,
  versionYear,
} from "./media-tool";
import { probeVideo, VideoProbeError } from "./probe";

const VIDEO = path.join(__dirname, "../../../tests/fixtures/creatives/video-800k.mp4");
/** ffmpeg decoding a test pattern in real time: runs until stopped. */
const ENDLESS = ["-v", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=64x64:rate=5", "-f", "null", "-"];
const SETTINGS = ["FFMPEG_PATH", "FFPROBE_PATH", "MEDIA_TOOL_TIMEOUT_SECONDS", "MEDIA_TOOL_MEMORY_MB", "PATH"] as const;
const saved = Object.fromEntries(SETTINGS.map((name) => [name, process.env[name]]));
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-tool-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  for (const name of SETTINGS) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  jest.restoreAllMocks();
});

/** An executable that answers `-version` like an ffmpeg build of `year`. */
function fakeBuild(name: string, year: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\necho "ffmpeg version 4.1 Copyright (c) 2000-${year} the FFmpeg developers"\n`, { mode: 0o755 });
  return file;
}

let spawnSpy: jest.SpiedFunction<typeof childProcess.spawn>;
beforeEach(() => {
  spawnSpy = jest.spyOn(childProcess, "spawn");
});

/** The pid of the ENDLESS run, once it is ffmpeg itself (prlimit and nice exec into it). */
async function endlessPid(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const index = spawnSpy.mock.calls.findIndex(([, args]) => args?.includes(ENDLESS[6]));
    const pid = index < 0 ? undefined : (spawnSpy.mock.results[index].value as childProcess.ChildProcess).pid;
    const comm = pid ? fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() : "";
    if (pid && comm === "ffmpeg") return pid;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("ffmpeg did not start");
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test("the version year is read from the copyright line of -version", () => {
  expect(versionYear("ffmpeg version 5.1.9-0+deb12u1 Copyright (c) 2000-2026 the FFmpeg developers\nbuilt with gcc 12")).toBe(2026);
  expect(versionYear("ffprobe version 4.1 Copyright (c) 2007-2018 the FFmpeg developers")).toBe(2018);
  expect(versionYear("ffmpeg version N-113000-g0123abcd Copyright (c) 2024 the FFmpeg developers")).toBe(2024);
  expect(versionYear("ffmpeg version 7.1")).toBeNull();
});

test.each(["ffmpeg", "ffprobe"] as const)(`the configured %s is a build of ${OLDEST_TOOL_YEAR} or later`, async (tool) => {
  const { code, stdout } = await runMediaTool(tool, { args: ["-version"] });
  expect(code).toBe(0);
  expect(stdout.startsWith(`${tool} version `)).toBe(true);
  expect(versionYear(stdout)).toBeGreaterThanOrEqual(OLDEST_TOOL_YEAR);
  expect(await mediaToolWarnings()).toEqual([]);
});

test("a build older than 2023 is refused, as is one that is not there; start-up warns of each", async () => {
  process.env.FFMPEG_PATH = fakeBuild("ffmpeg-2018", 2018);
  await expect(runMediaTool("ffmpeg", { args: ["-version"] })).rejects.toEqual(
    new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.tooOld("ffmpeg", process.env.FFMPEG_PATH, 2018)),
  );
  expect(MEDIA_TOOL_MESSAGES.tooOld("ffmpeg", "/x/ffmpeg", 2018)).toBe(
    "Video processing needs ffmpeg from 2023 or later (apt-get install ffmpeg): /x/ffmpeg (FFMPEG_PATH) is from 2018",
  );
  process.env.FFMPEG_PATH = fakeBuild("ffmpeg-2024", 2024);
  expect((await runMediaTool("ffmpeg", { args: ["-version"] })).code).toBe(0);

  for (const missing of [path.join(dir, "nowhere", "ffprobe"), "no-such-ffprobe"]) {
    process.env.FFPROBE_PATH = missing;
    const refusal = `Video processing needs ffmpeg (apt-get install ffmpeg): ffprobe was not found at ${missing} (FFPROBE_PATH)`;
    await expect(runMediaTool("ffprobe", { args: ["-version"] })).rejects.toEqual(new MediaToolUnavailableError(refusal));
    expect(await mediaToolWarnings()).toEqual([`${refusal}. Video uploads and HLS conversion fail until it is fixed.`]);
  }
  // Uploads: not a fault of the file, so not a refusal of it (the request fails and the reason is logged).
  await expect(probeVideo(VIDEO)).rejects.toBeInstanceOf(MediaToolUnavailableError);
});

test("without prlimit (or nice) nothing runs unconfined", async () => {
  process.env.PATH = dir;
  await expect(runMediaTool("ffmpeg", { args: ["-version"] })).rejects.toEqual(new MediaToolUnavailableError(MEDIA_TOOL_MESSAGES.noConfinement));
});

test("each run is at the lowest priority, under the address-space cap, with none of our environment", async () => {
  process.env.MEDIA_TOOL_MEMORY_MB = "1500";
  const stop = new AbortController();
  const run = runMediaTool("ffmpeg", { args: ENDLESS, signal: stop.signal });
  const pid = await endlessPid();
  const limits = fs.readFileSync(`/proc/${pid}/limits`, "utf8");
  expect(limits).toMatch(new RegExp(`^Max address space\\s+${1500 * 1024 * 1024}\\s+${1500 * 1024 * 1024}\\s+bytes`, "m"));
  const niceness = Number(fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[16]);
  expect(niceness).toBe(19);
  const environment = fs.readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean).map((v) => v.split("=")[0]);
  expect(environment.sort()).toEqual(["LC_ALL", "MALLOC_ARENA_MAX", "PATH"]);
  stop.abort();
  await expect(run).rejects.toEqual(new MediaToolError("ffmpeg was stopped", "stopped"));
  expect(alive(pid)).toBe(false);
});

test("a run past MEDIA_TOOL_TIMEOUT_SECONDS is killed and reported; a caller's shorter limit is its own reason", async () => {
  process.env.MEDIA_TOOL_TIMEOUT_SECONDS = "1";
  const started = Date.now();
  const run = runMediaTool("ffmpeg", { args: ENDLESS });
  const pid = await endlessPid();
  await expect(run).rejects.toEqual(new MediaToolError("ffmpeg took longer than 1 s and was stopped", "timeout"));
  expect(Date.now() - started).toBeLessThan(5000);
  expect(alive(pid)).toBe(false);

  delete process.env.MEDIA_TOOL_TIMEOUT_SECONDS;
  const error = await runMediaTool("ffmpeg", { args: ENDLESS, timeoutMs: 500 }).catch((e: unknown) => e);
  expect(error).toEqual(new MediaToolError("ffmpeg took longer than 1 s and was stopped", "deadline"));
  expect(env().MEDIA_TOOL_TIMEOUT_SECONDS).toBe(600);
});

test("a run that needs more than its memory cap fails cleanly with the cap named", async () => {
  process.env.MEDIA_TOOL_MEMORY_MB = "64";
  const tooSmall = new MediaToolError("ffprobe needed more memory than its cap of 64 MB (MEDIA_TOOL_MEMORY_MB) and was stopped", "memory");
  await expect(runMediaTool("ffprobe", { args: [VIDEO] })).rejects.toEqual(tooSmall);
  await expect(probeVideo(VIDEO)).rejects.toEqual(new VideoProbeError(tooSmall.message));
  delete process.env.MEDIA_TOOL_MEMORY_MB;
  expect(await probeVideo(VIDEO)).toMatchObject({ width: 640, height: 360 });
});

test("output beyond what the caller keeps stops the run", async () => {
  await expect(runMediaTool("ffmpeg", { args: ["-version"], maxStdoutBytes: 10 })).rejects.toEqual(
    new MediaToolError("ffmpeg printed more than expected and was stopped", "output"),
  );
});
