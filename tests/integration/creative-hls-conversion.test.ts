// HLS to MP4 end to end: the action writes one QUEUED row per link and queues
// a job for each; the job (run here directly, as the runner would) fetches the
// fixture playlist from a local HTTP server (FEED_ALLOW_PRIVATE_HOSTS lets the
// address guard through to 127.0.0.1), converts it with ffmpeg, probes and
// stores the MP4 and creates the VIDEO creative with its activity row.
// Refused hosts, unreachable hosts and non-playlists end FAILED with a reason.
// ffmpeg never touches the network: we download every segment ourselves
// through the address guard (a refused or rebinding segment host, an oversize
// segment or a segment that is a playlist fail before ffmpeg ever runs), into
// a private directory removed afterwards; codecs MP4 players cannot play
// (MPEG-2 video) are encoded again as H.264; AES-128 segments, init sections
// and byte ranges become plain files of their own before ffmpeg reads them.
// (Playlists naming this server's files: creative-hls-local-files.test.ts.)
import "../helpers/action-session";
import { execFileSync } from "node:child_process";
import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { listHlsConversionsAction, startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { CONVERSION_LIMITS, convertPlaylist, loadMediaPlaylist, runHlsConversion } from "@/lib/creatives/convert/run";
import { streamCodecs } from "@/lib/creatives/convert/ffmpeg";
import { failStaleConversions, STALE_MESSAGE } from "@/lib/creatives/convert/sweep";
import { probeVideo } from "@/lib/creatives/media/probe";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { AD_MARKING, convertOne, creativeFields, enqueueMock, FFMPEG, ffmpegCalls, ffmpegRuns, HLS_FIXTURES, tenant, useHlsHarness } from "../helpers/hls-conversion";
import { requireSessionMock } from "../helpers/session-mock";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));

useTestDatabase();
const { dir: storageDir, storedFiles } = useTestStorage("creative-hls-");

/** An MPEG-2 video (MP2 audio) HLS playlist: MP4 players cannot play its video as it is. */
let mpeg2Dir: string;
/** The fixture's segments encrypted with AES-128, the key beside them (served under /aes/). */
let aesDir: string;
/** Fragmented MP4 segments with an init section, and MPEG-TS byte ranges of one file (served under /generated/). */
let generatedDir: string;
let closedPort: number;

/**
 * From here on the address guard applies production rules: the playlist
 * itself came from 127.0.0.1 (allowed by the test hook), what it names is
 * checked as a real public link would be.
 */
const productionRulesFromNowOn = (playlist: string) => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  return playlist;
};
const onePlaylist = (segment: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n${segment}\n#EXT-X-ENDLIST\n`;

const hls = useHlsHarness(
  (pathname) => {
    if (path.basename(pathname) === "page.m3u8") return "<html>not a playlist</html>";
    if (pathname === "/refused/video.m3u8") return productionRulesFromNowOn(onePlaylist("http://169.254.169.254/segment0.ts"));
    if (pathname === "/rebind/video.m3u8") return productionRulesFromNowOn(onePlaylist("http://media.rebind.test/segment0.ts"));
    // A "segment" that is a playlist naming a local file.
    if (pathname === "/nested/video.m3u8") return onePlaylist("inner.ts");
    if (pathname === "/nested/inner.ts") return onePlaylist("file:///etc/passwd");
    return undefined;
  },
  () => ({ mpeg2: mpeg2Dir, aes: aesDir, generated: generatedDir }),
);

beforeAll(async () => {
  mpeg2Dir = fs.mkdtempSync(path.join(os.tmpdir(), "hls-mpeg2-fixture-"));
  execFileSync(FFMPEG, [
    "-hide_banner", "-loglevel", "error",
    "-f", "lavfi", "-i", "testsrc=size=160x120:rate=25:duration=2",
    "-f", "lavfi", "-i", "sine=frequency=440:duration=2",
    "-c:v", "mpeg2video", "-c:a", "mp2", "-g", "25",
    "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_playlist_type", "vod",
    "-hls_segment_filename", path.join(mpeg2Dir, "segment%d.ts"), path.join(mpeg2Dir, "mpeg2.m3u8"),
  ]);
  aesDir = fs.mkdtempSync(path.join(os.tmpdir(), "hls-aes-fixture-"));
  fs.writeFileSync(path.join(aesDir, "enc.key"), Buffer.from("00112233445566778899aabbccddeeff", "hex"));
  fs.writeFileSync(path.join(aesDir, "key.info"), `enc.key\n${path.join(aesDir, "enc.key")}\n`);
  execFileSync(FFMPEG, [
    "-hide_banner", "-loglevel", "error", "-i", path.join(HLS_FIXTURES, "segment0.ts"), "-c", "copy",
    "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_playlist_type", "vod", "-hls_key_info_file", path.join(aesDir, "key.info"),
    "-hls_segment_filename", path.join(aesDir, "aes%d.ts"), path.join(aesDir, "aes.m3u8"),
  ]);
  generatedDir = fs.mkdtempSync(path.join(os.tmpdir(), "hls-generated-fixture-"));
  const vod = ["-hide_banner", "-loglevel", "error", "-i", path.join(HLS_FIXTURES, "playlist.m3u8"), "-c", "copy", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0", "-hls_playlist_type", "vod"];
  execFileSync(FFMPEG, [...vod, "-bsf:a", "aac_adtstoasc", "-hls_segment_type", "fmp4", "-hls_segment_filename", path.join(generatedDir, "frag%d.m4s"), path.join(generatedDir, "fmp4.m3u8")]);
  execFileSync(FFMPEG, [...vod, "-hls_flags", "single_file", path.join(generatedDir, "ranges.m3u8")]);
  // A port nothing listens on: opened and closed again.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => {
  for (const dir of [mpeg2Dir, aesDir, generatedDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts conversions through the action and runs every job it queued; into a set, the creatives take its click destination. */
async function convert(advertiser: { id: number; licenseeId: number }, videoUrls: string[], creativeSetId?: number) {
  const fields = creativeSetId === undefined ? await creativeFields(advertiser) : AD_MARKING;
  const started = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls, creativeSetId, ...fields });
  expect(started.ok).toBe(true);
  const payloads = enqueueMock.mock.calls.map(([name, data]) => {
    expect(name).toBe("creative-hls-convert");
    return data as Parameters<typeof runHlsConversion>[0];
  });
  expect(payloads).toHaveLength(videoUrls.length);
  return Promise.all(payloads.map((p) => runHlsConversion(p)));
}

test("a playlist becomes a VIDEO creative whose duration matches the playlist's, stored and probed", async () => {
  const { advertiser, ctx } = await tenant();
  const set = await f.makeCreativeSet(advertiser, { type: "VIDEO" });
  const [outcome] = await convert(advertiser, [`${hls.base}/playlist.m3u8`], set.id);
  expect(outcome).toEqual({ status: "DONE", creativeId: expect.any(Number) });

  const conversion = await db.mediaConversion.findFirstOrThrow();
  expect(conversion).toMatchObject({ status: "DONE", progress: 100, error: null, userId: ctx.userId, advertiserId: advertiser.id });
  const creative = await db.creative.findUniqueOrThrow({ where: { id: conversion.creativeId! } });
  expect(creative).toMatchObject({ type: "VIDEO", name: "playlist", width: 160, height: 120, mimeType: "video/mp4", advertiserId: advertiser.id });
  // Into a set, the creative takes the set's click destination (business.md 5: every creative has one).
  expect(creative.clickDestinationId).toBe(set.clickDestinationId);
  expect(creative.clickDestinationId).not.toBeNull();
  // The fixture is two 1 s segments.
  expect(Math.abs(creative.durationMs! - 2000)).toBeLessThanOrEqual(200);
  expect(creative.storageKey).toMatch(new RegExp(`^creatives/${ctx.licenseeId}/${advertiser.id}/[0-9a-f-]{36}/playlist\\.mp4$`));
  expect(creative.fileUrl).toBe(`/api/files/${creative.storageKey}`);
  expect(storedFiles()).toEqual([creative.storageKey]);
  const stored = path.join(storageDir, creative.storageKey!);
  expect(fs.statSync(stored).size).toBe(creative.fileSizeBytes);
  expect(await probeVideo(stored)).toMatchObject({ width: 160, height: 120, durationMs: creative.durationMs });

  expect(await db.creativeSetCreative.findMany()).toEqual([{ creativeSetId: set.id, creativeId: creative.id }]);
  const activity = await db.activityLog.findFirstOrThrow({ where: { entityType: "CREATIVE", entityId: creative.id } });
  expect(activity).toMatchObject({ action: "CREATE", userId: ctx.userId, userName: ctx.userName, licenseeId: ctx.licenseeId });

  const listed = await listHlsConversionsAction({ advertiserId: advertiser.id });
  expect(listed).toEqual({ ok: true, data: [expect.objectContaining({ id: conversion.id, status: "DONE", progress: 100, creativeId: creative.id })] });
}, 60_000);

test("a master playlist is converted from its best variant", async () => {
  const { advertiser } = await tenant();
  const [outcome] = await convert(advertiser, [`${hls.base}/master.m3u8`]);
  expect(outcome.status).toBe("DONE");
  expect(await db.creative.findFirstOrThrow()).toMatchObject({ name: "master", width: 160, height: 120 });
}, 60_000);

test("a loopback host is refused when private hosts are not allowed (as in production): FAILED, nothing stored", async () => {
  const { advertiser } = await tenant();
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  const [outcome] = await convert(advertiser, [`${hls.base}/playlist.m3u8`]);
  const message = "The host 127.0.0.1 is not allowed: it is not a public internet address";
  expect(outcome).toEqual({ status: "FAILED", error: message });
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject({ status: "FAILED", error: message, creativeId: null });
  expect(await db.creative.count()).toBe(0);
  expect(storedFiles()).toEqual([]);
});

test("an unreachable host and a page that is not a playlist fail with their reasons", async () => {
  const { advertiser } = await tenant();
  await convert(advertiser, [`http://127.0.0.1:${closedPort}/video.m3u8`, `${hls.base}/page.m3u8`, `${hls.base}/missing.m3u8`]);
  const rows = await db.mediaConversion.findMany({ orderBy: { id: "asc" } });
  expect(rows.map((r) => [r.status, r.error])).toEqual([
    ["FAILED", "Could not connect to 127.0.0.1"],
    ["FAILED", "The link is not an HLS playlist (it does not start with #EXTM3U)"],
    ["FAILED", "127.0.0.1 answered with HTTP status 404"],
  ]);
  expect(await db.creative.count()).toBe(0);
});

test("links are checked beside the field, each by its line", async () => {
  const { advertiser } = await tenant();
  const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`, "ftp://x/a.m3u8", `${hls.base}/video.mp4`], ...AD_MARKING });
  expect(result).toMatchObject({
    ok: false,
    status: 400,
    fieldErrors: { "videoUrls.1": "Enter an http:// or https:// link", "videoUrls.2": "The link must end in a playlist file (.m3u8 or .m3u)" },
  });
  expect(await db.mediaConversion.count()).toBe(0);
  expect(enqueueMock).not.toHaveBeenCalled();
});

test("a creative set of another advertiser or type is refused beside its field", async () => {
  const { advertiser, licensee } = await tenant();
  const other = await f.makeAdvertiser(licensee.id);
  const foreignSet = await f.makeCreativeSet(other, { type: "VIDEO" });
  const imageSet = await f.makeCreativeSet(advertiser, { type: "IMAGE" });
  for (const [setId, message] of [
    [foreignSet.id, "The creative set belongs to another advertiser"],
    [imageSet.id, "Converted videos can only be added to a video creative set"],
  ] as const) {
    const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], creativeSetId: setId, ...AD_MARKING });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { creativeSetId: message } });
  }
  expect(await db.mediaConversion.count()).toBe(0);
});

test.each(["RO", "DEMO"] as const)("%s users are refused before anything is written", async (role) => {
  const { advertiser } = await tenant(role);
  const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], ...AD_MARKING });
  expect(result).toMatchObject({ ok: false, status: 403 });
  expect(await db.mediaConversion.count()).toBe(0);
  expect(enqueueMock).not.toHaveBeenCalled();
  // Reading the list is fine for them.
  expect(await listHlsConversionsAction({ advertiserId: advertiser.id })).toEqual({ ok: true, data: [] });
});

test("another licensee's advertiser is not found, for starting and for reading", async () => {
  const mine = await tenant();
  const theirs = await f.makeTenantWithAdvertiser("RW");
  requireSessionMock.mockResolvedValue(mine.ctx);
  expect(await startHlsConversionAction({ advertiserId: theirs.advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], ...AD_MARKING })).toMatchObject({ ok: false, status: 404 });
  expect(await listHlsConversionsAction({ advertiserId: theirs.advertiser.id })).toMatchObject({ ok: false, status: 404 });
  expect(await db.mediaConversion.count()).toBe(0);
});

test("the job acts only for the licensee its row belongs to", async () => {
  const { advertiser } = await tenant();
  await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${hls.base}/playlist.m3u8`], ...(await creativeFields(advertiser)) });
  const payload = enqueueMock.mock.calls[0][1] as Parameters<typeof runHlsConversion>[0];
  const stranger = await f.makeTenant("RW");
  expect(await runHlsConversion({ ...payload, licenseeId: stranger.licensee.id })).toEqual({ status: "SKIPPED" });
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject({ status: "QUEUED" });
  // Run twice, converted once.
  const [first, second] = await Promise.all([runHlsConversion(payload), runHlsConversion(payload)]);
  expect([first.status, second.status].sort()).toEqual(["DONE", "SKIPPED"]);
  expect(await db.creative.count()).toBe(1);
}, 60_000);

// ───────────── ffmpeg never touches the network ─────────────

test("ffmpeg reads only the local copies, with no network protocol allowed", async () => {
  const row = await convertOne(hls, `${hls.base}/playlist.m3u8`);
  expect(row.status).toBe("DONE");
  expect(hls.requested.sort()).toEqual(["/playlist.m3u8", "/segment0.ts", "/segment1.ts"]);
  const runs = ffmpegRuns(hls);
  expect(runs.length).toBeGreaterThanOrEqual(2); // the stream list, then the copy
  for (const run of runs) {
    expect(run).toContain("-protocol_whitelist file -format_whitelist hls,mpegts,mov,aac,mp3,ac3,eac3 -f hls -i playlist.m3u8");
    expect(run).not.toMatch(/https?:|allowed_extensions|crypto/);
  }
  for (const call of ffmpegCalls(hls)) expect(call[2]?.cwd).toBe(hls.workDirs[0]);
}, 60_000);

test("a segment on a refused host fails with the reason before anything is downloaded, and ffmpeg never runs", async () => {
  const row = await convertOne(hls, `${hls.base}/refused/video.m3u8`);
  expect(row).toMatchObject({ status: "FAILED", error: "The host 169.254.169.254 is not allowed: it is not a public internet address", creativeId: null });
  expect(hls.requested).toEqual(["/refused/video.m3u8"]);
  expect(ffmpegRuns(hls)).toEqual([]);
  expect(await db.creative.count()).toBe(0);
});

test("a segment host whose DNS answer turns internal after the check is refused when downloaded (rebinding), and ffmpeg never runs", async () => {
  const lookups: string[] = [];
  const lookupSpy = jest.spyOn(dns.promises, "lookup").mockImplementation((async (host: string) => {
    lookups.push(host);
    return [{ address: lookups.length === 1 ? "93.184.216.34" : "10.0.0.5", family: 4 }];
  }) as unknown as typeof dns.promises.lookup);
  hls.restoreAfterTest(lookupSpy);
  const row = await convertOne(hls, `${hls.base}/rebind/video.m3u8`);
  expect(lookups).toEqual(["media.rebind.test", "media.rebind.test"]);
  expect(row).toMatchObject({
    status: "FAILED",
    error: "Segment 1 of 1 could not be downloaded: The host media.rebind.test is not allowed: it is not a public internet address",
  });
  expect(ffmpegRuns(hls)).toEqual([]);
});

test("a segment over the size cap fails with the cap, and ffmpeg never runs", async () => {
  const row = await convertOne(hls, `${hls.base}/playlist.m3u8`, { ...CONVERSION_LIMITS, segmentMaxBytes: 1000 });
  expect(row.status).toBe("FAILED");
  expect(row.error).toMatch(/^Segment [12] of 2 could not be downloaded: The response is larger than 1 KB$/);
  expect(ffmpegRuns(hls)).toEqual([]);
});

test("segments larger than the total cap together fail with it", async () => {
  const segmentBytes = fs.statSync(path.join(HLS_FIXTURES, "segment0.ts")).size;
  const row = await convertOne(hls, `${hls.base}/playlist.m3u8`, { ...CONVERSION_LIMITS, downloadMaxBytes: segmentBytes + 10 });
  expect(row.error).toBe(`The video's segments are larger than ${Math.ceil((segmentBytes + 10) / 1000)} KB in total`);
  expect(ffmpegRuns(hls)).toEqual([]);
});

test("a segment that is itself a playlist is refused before ffmpeg could follow it", async () => {
  const row = await convertOne(hls, `${hls.base}/nested/video.m3u8`);
  expect(row.error).toBe("Segment 1 of 1 is a playlist, not media: only media segments can be converted");
  expect(ffmpegRuns(hls)).toEqual([]);
});

test("MPEG-2 video, which MP4 players cannot play as it is, is encoded again as H.264", async () => {
  const row = await convertOne(hls, `${hls.base}/mpeg2/mpeg2.m3u8`);
  expect(row).toMatchObject({ status: "DONE", error: null });
  expect(ffmpegRuns(hls).some((run) => run.includes("-c:v libx264"))).toBe(true);
  expect(ffmpegRuns(hls).some((run) => run.includes("-c copy"))).toBe(false);
  const creative = await db.creative.findUniqueOrThrow({ where: { id: row.creativeId! } });
  const stored = path.join(storageDir, creative.storageKey!);
  // ffmpeg without an output describes its input and exits non-zero.
  let described = "";
  try {
    execFileSync(FFMPEG, ["-hide_banner", "-i", stored], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    described = String((err as { stderr: Buffer }).stderr);
  }
  expect(streamCodecs(described)).toEqual({ video: "h264", audio: "aac" });
  expect(creative).toMatchObject({ width: 160, height: 120 });
}, 120_000);

test("AES-128 segments are decrypted by us with the key we downloaded: ffmpeg gets plain local files, no key, no crypto", async () => {
  const row = await convertOne(hls, `${hls.base}/aes/aes.m3u8`);
  expect(row).toMatchObject({ status: "DONE", error: null });
  expect(hls.requested).toContain("/aes/enc.key");
  expect(ffmpegRuns(hls).length).toBeGreaterThanOrEqual(2);
  for (const run of ffmpegRuns(hls)) {
    expect(run).toContain("-protocol_whitelist file -format_whitelist hls,mpegts,mov,aac,mp3,ac3,eac3 -f hls -i playlist.m3u8");
    expect(run).not.toMatch(/allowed_extensions|crypto/);
  }
  expect(await db.creative.findUniqueOrThrow({ where: { id: row.creativeId! } })).toMatchObject({ width: 160, height: 120 });
}, 60_000);

test.each([
  ["fragmented MP4 with an init section", "fmp4.m3u8", "#EXT-X-MAP:URI="],
  ["byte ranges of one file", "ranges.m3u8", "#EXT-X-BYTERANGE:"],
])("%s: each part made a file of its own for ffmpeg, converted", async (_name, playlist, tag) => {
  expect(fs.readFileSync(path.join(generatedDir, playlist), "utf8")).toContain(tag);
  const row = await convertOne(hls, `${hls.base}/generated/${playlist}`);
  expect(row).toMatchObject({ status: "DONE", error: null });
  const creative = await db.creative.findUniqueOrThrow({ where: { id: row.creativeId! } });
  expect(creative).toMatchObject({ width: 160, height: 120 });
  expect(Math.abs(creative.durationMs! - 2000)).toBeLessThanOrEqual(200);
}, 60_000);

test("progress moves through the downloads (up to 60) and then ffmpeg (up to 99)", async () => {
  const media = await loadMediaPlaylist(`${hls.base}/playlist.m3u8`, CONVERSION_LIMITS);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "hls-progress-"));
  const updates: number[] = [];
  try {
    const output = await convertPlaylist(media, workDir, CONVERSION_LIMITS, Date.now() + 60_000, (p) => updates.push(p));
    expect(fs.statSync(output).size).toBeGreaterThan(0);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  // Two segments: half the download share each, then ffmpeg's share.
  expect(updates.slice(0, 2)).toEqual([30, 60]);
  expect(updates.slice(2).length).toBeGreaterThan(0);
  for (const p of updates.slice(2)) expect(p >= 60 && p <= 99).toBe(true);
  expect([...updates].sort((a, b) => a - b)).toEqual(updates);
}, 60_000);

// ───────────── rows left behind by a process that died ─────────────

test("the sweep fails conversions left QUEUED or RUNNING for more than 30 minutes, and a late job cannot finish them", async () => {
  const { advertiser, ctx } = await tenant();
  const now = new Date();
  const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
  const row = (status: "QUEUED" | "RUNNING" | "DONE" | "FAILED", updatedAt: Date, sourceUrl: string) =>
    db.mediaConversion.create({ data: { licenseeId: ctx.licenseeId, advertiserId: advertiser.id, userId: ctx.userId, sourceUrl, status, updatedAt } });
  const staleQueued = await row("QUEUED", minutesAgo(31), `${hls.base}/playlist.m3u8`);
  const staleRunning = await row("RUNNING", minutesAgo(45), `${hls.base}/b.m3u8`);
  const recentRunning = await row("RUNNING", minutesAgo(29), `${hls.base}/c.m3u8`);
  const oldDone = await row("DONE", minutesAgo(600), `${hls.base}/d.m3u8`);
  const oldFailed = await row("FAILED", minutesAgo(600), `${hls.base}/e.m3u8`);

  expect(await failStaleConversions(now, db)).toBe(2);
  const byId = new Map((await db.mediaConversion.findMany()).map((r) => [r.id, [r.status, r.error]]));
  expect(byId.get(staleQueued.id)).toEqual(["FAILED", STALE_MESSAGE]);
  expect(byId.get(staleRunning.id)).toEqual(["FAILED", STALE_MESSAGE]);
  expect(byId.get(recentRunning.id)).toEqual(["RUNNING", null]);
  expect(byId.get(oldDone.id)).toEqual(["DONE", null]);
  expect(byId.get(oldFailed.id)).toEqual(["FAILED", null]);
  expect(await failStaleConversions(now, db)).toBe(0);

  // The job of the swept QUEUED row, delivered late, leaves it as the sweep said.
  const payload = { conversionId: staleQueued.id, licenseeId: ctx.licenseeId, userName: ctx.userName, creativeSetId: null };
  expect(await runHlsConversion(payload)).toEqual({ status: "SKIPPED" });
  expect(await db.mediaConversion.findUniqueOrThrow({ where: { id: staleQueued.id } })).toMatchObject({ status: "FAILED", error: STALE_MESSAGE });
});

test("the sweep runs every 5 minutes with the job runner", () => {
  const { JOB_DEFINITIONS } = jest.requireActual<typeof import("@/lib/job-runner/definitions")>("@/lib/job-runner/definitions");
  expect(JOB_DEFINITIONS.find((d) => d.name === "creative-conversion-sweep")).toMatchObject({ cron: "*/5 * * * *" });
});
