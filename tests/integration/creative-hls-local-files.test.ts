// A playlist cannot make ffmpeg read this server's files. What a player
// would open (segments, init sections, keys) is parsed into values and
// downloaded by us over http through the address guard, and ffmpeg reads a
// playlist written from those values: references written unquoted, after a
// space, as absolute paths, `..` climbs or keys are asked of the playlist's
// own host (here: 404, so the conversion fails with the reason), file: and
// data: links are refused before anything is downloaded, and tags we do not
// use are dropped, so no frame of a local video reaches the output. And
// ffmpeg runs only in the job, refused with what to install when unusable.
import "../helpers/action-session";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import { convertOne, creativeFields, enqueueMock, FFMPEG, ffmpegRuns, tenant, useHlsHarness } from "../helpers/hls-conversion";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));

useTestDatabase();
const { dir: storageDir, storedFiles } = useTestStorage("creative-hls-local-");

/** Playlists naming this machine's files, by name (served under /hostile/). */
const hostile = new Map<string, string>();
const hls = useHlsHarness((pathname) => (pathname.startsWith("/hostile/") ? hostile.get(path.basename(pathname)) : undefined));

/** A video on this machine that must never reach an output: 99 frames of 320x240 red; and a 16-byte file. */
let secretDir: string;
beforeAll(() => {
  secretDir = fs.mkdtempSync(path.join(os.tmpdir(), "hls-secret-"));
  execFileSync(FFMPEG, ["-v", "error", "-f", "lavfi", "-i", "color=c=red:size=320x240:rate=25", "-frames:v", "99", "-c:v", "libx264", "-f", "mpegts", path.join(secretDir, "secret.ts")]);
  fs.writeFileSync(path.join(secretDir, "secret.key"), "local-secret-key");
  const secret = path.join(secretDir, "secret.ts");
  const key = path.join(secretDir, "secret.key");
  const genuine = ["#EXTINF:1.0,", "segment0.ts", "#EXTINF:1.0,", "segment1.ts"];
  const cases: Record<string, string[]> = {
    "unquoted-map": [`#EXT-X-MAP:URI=${secret}`, ...genuine],
    "spaced-map": [`#EXT-X-MAP: URI="${secret}"`, ...genuine],
    "file-map": [`#EXT-X-MAP:URI="file://${secret}"`, ...genuine],
    "absolute-segment": [...genuine, "#EXTINF:1.0,", secret],
    "file-segment": [...genuine, "#EXTINF:1.0,", `file://${secret}`],
    "climbing-segment": [...genuine, "#EXTINF:1.0,", `../../../../../../..${secret}`],
    "unquoted-key": [`#EXT-X-KEY:METHOD=AES-128,URI=${key}`, ...genuine],
    "file-key": [`#EXT-X-KEY:METHOD=AES-128, URI="file://${key}"`, ...genuine],
    "other-tags": [`#EXT-X-PRELOAD-HINT:TYPE=PART,URI=${secret}`, `#EXT-X-PART:DURATION=1, URI="${secret}"`, ...genuine],
  };
  for (const [name, lines] of Object.entries(cases)) hostile.set(`${name}.m3u8`, ["#EXTM3U", "#EXT-X-TARGETDURATION:1", ...lines, "#EXT-X-ENDLIST", ""].join("\n"));
});
afterAll(() => fs.rmSync(secretDir, { recursive: true, force: true }));

const notFound = "127.0.0.1 answered with HTTP status 404";
const notHttp = "The HLS playlist names a file (segment, initialization section or key) that is not an http:// or https:// link";

test.each([
  ["unquoted-map", `The initialization segment could not be downloaded: ${notFound}`],
  ["spaced-map", `The initialization segment could not be downloaded: ${notFound}`],
  ["file-map", notHttp],
  ["absolute-segment", `Segment 3 of 3 could not be downloaded: ${notFound}`],
  ["file-segment", notHttp],
  ["climbing-segment", `Segment 3 of 3 could not be downloaded: ${notFound}`],
  ["unquoted-key", `The encryption key could not be downloaded: ${notFound}`],
  ["file-key", notHttp],
])("a playlist naming a local file (%s) fails with the reason before ffmpeg runs: nothing local is read", async (name, error) => {
  const row = await convertOne(hls, `${hls.base}/hostile/${name}.m3u8`);
  expect(row).toMatchObject({ status: "FAILED", error, creativeId: null });
  // What it named was asked of the playlist's own host, over http, like any link.
  const asked = path.join(secretDir, name.endsWith("-key") ? "secret.key" : "secret.ts");
  expect(hls.requested.filter((p) => p.includes("secret"))).toEqual(error.includes(notFound) ? [asked] : []);
  expect(ffmpegRuns(hls)).toEqual([]);
  expect(await db.creative.count()).toBe(0);
  expect(storedFiles()).toEqual([]);
});

test("tags a player would follow that we do not use are dropped: the video holds only the playlist's own frames", async () => {
  const row = await convertOne(hls, `${hls.base}/hostile/other-tags.m3u8`);
  expect(row).toMatchObject({ status: "DONE", error: null });
  expect(hls.requested.filter((p) => p.includes("secret"))).toEqual([]);
  const creative = await db.creative.findUniqueOrThrow({ where: { id: row.creativeId! } });
  const counted = execFileSync(env().FFPROBE_PATH, [
    "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=width,height,nb_read_frames", "-of", "json",
    path.join(storageDir, creative.storageKey!),
  ]);
  // The two genuine 1 s segments at 25 fps, 160x120; the local video is 99 frames of 320x240.
  expect(JSON.parse(String(counted)).streams).toEqual([{ width: 160, height: 120, nb_read_frames: "50" }]);
}, 60_000);

test("starting a conversion only queues it: no ffmpeg or ffprobe runs in the request, the job converts", async () => {
  const { advertiser } = await tenant();
  const started = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], ...(await creativeFields(advertiser)) });
  expect(started.ok).toBe(true);
  expect(hls.spawnSpy).not.toHaveBeenCalled();
  expect(hls.requested).toEqual([]);
  expect(enqueueMock).toHaveBeenCalledTimes(1);
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject({ status: "QUEUED", progress: 0 });
  const { JOB_DEFINITIONS } = jest.requireActual<typeof import("@/lib/job-runner/definitions")>("@/lib/job-runner/definitions");
  expect(JOB_DEFINITIONS.map((d) => d.name)).toContain("creative-hls-convert");
});

test("without a usable ffmpeg the conversion fails saying what to install", async () => {
  const configured = process.env.FFMPEG_PATH;
  process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
  try {
    const row = await convertOne(hls, `${hls.base}/playlist.m3u8`);
    expect(row).toMatchObject({
      status: "FAILED",
      error: "Video processing needs ffmpeg (apt-get install ffmpeg): ffmpeg was not found at /nonexistent/ffmpeg (FFMPEG_PATH)",
    });
  } finally {
    if (configured === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = configured;
  }
});
