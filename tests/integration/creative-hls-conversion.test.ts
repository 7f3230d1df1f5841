// HLS to MP4 end to end: the action writes one QUEUED row per link and queues
// a job for each; the job (run here directly, as the runner would) fetches the
// fixture playlist from a local HTTP server (FEED_ALLOW_PRIVATE_HOSTS lets the
// address guard through to 127.0.0.1), converts it with ffmpeg, probes and
// stores the MP4 and creates the VIDEO creative with its activity row.
// Refused hosts, unreachable hosts and non-playlists end FAILED with a reason.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { db } from "@/lib/db";
import { requireSession } from "@/lib/auth/session";
import { enqueue } from "@/lib/jobs/queue";
import { listHlsConversionsAction, startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { runHlsConversion } from "@/lib/creatives/convert/run";
import { probeVideo } from "@/lib/creatives/media/probe";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));
jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn() }));
const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;
const enqueueMock = enqueue as jest.MockedFunction<typeof enqueue>;

useTestDatabase();
const { dir: storageDir, storedFiles } = useTestStorage("creative-hls-");

const FIXTURES = path.join(__dirname, "../fixtures/creatives/hls");
let server: http.Server;
let base: string;
let closedPort: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? "/", "http://x").pathname);
    if (name === "page.m3u8") return res.end("<html>not a playlist</html>");
    const file = path.join(FIXTURES, name);
    if (!fs.existsSync(file)) return res.writeHead(404).end();
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // A port nothing listens on: opened and closed again.
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  enqueueMock.mockReset().mockResolvedValue("job-1");
});
afterEach(() => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
});

async function tenant(role: "RW" | "RO" | "DEMO" = "RW") {
  const t = await f.makeTenantWithAdvertiser(role);
  requireSessionMock.mockResolvedValue(t.ctx);
  return t;
}

/** Starts conversions through the action and runs every job it queued. */
async function convert(advertiserId: number, videoUrls: string[], creativeSetId?: number) {
  const started = await startHlsConversionAction({ advertiserId, videoUrls, creativeSetId });
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
  const [outcome] = await convert(advertiser.id, [`${base}/playlist.m3u8`], set.id);
  expect(outcome).toEqual({ status: "DONE", creativeId: expect.any(Number) });

  const conversion = await db.mediaConversion.findFirstOrThrow();
  expect(conversion).toMatchObject({ status: "DONE", progress: 100, error: null, userId: ctx.userId, advertiserId: advertiser.id });
  const creative = await db.creative.findUniqueOrThrow({ where: { id: conversion.creativeId! } });
  expect(creative).toMatchObject({ type: "VIDEO", name: "playlist", width: 160, height: 120, mimeType: "video/mp4", advertiserId: advertiser.id });
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
  const [outcome] = await convert(advertiser.id, [`${base}/master.m3u8`]);
  expect(outcome.status).toBe("DONE");
  expect(await db.creative.findFirstOrThrow()).toMatchObject({ name: "master", width: 160, height: 120 });
}, 60_000);

test("a loopback host is refused when private hosts are not allowed (as in production): FAILED, nothing stored", async () => {
  const { advertiser } = await tenant();
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  const [outcome] = await convert(advertiser.id, [`${base}/playlist.m3u8`]);
  const message = "The host 127.0.0.1 is not allowed: it is not a public internet address";
  expect(outcome).toEqual({ status: "FAILED", error: message });
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject({ status: "FAILED", error: message, creativeId: null });
  expect(await db.creative.count()).toBe(0);
  expect(storedFiles()).toEqual([]);
});

test("an unreachable host and a page that is not a playlist fail with their reasons", async () => {
  const { advertiser } = await tenant();
  await convert(advertiser.id, [`http://127.0.0.1:${closedPort}/video.m3u8`, `${base}/page.m3u8`, `${base}/missing.m3u8`]);
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
  const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${base}/playlist.m3u8`, "ftp://x/a.m3u8", `${base}/video.mp4`] });
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
    const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${base}/playlist.m3u8`], creativeSetId: setId });
    expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { creativeSetId: message } });
  }
  expect(await db.mediaConversion.count()).toBe(0);
});

test.each(["RO", "DEMO"] as const)("%s users are refused before anything is written", async (role) => {
  const { advertiser } = await tenant(role);
  const result = await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${base}/playlist.m3u8`] });
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
  expect(await startHlsConversionAction({ advertiserId: theirs.advertiser.id, videoUrls: [`${base}/playlist.m3u8`] })).toMatchObject({ ok: false, status: 404 });
  expect(await listHlsConversionsAction({ advertiserId: theirs.advertiser.id })).toMatchObject({ ok: false, status: 404 });
  expect(await db.mediaConversion.count()).toBe(0);
});

test("the job acts only for the licensee its row belongs to", async () => {
  const { advertiser } = await tenant();
  await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [`${base}/playlist.m3u8`] });
  const payload = enqueueMock.mock.calls[0][1] as Parameters<typeof runHlsConversion>[0];
  const stranger = await f.makeTenant("RW");
  expect(await runHlsConversion({ ...payload, licenseeId: stranger.licensee.id })).toEqual({ status: "SKIPPED" });
  expect(await db.mediaConversion.findFirstOrThrow()).toMatchObject({ status: "QUEUED" });
  // Run twice, converted once.
  const [first, second] = await Promise.all([runHlsConversion(payload), runHlsConversion(payload)]);
  expect([first.status, second.status].sort()).toEqual(["DONE", "SKIPPED"]);
  expect(await db.creative.count()).toBe(1);
}, 60_000);
