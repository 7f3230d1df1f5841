// For the HLS conversion tests: a local HTTP server of playlists and segments
// (FEED_ALLOW_PRIVATE_HOSTS lets the address guard through to 127.0.0.1),
// spies on what a conversion spawns and on the private folder it makes, and a
// driver that runs one conversion as the action and the job runner would.
// The test file mocks @/lib/auth/session and @/lib/jobs/queue (jest.mock).
import childProcess from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { startHlsConversionAction } from "@/lib/creatives/convert/actions";
import { CONVERSION_LIMITS, runHlsConversion } from "@/lib/creatives/convert/run";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { DEMO_AD_MARKING } from "@/lib/seed/form-values";
import { makeClickDestination } from "./factories";
import { enqueueMock } from "./job-queue";
import { signedInTenant } from "./session-mock";

export const HLS_FIXTURES = path.join(__dirname, "../fixtures/creatives/hls");
/** The configured ffmpeg (FFMPEG_PATH), which also makes the tests' own media. */
export const FFMPEG = env().FFMPEG_PATH;
/** The ad-marking identifiers a conversion is started with (its VIDEO creative needs them). */
export const AD_MARKING = DEMO_AD_MARKING;
export { enqueueMock };

export interface HlsHarness {
  /** http://127.0.0.1:<port> of the server. */
  base: string;
  /** The paths asked of the server during the test. */
  requested: string[];
  spawnSpy: jest.SpiedFunction<typeof childProcess.spawn>;
  /** The conversions' private folders, to check they are gone afterwards. */
  workDirs: string[];
  /** Restored after the test, like the harness's own spies. */
  restoreAfterTest(spy: { mockRestore(): void }): void;
}

/**
 * Starts the server for the file's tests: `answer(pathname)` when it answers,
 * else a file by its name, from the folder `folders()` gives for the path's
 * first part or from the fixture folder; 404 when there is none.
 */
export function useHlsHarness(answer: (pathname: string) => string | undefined = () => undefined, folders: () => Record<string, string> = () => ({})): HlsHarness {
  const spies: { mockRestore(): void }[] = [];
  const harness: HlsHarness = {
    base: "",
    requested: [],
    spawnSpy: undefined as unknown as HlsHarness["spawnSpy"],
    workDirs: [],
    restoreAfterTest: (spy) => void spies.push(spy),
  };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const pathname = new URL(req.url ?? "/", "http://x").pathname;
      harness.requested.push(pathname);
      const answered = answer(pathname);
      if (answered !== undefined) return res.end(answered);
      const file = path.join(folders()[pathname.split("/")[1]] ?? HLS_FIXTURES, path.basename(pathname));
      if (!fs.existsSync(file)) return res.writeHead(404).end();
      res.end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    harness.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
    enqueueMock.mockReset().mockResolvedValue("job-1");
    harness.requested.length = 0;
    harness.workDirs.length = 0;
    harness.spawnSpy = jest.spyOn(childProcess, "spawn");
    const realMkdtemp = fsp.mkdtemp.bind(fsp);
    const mkdtempSpy = jest.spyOn(fsp, "mkdtemp").mockImplementation((async (prefix: string) => {
      const dir = await realMkdtemp(prefix);
      if (path.basename(prefix).startsWith("hls-convert-")) harness.workDirs.push(dir);
      return dir;
    }) as typeof fsp.mkdtemp);
    spies.push(harness.spawnSpy, mkdtempSpy);
  });
  afterEach(() => {
    delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
  return harness;
}

/** ffmpeg's runs (not its version check): their spawn calls. */
export function ffmpegCalls(harness: HlsHarness) {
  return harness.spawnSpy.mock.calls.filter(([, args]) => args && args.indexOf(FFMPEG) > 0 && args[args.indexOf(FFMPEG) + 1] !== "-version");
}

/** ffmpeg's runs by their arguments: the confinement and the binary aside. */
export function ffmpegRuns(harness: HlsHarness): string[] {
  return ffmpegCalls(harness).map(([, args]) => (args ?? []).slice((args ?? []).indexOf(FFMPEG) + 1).join(" "));
}

/** A licensee with an advertiser whose user is the session's. */
export const tenant = signedInTenant;

/** What a conversion without a creative set is started with: the identifiers and a click destination of the advertiser (every creative has one). */
export async function creativeFields(advertiser: { id: number; licenseeId: number }) {
  return { ...AD_MARKING, clickDestinationId: (await makeClickDestination(advertiser)).id };
}

/** Runs one conversion of `link` to its end, checks its private folder is gone, and answers its row. */
export async function convertOne(harness: HlsHarness, link: string, limits = CONVERSION_LIMITS) {
  const { advertiser } = await tenant();
  await startHlsConversionAction({ advertiserId: advertiser.id, videoUrls: [link], ...(await creativeFields(advertiser)) });
  const outcome = await runHlsConversion(enqueueMock.mock.calls[0][1] as Parameters<typeof runHlsConversion>[0], limits);
  const row = await db.mediaConversion.findFirstOrThrow();
  expect(outcome).toEqual(row.status === "DONE" ? { status: "DONE", creativeId: row.creativeId } : { status: "FAILED", error: row.error });
  expect(harness.workDirs).toHaveLength(1);
  expect(fs.existsSync(harness.workDirs[0])).toBe(false);
  return row;
}
