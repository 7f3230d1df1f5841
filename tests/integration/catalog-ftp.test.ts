// FTP feeds: processFeed downloads the file behind an ftp:// link with the
// feed's credentials (the password decrypted from its own column) and parses
// it; a refused login or a missing file fails the feed with our own generic
// reason while the server's reply goes to the log only; a PASV answer that
// points to another host is refused before any data connection. A minimal FTP
// server (tests/fixtures/catalog/ftp-server.ts) on 127.0.0.1 stands in for
// the customer's: FEED_ALLOW_PRIVATE_HOSTS lets the test reach it.
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed } from "@/lib/catalog/process";
import { downloadFtp } from "@/lib/catalog/ftp";
import { FEED_HOST_MESSAGES, FeedSourceError } from "@/lib/catalog/fetch";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { startFtpServer, type FtpServer } from "../fixtures/catalog/ftp-server";

useTestDatabase();

const FILES: Record<string, Buffer> = {
  "/feeds/products.xml": fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.xml")),
};
const USER = "shop";
const PASSWORD = "p@ss word";
const BANNER = "internal-ftp-07.corp.example uptime 412d";

let ftp: FtpServer;
let bouncing: FtpServer;
beforeAll(async () => {
  process.env.FEED_ALLOW_PRIVATE_HOSTS = "true";
  ftp = await startFtpServer({ user: USER, password: PASSWORD, files: FILES, loginRefusedText: BANNER });
  bouncing = await startFtpServer({ user: USER, password: PASSWORD, files: FILES, refuseEpsv: true, pasvHost: "10.20.30.40" });
});
afterAll(async () => {
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
  await ftp.close();
  await bouncing.close();
});

async function linkFeed(link: string, username = USER, password = PASSWORD) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  return createFeed(scopeOf(ctx), advertiser.id, { source: "LINK", name: "Lamps by FTP", updateFrequencyHours: 1, link, username, password });
}

test("an FTP feed is downloaded with its credentials and parsed", async () => {
  const { id } = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/products.xml`);
  expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", totalLines: 4, parsedLines: 4, errorLines: 0, itemsImported: 4 });
  expect(ftp.logins.at(-1)).toBe(`${USER}:${PASSWORD}`);
  expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ sourceType: "FTP", format: "XML", updateStatus: "COMPLETED" });
});

test("a refused login or a missing file fails the feed with our reason; the server's reply goes to the log only", async () => {
  const logged = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    const wrong = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/products.xml`, USER, "nope");
    expect(await processFeed(wrong.id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.loginRefused });
    const stored = await db.catalogFeed.findUniqueOrThrow({ where: { id: wrong.id } });
    expect(stored).toMatchObject({ updateStatus: "FAILED", lastProcessStatus: FEED_HOST_MESSAGES.loginRefused });
    expect(stored.lastProcessStatus).not.toContain("530");
    expect(stored.lastProcessStatus).not.toContain(BANNER);

    const missing = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/none.csv`);
    expect(await processFeed(missing.id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.notFound });
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id: missing.id } })).toMatchObject({ updateStatus: "FAILED" });

    const log = logged.mock.calls.map(([line]) => String(line)).join("");
    expect(log).toContain(BANNER); // the operator still sees what the server said
    expect(log).toContain("550 No such file");
    expect(log).not.toContain("nope");
  } finally {
    logged.mockRestore();
  }
});

test("a PASV answer naming another host is refused: no data connection is opened", async () => {
  const { id } = await linkFeed(`ftp://127.0.0.1:${bouncing.port}/feeds/products.xml`);
  const logged = jest.spyOn(process.stderr, "write").mockImplementation(() => true);
  try {
    expect(await processFeed(id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.unreachable });
    expect(logged.mock.calls.map(([line]) => String(line)).join("")).toContain("PASV returned another host (10.20.30.40)");
  } finally {
    logged.mockRestore();
  }
  expect(bouncing.logins).toEqual([`${USER}:${PASSWORD}`]); // it got as far as the transfer
  expect(bouncing.dataConnections).toBe(0);
});

test("a file larger than the limit is refused while downloading", async () => {
  const remote = { link: `ftp://127.0.0.1:${ftp.port}/feeds/products.xml`, username: USER, password: PASSWORD };
  await expect(downloadFtp(remote, { maxBytes: 100 })).rejects.toThrow(new FeedSourceError("File size exceeds the limit of 100 bytes"));
  expect(Buffer.from(await downloadFtp(remote))).toEqual(FILES["/feeds/products.xml"]);
});
