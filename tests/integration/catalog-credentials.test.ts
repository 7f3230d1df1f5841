// Feed credentials are protected: the password of an FTP/SFTP link is stored
// AES-256-GCM encrypted in its own column (never in the link, never in plain
// text), the queries that feed the browser never carry it (only whether one is
// stored), a new host, port or username needs it typed again, and passwords
// that older versions kept inside links are moved out by the refresh sweep
// (and still used meanwhile).
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeed, updateFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed, refreshDueFeeds } from "@/lib/catalog/process";
import { getFeedOrThrow } from "@/lib/catalog/queries";
import { loadListView } from "@/lib/entities/lists";
import { storedPassword } from "@/lib/catalog/credentials";
import { LINK_MESSAGES } from "@/lib/catalog/link-edit";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { answerDns } from "../fixtures/catalog/dns";
import { startFtpServer, type FtpServer } from "../fixtures/catalog/ftp-server";

useTestDatabase();

const PASSWORD = "Tr0ub4dor&3 secret";
beforeEach(() => {
  answerDns({ "ftp.example.com": ["93.184.215.14"], "mirror.example.com": ["93.184.215.15"] });
});
afterEach(() => jest.restoreAllMocks());

async function linkFeed(link = "ftp://ftp.example.com/feeds/all.csv", username = "shop", password = PASSWORD) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const { id } = await createFeed(scopeOf(ctx), advertiser.id, { source: "LINK", name: "Remote", updateFrequencyHours: 24, link, username, password });
  return { id, ctx, advertiser };
}

const json = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v));

/** Every column of the row as the database holds it. */
async function rawRow(id: number): Promise<string> {
  return json((await db.$queryRaw<Record<string, unknown>[]>`SELECT * FROM "CatalogFeed" WHERE id = ${id}`)[0]);
}

test("the password is stored encrypted in its own column: no plaintext anywhere in the row", async () => {
  const { id } = await linkFeed();
  const row = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
  expect(row.sourceUrl).toBe("ftp://shop@ftp.example.com/feeds/all.csv");
  expect(row.sourcePasswordEncrypted).toMatch(/^v1:[A-Za-z0-9_-]{40,}$/);
  const raw = await rawRow(id);
  expect(raw).not.toContain(PASSWORD);
  expect(raw).not.toContain(encodeURIComponent(PASSWORD));
  expect(storedPassword(row)).toBe(PASSWORD); // what the download uses
  const logs = await db.activityLog.findMany({ include: { fields: true } });
  expect(json(logs)).not.toContain(PASSWORD);
});

test("the browser-facing queries never carry the password, encrypted or not: only that one is stored", async () => {
  const { id, ctx, advertiser } = await linkFeed();
  const { sourcePasswordEncrypted } = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
  const feed = await getFeedOrThrow(ctx, id);
  // The feed list (the tab's loadListView) and the feed the drawer edits.
  for (const sent of [await loadListView(ctx, "catalog_feed", {}, { advertiserId: advertiser.id }), feed]) {
    const json = JSON.stringify(sent);
    expect(json).toContain("Remote");
    expect(json).not.toContain(PASSWORD);
    expect(json).not.toContain(sourcePasswordEncrypted!);
    expect(json).not.toContain("sourcePasswordEncrypted");
  }
  expect(feed.link).toEqual({ url: "ftp://ftp.example.com/feeds/all.csv", username: "shop", hasPassword: true, hostKey: null, newHostKey: null });
});

describe("a new host, port or username needs the password again", () => {
  const edit = (link: string, username = "shop", password = "") => ({ name: "Remote", updateFrequencyHours: 24, link, username, password });
  const passwordError = { issues: [expect.objectContaining({ path: ["password"], message: LINK_MESSAGES.passwordAgain })] };

  test.each([
    ["another host", "ftp://mirror.example.com/feeds/all.csv", "shop"],
    ["another port", "ftp://ftp.example.com:2121/feeds/all.csv", "shop"],
    ["another protocol", "sftp://ftp.example.com/feeds/all.csv", "shop"],
    ["another username", "ftp://ftp.example.com/feeds/all.csv", "admin"],
  ])("%s without the password is refused beside the password field; nothing changes", async (_what, link, username) => {
    const { id, ctx } = await linkFeed();
    const before = await rawRow(id);
    await expect(updateFeed(scopeOf(ctx), id, 1, edit(link, username))).rejects.toMatchObject(passwordError);
    expect(await rawRow(id)).toBe(before);

    await updateFeed(scopeOf(ctx), id, 1, edit(link, username, "n3w pass"));
    const saved = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    expect(storedPassword(saved)).toBe("n3w pass");
    expect(saved.version).toBe(2);
  });

  test("the same server and user keep the stored password: another file, a new name", async () => {
    const { id, ctx } = await linkFeed();
    await updateFeed(scopeOf(ctx), id, 1, { ...edit("ftp://FTP.example.com/feeds/other.csv"), name: "Renamed" });
    const saved = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    expect(saved).toMatchObject({ name: "Renamed", sourceUrl: "ftp://shop@ftp.example.com/feeds/other.csv", version: 2 });
    expect(storedPassword(saved)).toBe(PASSWORD);
    const log = await db.activityLog.findFirstOrThrow({ where: { action: "UPDATE" }, include: { fields: true } });
    expect(log.fields.map((x) => x.fieldName).sort()).toEqual(["name", "source"]);
  });

  test("a new password alone is audited without its value; the same one typed again changes nothing", async () => {
    const { id, ctx } = await linkFeed();
    await updateFeed(scopeOf(ctx), id, 1, edit("ftp://ftp.example.com/feeds/all.csv", "shop", PASSWORD));
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ version: 1 });
    expect(await db.activityLog.count({ where: { action: "UPDATE" } })).toBe(0);
    await updateFeed(scopeOf(ctx), id, 1, edit("ftp://ftp.example.com/feeds/all.csv", "shop", "another secret"));
    expect(storedPassword(await db.catalogFeed.findUniqueOrThrow({ where: { id } }))).toBe("another secret");
    const log = await db.activityLog.findFirstOrThrow({ where: { action: "UPDATE" }, include: { fields: true } });
    expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["credentials", "(hidden)", "(changed)"]]);
  });
});

describe("passwords older versions kept inside links", () => {
  let ftp: FtpServer;
  beforeAll(async () => {
    ftp = await startFtpServer({ user: "shop", password: "legacy pw", files: { "/feed.csv": fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv")) } });
  });
  afterAll(() => ftp.close());

  async function legacyFeed(host = "ftp.example.com", active = true) {
    const { licensee, ctx } = await f.makeTenant("RW");
    const advertiser = await f.makeAdvertiser(licensee.id);
    const sourceUrl = `ftp://shop:legacy%20pw@${host}/feed.csv`;
    const feed = await f.makeCatalogFeed(advertiser, { sourceType: "FTP", sourceUrl, active, nextRunAt: new Date(Date.now() + 3_600_000) });
    return { feed, ctx };
  }

  test("are used and shown as stored until the sweep moves them into the encrypted column", async () => {
    const { feed, ctx } = await legacyFeed();
    const { feed: inactive } = await legacyFeed("mirror.example.com", false);
    expect((await getFeedOrThrow(ctx, feed.id)).link).toMatchObject({ url: "ftp://ftp.example.com/feed.csv", hasPassword: true });
    expect(JSON.stringify(await getFeedOrThrow(ctx, feed.id))).not.toContain("legacy");

    expect(await refreshDueFeeds(new Date(), async () => {})).toEqual([]); // none due, both moved
    for (const id of [feed.id, inactive.id]) {
      const row = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
      expect(row.sourceUrl).toMatch(/^ftp:\/\/shop@(ftp|mirror)\.example\.com\/feed\.csv$/);
      expect(row.version).toBe(1);
      expect(storedPassword(row)).toBe("legacy pw");
      expect(await rawRow(id)).not.toContain("legacy");
    }
  });

  test("a run before the sweep logs in with it", async () => {
    process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
    try {
      const { feed } = await legacyFeed(`127.0.0.1:${ftp.port}`);
      expect(await processFeed(feed.id)).toMatchObject({ status: "COMPLETED", itemsImported: 10 });
      expect(ftp.logins).toEqual(["shop:legacy pw"]);
    } finally {
      delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
    }
  });
});
