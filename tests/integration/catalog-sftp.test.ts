// SFTP feeds: processFeed downloads the file behind an sftp:// link with the
// link's credentials and parses it; a refused login, a missing file, a file
// over the size limit and a server that stops answering fail the feed with a
// clear reason that never contains the password. A real SSH server (ssh2's
// Server, tests/fixtures/sftp-server.ts) on 127.0.0.1 serves the fixtures over SFTP.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeed } from "@/lib/catalog/mutations";
import { processFeed } from "@/lib/catalog/process";
import { getFeedOrThrow } from "@/lib/catalog/queries";
import { downloadSftp, FeedSourceError } from "@/lib/catalog/fetch";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { startSftpServer, type ServedFile, type SftpServer } from "../fixtures/sftp-server";

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
  sftp = await startSftpServer({ username: USER, password: PASSWORD }, FILES);
});
afterAll(() => sftp.close());

const link = (file: string) => `sftp://127.0.0.1:${sftp.port}${file}`;

async function linkFeed(file: string, username = USER, password = PASSWORD) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const created = await createFeed(ctx, advertiser.id, { source: "LINK", name: "Shoes by SFTP", updateFrequencyHours: 1, link: link(file), username, password });
  return { ...created, ctx };
}

test("an SFTP feed is downloaded with the link's credentials, parsed and shows its counts", async () => {
  const { id, ctx } = await linkFeed("/feeds/products.csv");
  expect(await processFeed(id)).toEqual({ status: "COMPLETED", totalLines: 12, parsedLines: 10, errorLines: 2, itemsImported: 10 });
  expect(sftp.logins.at(-1)).toBe(`${USER}:${PASSWORD}`);

  const feed = await getFeedOrThrow(ctx, id);
  expect(feed).toMatchObject({
    sourceType: "SFTP",
    format: "CSV",
    updateStatus: "COMPLETED",
    totalLines: 12,
    parsedLines: 10,
    errorLines: 2,
    itemsImported: 10,
    itemsTotal: 12,
    successRate: "83.33",
  });
  expect(feed.lastProcessStatus).toMatch(/^Completed: 10 of 12 lines parsed, 2 with errors\./);
  expect(feed.source).toBe(`sftp://${USER}@127.0.0.1:${sftp.port}/feeds/products.csv`);
  expect(JSON.stringify(feed)).not.toContain(PASSWORD);
  expect(await db.catalogItem.count({ where: { feedId: id } })).toBe(10);
});

test("a wrong password fails the feed with a status that says the login was refused", async () => {
  const { id, ctx } = await linkFeed("/feeds/products.csv", USER, "wrong secret");
  const message = `The feed could not be downloaded from 127.0.0.1: the server refused the username or password`;
  expect(await processFeed(id)).toEqual({ status: "FAILED", message });
  expect(sftp.logins.at(-1)).toBe(`${USER}:wrong secret`);
  const feed = await getFeedOrThrow(ctx, id);
  expect(feed).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: message, itemsImported: 0 });
  expect(feed.lastProcessStatus).not.toContain("wrong secret");
});

test("a missing file fails the feed with a status that names the file", async () => {
  const { id, ctx } = await linkFeed("/feeds/none.csv");
  const message = "The feed could not be downloaded from 127.0.0.1: no such file /feeds/none.csv";
  expect(await processFeed(id)).toEqual({ status: "FAILED", message });
  expect(await getFeedOrThrow(ctx, id)).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: message });
});

test("a link without a username fails before connecting", async () => {
  const before = sftp.logins.length;
  const { id } = await linkFeed("/feeds/products.csv", "", "");
  expect(await processFeed(id)).toEqual({ status: "FAILED", message: "The feed could not be downloaded from 127.0.0.1: SFTP needs a username" });
  expect(sftp.logins).toHaveLength(before);
});

describe("limits", () => {
  const withCredentials = (file: string) => `sftp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${sftp.port}${file}`;

  test("a file larger than the limit is refused, by its size or while reading", async () => {
    const refused = new FeedSourceError("File size exceeds the limit of 100 bytes");
    await expect(downloadSftp(withCredentials("/feeds/products.csv"), 100)).rejects.toThrow(refused);
    // The server claims 10 bytes: the download is cut off once 100 bytes have arrived.
    await expect(downloadSftp(withCredentials("/feeds/understated.csv"), 100)).rejects.toThrow(refused);
    expect(Buffer.from(await downloadSftp(withCredentials("/feeds/products.csv"), CSV.length))).toEqual(CSV);
  });

  test("a server that stops answering times out", async () => {
    const started = Date.now();
    await expect(downloadSftp(withCredentials("/feeds/stuck.csv"), 1_000_000, 500)).rejects.toThrow(
      new FeedSourceError("The feed could not be downloaded from 127.0.0.1: no answer from the server for 0.5 s"),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
