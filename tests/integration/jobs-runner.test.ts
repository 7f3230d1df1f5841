// The background job runner on the test database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a queued feed is parsed by the worker, duplicates are
// not queued twice, the refresh sweep is scheduled and queues due feeds.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { db, installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { handleForPglite } from "@/lib/db/pglite";
import { enqueue, JOB, startJobs, stopJobs } from "@/lib/job-runner";
import { getBoss } from "@/lib/jobs/boss";
import { createFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { enqueueFeedProcessing } from "@/lib/catalog/process";
import { createTestDatabase, truncateAll } from "../helpers/db";
import { ensurePgliteTemplate } from "../helpers/template";
import * as f from "../helpers/factories";

/** Like useTestDatabase(), but on PGlite the handle carries its client: pg-boss runs through it. */
async function openDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DATABASE_URL) return createTestDatabase();
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await ensurePgliteTemplate())]) });
  return Object.assign(handleForPglite({ kind: "pglite", dataDir: "memory://" }, client), { pglite: client });
}

let handle: DatabaseHandle;
const storage = fs.mkdtempSync(path.join(os.tmpdir(), "jobs-runner-"));

beforeAll(async () => {
  process.env.STORAGE_DIR = storage;
  handle = await openDatabase();
  installDatabase(handle);
  await startJobs({ pollingIntervalSeconds: 0.5 });
}, 60_000);
afterEach(() => truncateAll(handle));
afterAll(async () => {
  await stopJobs();
  retireDatabase();
  await handle.close();
  delete process.env.STORAGE_DIR;
  fs.rmSync(storage, { recursive: true, force: true });
});

async function feedFromCsv() {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const bytes = new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv")));
  const input = { source: "FILE", name: "Shoes", updateFrequencyHours: 24 };
  return createFeed(scopeOf(ctx), advertiser.id, input, { name: "products.csv", bytes, format: "CSV" });
}

async function waitForStatus(feedId: number, status: "COMPLETED" | "FAILED", timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const feed = await db.catalogFeed.findUniqueOrThrow({ where: { id: feedId } });
    if (feed.updateStatus === status) return feed;
    if (Date.now() > deadline) throw new Error(`feed ${feedId} still ${feed.updateStatus}: ${feed.lastProcessStatus}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test("starting twice starts once", () => {
  expect(startJobs()).toBe(startJobs());
});

test("a queued feed is parsed by the worker; the same feed is not queued twice meanwhile", async () => {
  const { id } = await feedFromCsv();
  const first = await enqueueFeedProcessing(id);
  expect(first).toEqual(expect.any(String));
  expect(await enqueueFeedProcessing(id)).toBeNull();

  const feed = await waitForStatus(id, "COMPLETED");
  expect(feed).toMatchObject({ totalLines: 12, parsedLines: 10, errorLines: 2, itemsImported: 10, itemsTotal: 12 });
  expect(feed.lastSuccessAt).toBeInstanceOf(Date);
  expect(await db.catalogItem.count({ where: { feedId: id } })).toBe(10);
}, 30_000);

test("the refresh sweep runs every 5 minutes and queues the feeds that are due", async () => {
  const boss = await getBoss();
  const schedules = await boss.getSchedules();
  expect(schedules.map((s) => [s.name, s.cron, s.timezone]).sort()).toEqual([
    [JOB.audienceBackfillSweep, "*/10 * * * *", "UTC"],
    [JOB.audienceLookAlikeSweep, "*/5 * * * *", "UTC"],
    [JOB.audienceRemoteSweep, "*/5 * * * *", "UTC"],
    [JOB.audienceUserCountRefresh, "23 0 * * *", "UTC"],
    [JOB.authEventPrune, "47 3 * * *", "UTC"],
    [JOB.catalogRefreshSweep, "*/5 * * * *", "UTC"],
    [JOB.creativeConversionSweep, "*/5 * * * *", "UTC"],
    [JOB.dataChangePrune, "*/10 * * * *", "UTC"],
    [JOB.deliveryBoundaryBuild, "* * * * *", "UTC"],
    [JOB.notificationSweep, "*/5 * * * *", "UTC"],
    [JOB.optimizationRuleSweep, "*/5 * * * *", "UTC"],
    [JOB.pixelFireRollup, "17 3 * * *", "UTC"],
    [JOB.reportTemplateSweep, "* * * * *", "UTC"],
    [JOB.storedUploadSweep, "41 * * * *", "UTC"],
    [JOB.userEventPrune, "37 3 * * *", "UTC"],
  ]);

  const { id } = await feedFromCsv(); // created due now, never queued
  await enqueue(JOB.catalogRefreshSweep, {});
  expect(await waitForStatus(id, "COMPLETED")).toMatchObject({ itemsImported: 10 });
}, 30_000);

test("the notification sweep job runs the notification generator", async () => {
  const { licensee } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const ended = new Date(Date.now() - 3_600_000);
  await f.makeCampaign(advertiser, { startTime: new Date(Date.now() - 86_400_000), endTime: ended });
  await enqueue(JOB.notificationSweep, {});
  const deadline = Date.now() + 20_000;
  while ((await db.notification.count()) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(await db.notification.count()).toBeGreaterThan(0); // "Campaign has ended" for the RW member
}, 30_000);
