// One archive cannot take the server down: a ZIP feed is inflated one entry at
// a time, only the feed entry, as a stream, and stops at the uncompressed-size
// cap or the compression-ratio cap with the feed FAILED and the reason in its
// last process status. The bombs are made here (tests/fixtures/catalog/zip-bomb.ts)
// and travel the user's path: upload check, create, background run. Memory is
// measured as the process's resident set size, before, after and sampled
// while the run goes on (the inflater yields to the event loop between pieces).
import fs from "node:fs";
import path from "node:path";
import { createFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed } from "@/lib/catalog/process";
import { getFeedOrThrow } from "@/lib/catalog/queries";
import { readUpload } from "@/lib/catalog/upload";
import { ZIP_MESSAGES } from "@/lib/catalog/unzip";
import { db } from "@/lib/db";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { repeatedByteEntry, storedEntry, zipArchive, type ZipEntry } from "../fixtures/catalog/zip-bomb";

useTestDatabase();

const MB = 1024 * 1024;
useTestStorage("catalog-zip-bomb-");
let bomb: ZipEntry;
beforeAll(async () => {
  bomb = await repeatedByteEntry("part.csv", 150); // a CSV header, then 150 MB of "a": about 150 KB deflated
});

/** Uploads the archive as a user would and runs the feed, measuring RSS around both. */
async function uploadAndRun(archive: Buffer) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
  try {
    const upload = await readUpload(new File([new Uint8Array(archive)], "feed.zip"));
    expect(upload).toMatchObject({ format: "ZIP" });
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, { source: "FILE", name: "Bomb", updateFrequencyHours: "24" }, upload);
    const outcome = await processFeed(id);
    const after = process.memoryUsage().rss;
    peak = Math.max(peak, after);
    return { id, ctx, outcome, growth: { peakMb: (peak - before) / MB, afterMb: (after - before) / MB } };
  } finally {
    clearInterval(sampler);
  }
}

test("warm-up: a small ZIP feed completes (the database and parsers are loaded before memory is measured)", async () => {
  const csv = fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv"));
  const { outcome } = await uploadAndRun(zipArchive([storedEntry("products.csv", csv)]));
  expect(outcome).toMatchObject({ status: "COMPLETED", totalLines: 12 });
});

test("a 600 MB bomb in a ~600 KB archive is refused by the ratio cap: feed Failed with the reason, memory grows < 100 MB", async () => {
  // Four entries of 150 MB each: every one under the old per-entry limit of 200 MB, 600 MB together.
  const archive = zipArchive(["part.csv", "part2.csv", "part3.csv", "part4.csv"].map((name) => ({ ...bomb, name })));
  expect(archive.length).toBeLessThan(700 * 1024);

  const { id, ctx, outcome, growth } = await uploadAndRun(archive);
  const reason = ZIP_MESSAGES.ratio("part.csv", 100);
  expect(reason).toBe("The file part.csv in the ZIP archive expands more than 100 times its compressed size (a zip bomb?): the feed was not read");
  expect(outcome).toEqual({ status: "FAILED", message: reason });
  // What the feed list and drawer show.
  expect(await getFeedOrThrow(ctx, id)).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: reason, itemsImported: 0 });
  expect(await db.catalogItem.count({ where: { feedId: id } })).toBe(0);
  expect(growth.peakMb).toBeLessThan(100);
  expect(growth.afterMb).toBeLessThan(100);
});

test("with the ratio cap lifted, the uncompressed-size cap stops the same bomb at FEED_ZIP_MAX_MB", async () => {
  process.env.FEED_ZIP_MAX_RATIO = "100000";
  process.env.FEED_ZIP_MAX_MB = "20";
  try {
    const { id, ctx, outcome, growth } = await uploadAndRun(zipArchive([bomb]));
    const reason = "The file part.csv in the ZIP archive is larger than 20 MB uncompressed: the feed was not read";
    expect(outcome).toEqual({ status: "FAILED", message: reason });
    expect(await getFeedOrThrow(ctx, id)).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: reason });
    expect(growth.peakMb).toBeLessThan(100);
  } finally {
    delete process.env.FEED_ZIP_MAX_RATIO;
    delete process.env.FEED_ZIP_MAX_MB;
  }
});

test("entries that are not the feed are never inflated: a bomb beside the feed file costs nothing", async () => {
  const csv = fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv"));
  const archive = zipArchive([
    { ...bomb, name: "images/huge.bmp" },
    { ...bomb, name: "__MACOSX/._products.csv" },
    storedEntry("products.csv", csv),
    { ...bomb, name: "products-copy.csv" },
  ]);
  const { outcome, growth } = await uploadAndRun(archive);
  expect(outcome).toMatchObject({ status: "COMPLETED", totalLines: 12, parsedLines: 10, itemsImported: 10 });
  expect(growth.peakMb).toBeLessThan(100);
});
