// Catalog feeds end to end on the test database: create (upload or link),
// process (parse, store items and mappings, counts and status), mapping edits
// kept across re-processing, the scheduler sweep, and the gate (roles,
// licensees).
import "../helpers/action-session";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { scopeOf } from "@/lib/data/scope";
import { createFeedAction, refreshFeedAction, setFeedActiveAction, updateFeedAction, updateVariableMappingAction } from "@/lib/catalog/actions";
import {
  createFeed,
  requestFeedRefresh,
  setFeedActive,
  updateFeed,
  updateVariableMapping,
  type FeedUpload,
} from "@/lib/catalog/mutations";
import { processFeed, refreshDueFeeds } from "@/lib/catalog/process";
import { getFeedOrThrow, listMappings } from "@/lib/catalog/queries";
import { loadListView } from "@/lib/entities/lists";
import { storeFeedFile } from "@/lib/catalog/files";
import { storedPassword } from "@/lib/catalog/credentials";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";
import { answerDns } from "../fixtures/catalog/dns";
import { PRODUCTS_CSV_FEED_COUNTS, PRODUCTS_CSV_OUTCOME } from "../fixtures/catalog/products-csv";

useTestDatabase();

// Link hosts are checked at save time; these machines have no DNS.
beforeEach(() => {
  answerDns({ "files.example.com": ["93.184.215.14"], "ftp.example.com": ["93.184.215.15"] });
});
afterEach(() => jest.restoreAllMocks());

const storage = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-feeds-"));
beforeAll(() => {
  process.env.STORAGE_DIR = storage;
});
afterAll(() => {
  delete process.env.STORAGE_DIR;
  fs.rmSync(storage, { recursive: true, force: true });
});

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, "../fixtures/catalog", name)));
const csvUpload = (): FeedUpload => ({ name: "products.csv", bytes: fixture("products.csv"), format: "CSV" });
const fileInput = { source: "FILE", name: "Spring shoes", updateFrequencyHours: "24" };
/** Stored feed files (folders left behind, such as a licensee's own, are not files). */
const storedFiles = () => {
  const dir = path.join(storage, "catalog");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((p) => fs.statSync(path.join(dir, p)).isFile());
};
const HOUR = 3_600_000;

const rwTenant = () => f.makeTenantWithAdvertiser("RW");

describe("create and process", () => {
  test("a CSV upload is stored, parsed in the job and shows its counts, scores and status", async () => {
    const { ctx, advertiser } = await rwTenant();
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, fileInput, csvUpload());

    const created = await getFeedOrThrow(ctx, id);
    expect(created).toMatchObject({ name: "Spring shoes", source: "products.csv (CSV)", updateStatus: "PROCESSING", itemsImported: 0 });
    const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
    expect(log).toMatchObject({ action: "CREATE", entityType: "CATALOG_FEED", entityId: id, entityAdvertiserId: advertiser.id });
    expect(log.fields.map((x) => [x.fieldName, x.newValue]).sort()).toEqual([
      ["name", "Spring shoes"],
      ["source", "products.csv (CSV)"],
      ["updateFrequencyHours", "24"],
    ]);

    const now = new Date("2030-03-01T10:00:00Z");
    expect(await processFeed(id, now)).toEqual(PRODUCTS_CSV_OUTCOME);

    const feed = await getFeedOrThrow(ctx, id);
    expect(feed).toMatchObject({
      ...PRODUCTS_CSV_FEED_COUNTS,
      qualityScore: "80.00", // two products have no image
      variablesMapped: 10, // every column has a standard name
      lastUpdated: now.toISOString(),
      nextRunAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
    });
    expect(feed.lastProcessStatus).toBe(
      "Completed: 10 of 12 lines parsed, 2 with errors. 2 line(s) have a wrong number of fields or broken quoting.",
    );
    const items = await db.catalogItem.findMany({ where: { feedId: id }, orderBy: { externalId: "asc" } });
    expect(items.map((i) => i.externalId)).toEqual([
      "SKU-001", "SKU-002", "SKU-003", "SKU-004", "SKU-005", "SKU-006", "SKU-007", "SKU-008", "SKU-009", "SKU-010",
    ]);
    expect(items[1].data).toMatchObject({ title: "Trail Runner 2, size 40", price: "51.99 USD" });

    const mappings = await listMappings(ctx, id);
    expect(mappings.map((m) => [m.name, m.variablePath, m.standardVariable])).toEqual([
      ["id", "column 1", "id"],
      ["title", "column 2", "title"],
      ["description", "column 3", "description"],
      ["link", "column 4", "link"],
      ["image_link", "column 5", "image_link"],
      ["price", "column 6", "price"],
      ["sale_price", "column 7", "sale_price"],
      ["availability", "column 8", "availability"],
      ["brand", "column 9", "brand"],
      ["category", "column 10", "category"],
    ]);
    expect(mappings[5].samples).toEqual(["50.99 USD", "51.99 USD", "52.99 USD"]);

    // The run's end is a system status change with its own activity row.
    const system = await db.activityLog.findMany({ where: { entityId: id, userId: null }, include: { fields: true } });
    expect(system).toHaveLength(1);
    expect(system[0]).toMatchObject({
      userName: "System",
      action: "UPDATE",
      entityType: "CATALOG_FEED",
      entityName: "Spring shoes",
      entityAdvertiserId: advertiser.id,
      message: "Catalog feed processed",
      createdAt: now,
    });
    expect(system[0].fields.map((x) => [x.fieldName, x.oldValue, x.newValue]).sort()).toEqual([
      ["lastProcessStatus", "Processing", feed.lastProcessStatus],
      ["updateStatus", "PROCESSING", "COMPLETED"],
    ]);
  });

  test("a malformed XML feed completes with the products it could read", async () => {
    const { ctx, advertiser } = await rwTenant();
    const upload: FeedUpload = { name: "lamps.xml", bytes: fixture("products-malformed.xml"), format: "XML" };
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, { ...fileInput, name: "Lamps" }, upload);

    expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", totalLines: 6, parsedLines: 3, errorLines: 3, itemsImported: 3 });
    const feed = await getFeedOrThrow(ctx, id);
    expect(feed).toMatchObject({ updateStatus: "COMPLETED", successRate: "50.00", qualityScore: "100.00" });
    expect(feed.lastProcessStatus).toContain("The XML is not well-formed");
  });

  test("re-processing replaces the items and keeps the user's mapping edits", async () => {
    const { ctx, advertiser } = await rwTenant();
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, fileInput, csvUpload());
    await processFeed(id);
    const byName = async (name: string) => (await listMappings(ctx, id)).find((m) => m.name === name)!;

    // The user unmaps image_link and describes it: no product is complete any more.
    const image = await byName("image_link");
    expect(await updateVariableMapping(scopeOf(ctx), image.id, image.version, { standardVariable: "", description: "Legacy thumbnails" })).toEqual({
      id: image.id,
      version: 2,
    });
    expect(await getFeedOrThrow(ctx, id)).toMatchObject({ qualityScore: "0.00", variablesMapped: 9 });
    // ... and maps brand to id, so ids change on the next run.
    const brand = await byName("brand");
    await updateVariableMapping(scopeOf(ctx), brand.id, brand.version, { standardVariable: "id", description: "" });
    const oldId = await byName("id");
    await updateVariableMapping(scopeOf(ctx), oldId.id, oldId.version, { standardVariable: "", description: "" });

    expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", parsedLines: 10, itemsImported: 1 }); // one brand
    expect(await byName("image_link")).toMatchObject({ standardVariable: null, description: "Legacy thumbnails", version: 2 });
    expect(await byName("brand")).toMatchObject({ standardVariable: "id" });
    expect((await db.catalogItem.findMany({ where: { feedId: id } })).map((i) => i.externalId)).toEqual(["Stride"]);
    const logs = await db.activityLog.findMany({ where: { entityId: id, action: "UPDATE", userId: { not: null } }, orderBy: { id: "asc" } });
    expect(logs[0].message).toBe('Catalog feed variable mapping "image_link" updated');
    // One system row per run; the re-scoring after each mapping edit writes none.
    const system = await db.activityLog.findMany({ where: { entityId: id, userId: null }, orderBy: { id: "asc" } });
    expect(system.map((l) => l.message)).toEqual(["Catalog feed processed", "Catalog feed processed"]);
  });

  test("a mapping edited from an old version is a conflict", async () => {
    const { ctx, advertiser } = await rwTenant();
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, fileInput, csvUpload());
    await processFeed(id);
    const [first] = await listMappings(ctx, id);
    await updateVariableMapping(scopeOf(ctx), first.id, first.version, { standardVariable: "title", description: "" });
    await expect(updateVariableMapping(scopeOf(ctx), first.id, first.version, { standardVariable: "brand", description: "" })).rejects.toThrow(ConflictError);
  });

  test("an SFTP link is stored with its credentials and shown without the password", async () => {
    // Downloading over SFTP is tested against a real SFTP server in catalog-sftp.test.ts,
    // the protection of the password in catalog-credentials.test.ts.
    const { ctx, advertiser } = await rwTenant();
    const input = { source: "LINK", name: "Remote", updateFrequencyHours: 6, link: "sftp://files.example.com/feeds/all.xml", username: "shop", password: "s3cret" };
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, input);
    const feed = await getFeedOrThrow(ctx, id);
    expect(feed).toMatchObject({ sourceType: "SFTP", format: "XML", updateStatus: "PROCESSING" });
    expect(feed.source).toBe("sftp://shop@files.example.com/feeds/all.xml");
    expect(feed.link).toEqual({ url: "sftp://files.example.com/feeds/all.xml", username: "shop", hasPassword: true, hostKey: null, newHostKey: null });
    expect(JSON.stringify(feed)).not.toContain("s3cret");
    const stored = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    expect(stored.sourceUrl).toBe("sftp://shop@files.example.com/feeds/all.xml");
    expect(storedPassword(stored)).toBe("s3cret");
    const logs = await db.activityLog.findMany({ include: { fields: true } });
    expect(JSON.stringify(logs, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain("s3cret");
  });

  test("a file that is no feed fails with the reason", async () => {
    const { licensee, advertiser } = await rwTenant();
    const key = await storeFeedFile(licensee.id, "image.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const feed = await f.makeCatalogFeed(advertiser, { storedFilePath: key });
    const now = new Date("2030-03-01T10:00:00Z");
    expect(await processFeed(feed.id, now)).toEqual({ status: "FAILED", message: "The file is not a CSV, TSV, XML or ZIP feed" });
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ updateStatus: "FAILED" });
    const system = await db.activityLog.findFirstOrThrow({ where: { entityId: feed.id, entityType: "CATALOG_FEED" }, include: { fields: true } });
    expect(system).toMatchObject({ userId: null, userName: "System", message: "Catalog feed processing failed", entityName: feed.name, createdAt: now });
    expect(system.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]).sort()).toEqual([
      ["lastProcessStatus", "Processing", "The file is not a CSV, TSV, XML or ZIP feed"],
      ["updateStatus", "PROCESSING", "FAILED"],
    ]);
  });
});

describe("edits", () => {
  test("name, frequency and link change with one activity row; an empty password keeps the stored one", async () => {
    const { ctx, advertiser } = await rwTenant();
    const input = { source: "LINK", name: "Remote", updateFrequencyHours: 24, link: "ftp://ftp.example.com/feed.csv", username: "u", password: "p1" };
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, input);
    await updateFeed(scopeOf(ctx), id, 1, { name: "Remote TSV", updateFrequencyHours: 6, link: "ftp://ftp.example.com/feed.tsv", username: "u", password: "" });
    const stored = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ name: "Remote TSV", updateFrequencyHours: 6, format: "TSV", version: 2 });
    expect(stored.sourceUrl).toBe("ftp://u@ftp.example.com/feed.tsv");
    expect(storedPassword(stored)).toBe("p1");
    const log = await db.activityLog.findFirstOrThrow({ where: { action: "UPDATE" }, include: { fields: true } });
    expect(log.fields.map((x) => x.fieldName).sort()).toEqual(["name", "source", "updateFrequencyHours"]);
    await expect(updateFeed(scopeOf(ctx), id, 1, { name: "Stale", updateFrequencyHours: 6 })).rejects.toThrow(ConflictError);
  });

  test("refresh now marks the feed processing and due, deactivation keeps it out of the sweep", async () => {
    const { ctx, advertiser } = await rwTenant();
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, fileInput, csvUpload());
    await processFeed(id, new Date("2030-01-01T00:00:00Z"));
    await requestFeedRefresh(scopeOf(ctx), id);
    expect(await getFeedOrThrow(ctx, id)).toMatchObject({ updateStatus: "PROCESSING", version: 1 });

    const queued: number[] = [];
    const send = async (feedId: number) => void queued.push(feedId);
    expect(await refreshDueFeeds(new Date(), send)).toEqual([id]);
    await setFeedActive(scopeOf(ctx), id, false);
    expect(await refreshDueFeeds(new Date(), send)).toEqual([]);
    expect(queued).toEqual([id]);
  });
});

describe("the gate", () => {
  test.each(["RO", "DEMO"] as const)("%s cannot create, edit, refresh or remap; nothing is written", async (role) => {
    const { licensee, advertiser, ctx: rw } = await rwTenant();
    const { id } = await createFeed(scopeOf(rw), advertiser.id, fileInput, csvUpload());
    await processFeed(id);
    const [mapping] = await listMappings(rw, id);
    const user = await f.makeUser(`${role.toLowerCase()}@gate.test`, [{ licenseeId: licensee.id, role }]);
    const ctx = await f.ctxFor(user.id, licensee.id);
    const files = storedFiles().length;
    const before = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    const logs = await db.activityLog.count();

    requireSessionMock.mockResolvedValue(ctx);
    const refused = { ok: false, status: 403 };
    const file = new File([fixture("products.csv")], "products.csv");
    expect(await createFeedAction({ advertiserId: advertiser.id, ...fileInput, file })).toMatchObject(refused);
    expect(await updateFeedAction({ advertiserId: advertiser.id, id, version: 1, name: "x", updateFrequencyHours: 1 })).toMatchObject(refused);
    expect(await setFeedActiveAction({ advertiserId: advertiser.id, id, active: false })).toMatchObject(refused);
    expect(await refreshFeedAction({ advertiserId: advertiser.id, id })).toMatchObject(refused);
    expect(
      await updateVariableMappingAction({ advertiserId: advertiser.id, id: mapping.id, version: 1, standardVariable: "", description: "" }),
    ).toMatchObject(refused);

    expect(await db.catalogFeed.count()).toBe(1);
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.activityLog.count()).toBe(logs);
    expect(storedFiles()).toHaveLength(files);
    expect((await loadListView(ctx, "catalog_feed", {}, { advertiserId: advertiser.id })).rows).toHaveLength(1); // reading is allowed
  });

  test("another licensee's advertiser, feed and mapping are not found", async () => {
    const mine = await rwTenant();
    const theirs = await rwTenant();
    const { id } = await createFeed(scopeOf(theirs.ctx), theirs.advertiser.id, fileInput, csvUpload());
    await processFeed(id);
    const [mapping] = await listMappings(theirs.ctx, id);
    const { ctx } = mine;
    const files = storedFiles().length;

    await expect(createFeed(scopeOf(ctx), theirs.advertiser.id, fileInput, csvUpload())).rejects.toThrow(NotFoundError);
    expect(storedFiles()).toHaveLength(files); // the upload stored before the check is removed again
    await expect(loadListView(ctx, "catalog_feed", {}, { advertiserId: theirs.advertiser.id })).rejects.toThrow(NotFoundError);
    await expect(getFeedOrThrow(ctx, id)).rejects.toThrow(NotFoundError);
    await expect(listMappings(ctx, id)).rejects.toThrow(NotFoundError);
    await expect(updateFeed(scopeOf(ctx), id, 1, { name: "x", updateFrequencyHours: 1 })).rejects.toThrow(NotFoundError);
    await expect(setFeedActive(scopeOf(ctx), id, false)).rejects.toThrow(NotFoundError);
    await expect(requestFeedRefresh(scopeOf(ctx), id)).rejects.toThrow(NotFoundError);
    await expect(updateVariableMapping(scopeOf(ctx), mapping.id, 1, { standardVariable: "", description: "" })).rejects.toThrow(NotFoundError);
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ name: "Spring shoes", active: true, version: 1 });
  });

  test("a file upload without a file and a bad link are field errors", async () => {
    const { ctx, advertiser } = await rwTenant();
    const files = storedFiles().length;
    await expect(createFeed(scopeOf(ctx), advertiser.id, fileInput)).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["file"], message: "Choose a CSV, TSV, XML or ZIP file to upload" })],
    });
    await expect(
      createFeed(scopeOf(ctx), advertiser.id, { source: "LINK", name: "x", updateFrequencyHours: 24, link: "http://example.com/a.csv" }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ path: ["link"] })] });
    await expect(createFeed(scopeOf(ctx), advertiser.id, { ...fileInput, updateFrequencyHours: "5" }, csvUpload())).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["updateFrequencyHours"], message: "Choose an update frequency" })],
    });
    expect(await db.catalogFeed.count()).toBe(0);
    expect(storedFiles()).toHaveLength(files);
  });
});
