// A feed run cannot lose a user's edit: the run is paused in its parse (a
// slow parser, the long part of a real run), the user edits the feed's name
// and frequency and its variable mappings through the mutations meanwhile,
// and when the run ends every edit is still there; the run wrote only its own
// fields. A link changed during the run makes its download stale: nothing is
// stored and the feed is queued again.
import { db } from "@/lib/db";
import { enqueue } from "@/lib/jobs/queue";
import { storage } from "@/lib/storage";
import { createFeed, updateFeed, updateVariableMapping } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed } from "@/lib/catalog/process";
import { getFeedOrThrow, listMappings } from "@/lib/catalog/queries";
import * as parse from "@/lib/catalog/parse";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import * as f from "../helpers/factories";
import { startFtpServer, type FtpServer } from "../fixtures/catalog/ftp-server";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn().mockResolvedValue("job-1") }));
jest.mock("@/lib/catalog/parse", () => {
  const actual = jest.requireActual<typeof import("@/lib/catalog/parse")>("@/lib/catalog/parse");
  return { ...actual, parseFeed: jest.fn(actual.parseFeed) };
});
const parseFeedMock = parse.parseFeed as jest.MockedFunction<typeof parse.parseFeed>;
const realParseFeed = jest.requireActual<typeof import("@/lib/catalog/parse")>("@/lib/catalog/parse").parseFeed;

useTestDatabase();

const HOUR = 3_600_000;
const V1 = "id,title,link,image_link,price,legacy_code\nA,Lamp,https://s.example/a,https://s.example/a.jpg,10 USD,L-1\nB,Desk,https://s.example/b,https://s.example/b.jpg,20 USD,L-2\n";
const V2 = "id,title,link,image_link,price,color\nA,Lamp,https://s.example/a,https://s.example/a.jpg,11 USD,red\nC,Chair,https://s.example/c,https://s.example/c.jpg,30 USD,blue\n";

useTestStorage("catalog-run-edits-");

/** The next parse waits at its start until released; resolves `paused` once it is waiting. */
function pauseNextParse() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let paused!: () => void;
  const reached = new Promise<void>((resolve) => (paused = resolve));
  parseFeedMock.mockImplementationOnce(async (...args) => {
    paused();
    await gate;
    return realParseFeed(...args);
  });
  return { reached, release };
}

test("edits made while a run is in progress survive it; the run writes only its own fields", async () => {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const { id } = await createFeed(scopeOf(ctx), advertiser.id, { source: "FILE", name: "Furniture", updateFrequencyHours: "24" }, {
    name: "feed.csv",
    bytes: new TextEncoder().encode(V1),
    format: "CSV",
  });
  expect(await processFeed(id, new Date("2030-01-01T00:00:00Z"))).toMatchObject({ status: "COMPLETED", itemsImported: 2 });
  const feedFile = (await db.catalogFeed.findUniqueOrThrow({ where: { id } })).storedFilePath!;
  await storage().put(feedFile, new TextEncoder().encode(V2)); // the next run reads a feed without legacy_code

  const { reached, release } = pauseNextParse();
  const now = new Date("2030-01-02T00:00:00Z");
  const run = processFeed(id, now);
  await reached;

  // The user, meanwhile: maps legacy_code (gone from the next file), describes title, renames the feed, runs it hourly.
  const byName = async (name: string) => (await listMappings(ctx, id)).find((m) => m.name === name)!;
  const legacy = await byName("legacy_code");
  await updateVariableMapping(scopeOf(ctx), legacy.id, legacy.version, { standardVariable: "custom_label_0", description: "Old ERP code" });
  const title = await byName("title");
  await updateVariableMapping(scopeOf(ctx), title.id, title.version, { standardVariable: "title", description: "Shown in the ad" });
  const during = await getFeedOrThrow(ctx, id);
  expect(during.updateStatus).toBe("PROCESSING");
  await updateFeed(scopeOf(ctx), id, during.version, { name: "Furniture (renamed)", updateFrequencyHours: 1 });

  release();
  expect(await run).toMatchObject({ status: "COMPLETED", totalLines: 2, itemsImported: 2 });

  const feed = await getFeedOrThrow(ctx, id);
  expect(feed).toMatchObject({
    name: "Furniture (renamed)",
    updateFrequencyHours: 1,
    version: during.version + 1, // the user's save; the run never bumps it
    updateStatus: "COMPLETED",
    lastUpdated: now.toISOString(),
    nextRunAt: new Date(now.getTime() + HOUR).toISOString(), // the frequency as it is now
  });
  expect(await byName("legacy_code")).toMatchObject({ standardVariable: "custom_label_0", description: "Old ERP code", version: 2, samples: [] });
  expect(await byName("title")).toMatchObject({ standardVariable: "title", description: "Shown in the ad", version: 2, samples: ["Lamp", "Chair"] });
  expect(await byName("color")).toMatchObject({ standardVariable: "color", version: 1 }); // created: the user had none
  expect((await db.catalogItem.findMany({ where: { feedId: id }, orderBy: { externalId: "asc" } })).map((i) => i.externalId)).toEqual(["A", "C"]);
  const system = await db.activityLog.findFirstOrThrow({ where: { entityId: id, userId: null }, orderBy: { id: "desc" } });
  expect(system).toMatchObject({ message: "Catalog feed processed", entityName: "Furniture (renamed)" });
});

test("a feed archived during the run keeps what it had: the run's items are rolled back", async () => {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const upload = { name: "feed.csv", bytes: new TextEncoder().encode(V1), format: "CSV" as const };
  const { id } = await createFeed(scopeOf(ctx), advertiser.id, { source: "FILE", name: "Furniture", updateFrequencyHours: "24" }, upload);
  await processFeed(id);
  await storage().put((await db.catalogFeed.findUniqueOrThrow({ where: { id } })).storedFilePath!, new TextEncoder().encode(V2));
  const { reached, release } = pauseNextParse();
  const run = processFeed(id);
  await reached;
  await db.catalogFeed.update({ where: { id }, data: { isArchived: true } }); // as the advertiser's archive does
  release();
  expect(await run).toEqual({ status: "SKIPPED" });
  expect((await db.catalogItem.findMany({ where: { feedId: id }, orderBy: { externalId: "asc" } })).map((i) => i.externalId)).toEqual(["A", "B"]);
  expect(await db.activityLog.count({ where: { entityId: id, userId: null } })).toBe(1); // the first run's only
});

describe("a link changed during the run", () => {
  let ftp: FtpServer;
  beforeAll(async () => {
    process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
    ftp = await startFtpServer({ user: "shop", password: "pw", files: { "/a.csv": Buffer.from(V1), "/b.csv": Buffer.from(V2) } });
  });
  afterAll(async () => {
    delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
    await ftp.close();
  });

  test("makes the download stale: nothing is stored, the feed is queued again and then reads the new link", async () => {
    const { licensee, ctx } = await f.makeTenant("RW");
    const advertiser = await f.makeAdvertiser(licensee.id);
    const link = (file: string) => `ftp://127.0.0.1:${ftp.port}/${file}`;
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, { source: "LINK", name: "Remote", updateFrequencyHours: 24, link: link("a.csv"), username: "shop", password: "pw" });
    const { reached, release } = pauseNextParse();
    const run = processFeed(id);
    await reached;
    await updateFeed(scopeOf(ctx), id, 1, { name: "Remote", updateFrequencyHours: 24, link: link("b.csv"), username: "shop", password: "" });
    release();

    expect(await run).toEqual({ status: "REQUEUED" });
    expect(await db.catalogItem.count({ where: { feedId: id } })).toBe(0);
    expect(await getFeedOrThrow(ctx, id)).toMatchObject({
      updateStatus: "PROCESSING",
      lastProcessStatus: "The feed's source changed while it was being processed: it is processed again",
      source: `ftp://shop@127.0.0.1:${ftp.port}/b.csv`,
    });
    expect(enqueue).toHaveBeenCalledWith("catalog-process", { feedId: id }, { singletonKey: String(id) });
    expect(await db.activityLog.count({ where: { entityId: id, userId: null } })).toBe(0);

    expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", itemsImported: 2 });
    expect((await db.catalogItem.findMany({ where: { feedId: id }, orderBy: { externalId: "asc" } })).map((i) => i.externalId)).toEqual(["A", "C"]);
  });
});
