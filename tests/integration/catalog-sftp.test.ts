// SFTP feeds: processFeed downloads the file behind an sftp:// link with the
// feed's credentials and parses it; a refused login, a missing file, a file
// over the size limit and a server that stops answering fail the feed with a
// clear reason that never contains the password. The server's host key is
// pinned on the first download; a server presenting another key later fails
// the feed before the password is sent, until a user saves the link again.
// A real SSH server (ssh2's Server, tests/fixtures/sftp-server.ts) on
// 127.0.0.1 serves the fixtures over SFTP (FEED_ALLOW_PRIVATE_HOSTS).
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeed, updateFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed } from "@/lib/catalog/process";
import { getFeedOrThrow } from "@/lib/catalog/queries";
import { downloadSftp } from "@/lib/catalog/sftp";
import { FEED_HOST_MESSAGES, FeedSourceError } from "@/lib/catalog/fetch";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { PRODUCTS_CSV_FEED_COUNTS, PRODUCTS_CSV_OUTCOME } from "../fixtures/catalog/products-csv";
import { newHostKey, startSftpServer, type ServedFile, type SftpServer } from "../fixtures/sftp-server";

useTestDatabase();

const CSV = fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv"));
const USER = "shop";
const PASSWORD = "p@ss w:rd/1";

const FILES: Record<string, ServedFile> = {
  "/feeds/products.csv": { bytes: CSV },
  "/feeds/understated.csv": { bytes: CSV, statSize: 10 },
  "/feeds/stuck.csv": { bytes: CSV, hangOnRead: true },
};

let sftp: SftpServer;
beforeAll(async () => {
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  sftp = await startSftpServer({ username: USER, password: PASSWORD }, FILES);
});
afterAll(async () => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  await sftp.close();
});

const link = (file: string, port = sftp.port) => `sftp://127.0.0.1:${port}${file}`;

async function linkFeed(file: string, username = USER, password = PASSWORD, port = sftp.port) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const input = { source: "LINK", name: "Shoes by SFTP", updateFrequencyHours: 1, link: link(file, port), username, password };
  const created = await createFeed(scopeOf(ctx), advertiser.id, input);
  return { ...created, ctx };
}

test("an SFTP feed is downloaded with the feed's credentials, parsed and shows its counts; the host key is pinned", async () => {
  const { id, ctx } = await linkFeed("/feeds/products.csv");
  expect(await processFeed(id)).toEqual(PRODUCTS_CSV_OUTCOME);
  expect(sftp.logins.at(-1)).toBe(`${USER}:${PASSWORD}`);

  const feed = await getFeedOrThrow(ctx, id);
  expect(feed).toMatchObject({ sourceType: "SFTP", format: "CSV", ...PRODUCTS_CSV_FEED_COUNTS });
  expect(feed.lastProcessStatus).toMatch(/^Completed: 10 of 12 lines parsed, 2 with errors\./);
  expect(feed.source).toBe(`sftp://${USER}@127.0.0.1:${sftp.port}/feeds/products.csv`);
  expect(feed.link).toMatchObject({ hasPassword: true, hostKey: sftp.hostKeySha256, newHostKey: null });
  expect(JSON.stringify(feed)).not.toContain(PASSWORD);
  expect(await db.catalogItem.count({ where: { feedId: id } })).toBe(10);
});

test("a wrong password fails the feed with a status that says the login was refused", async () => {
  const { id, ctx } = await linkFeed("/feeds/products.csv", USER, "wrong secret");
  expect(await processFeed(id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.loginRefused });
  expect(sftp.logins.at(-1)).toBe(`${USER}:wrong secret`);
  const feed = await getFeedOrThrow(ctx, id);
  expect(feed).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: FEED_HOST_MESSAGES.loginRefused, itemsImported: 0 });
});

test("a missing file fails the feed with a status that says so", async () => {
  const { id, ctx } = await linkFeed("/feeds/none.csv");
  expect(await processFeed(id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.notFound });
  expect(await getFeedOrThrow(ctx, id)).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: FEED_HOST_MESSAGES.notFound });
});

test("a link without a username fails before connecting", async () => {
  const before = sftp.logins.length;
  const { id } = await linkFeed("/feeds/products.csv", "", "");
  expect(await processFeed(id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.sftpUsername });
  expect(sftp.logins).toHaveLength(before);
});

describe("host key pinning", () => {
  test("a server presenting another key fails the feed before the password is sent, until the link is saved again", async () => {
    const first = await startSftpServer({ username: USER, password: PASSWORD }, FILES);
    const port = first.port;
    const { id, ctx } = await linkFeed("/feeds/products.csv", USER, PASSWORD, port);
    expect(await processFeed(id)).toMatchObject({ status: "COMPLETED" });
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ sftpHostKeySha256: first.hostKeySha256 });
    await first.close();

    // The same address and port, another key: a new machine, or someone in between.
    const impostor = await startSftpServer({ username: USER, password: PASSWORD }, FILES, { port, hostKey: newHostKey() });
    try {
      const message = FEED_HOST_MESSAGES.hostKeyChanged(impostor.hostKeySha256);
      expect(message).toContain("The SFTP server's host key has changed");
      expect(message).toContain("save the link again to accept the new key");
      expect(await processFeed(id)).toEqual({ status: "FAILED", message });
      expect(impostor.logins).toEqual([]); // the password never reached it
      const failed = await getFeedOrThrow(ctx, id);
      expect(failed).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: message });
      expect(failed.link).toMatchObject({ hostKey: first.hostKeySha256, newHostKey: impostor.hostKeySha256 });
      expect(await processFeed(id)).toEqual({ status: "FAILED", message }); // every run, until a user decides
      expect(impostor.logins).toEqual([]);

      // Saving the link again (the edit form, nothing changed) accepts the key it reported.
      await updateFeed(scopeOf(ctx), id, failed.version, { name: failed.name, updateFrequencyHours: 1, link: failed.link!.url, username: USER, password: "" });
      expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({
        sftpHostKeySha256: impostor.hostKeySha256,
        sftpNewHostKeySha256: null,
        version: failed.version + 1,
      });
      const accepted = await db.activityLog.findFirstOrThrow({ where: { entityId: id, userId: ctx.userId, action: "UPDATE" }, include: { fields: true } });
      expect(accepted.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["sftpHostKey", first.hostKeySha256, impostor.hostKeySha256]]);
      expect(await processFeed(id)).toMatchObject({ status: "COMPLETED" });
      expect(impostor.logins).toEqual([`${USER}:${PASSWORD}`]);
    } finally {
      await impostor.close();
    }
  });

  test("a new host starts over: its key is pinned on its first download", async () => {
    const other = await startSftpServer({ username: USER, password: PASSWORD }, FILES);
    try {
      const { id, ctx } = await linkFeed("/feeds/products.csv");
      await processFeed(id);
      const feed = await getFeedOrThrow(ctx, id);
      expect(feed.link?.hostKey).toBe(sftp.hostKeySha256);
      await updateFeed(scopeOf(ctx), id, feed.version, { name: feed.name, updateFrequencyHours: 1, link: link("/feeds/products.csv", other.port), username: USER, password: PASSWORD });
      expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ sftpHostKeySha256: null });
      expect(await processFeed(id)).toMatchObject({ status: "COMPLETED" });
      expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ sftpHostKeySha256: other.hostKeySha256 });
    } finally {
      await other.close();
    }
  });
});

describe("limits", () => {
  const remote = (file: string) => ({ link: link(file), username: USER, password: PASSWORD });

  test("a file larger than the limit is refused, by its size or while reading", async () => {
    const refused = new FeedSourceError("File size exceeds the limit of 100 bytes");
    await expect(downloadSftp(remote("/feeds/products.csv"), { maxBytes: 100 })).rejects.toThrow(refused);
    // The server claims 10 bytes: the download is cut off once 100 bytes have arrived.
    await expect(downloadSftp(remote("/feeds/understated.csv"), { maxBytes: 100 })).rejects.toThrow(refused);
    const whole = await downloadSftp(remote("/feeds/products.csv"), { maxBytes: CSV.length });
    expect(Buffer.from(whole.bytes)).toEqual(CSV);
    expect(whole.hostKeySha256).toBe(sftp.hostKeySha256);
  });

  test("a server that stops answering times out", async () => {
    const started = Date.now();
    await expect(downloadSftp(remote("/feeds/stuck.csv"), { maxBytes: 1_000_000, timeoutMs: 500 })).rejects.toThrow(
      new FeedSourceError(FEED_HOST_MESSAGES.noAnswer(0.5)),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
