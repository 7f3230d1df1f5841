// Feed links cannot reach internal hosts: the host is resolved and every
// address must be public, at save time (a message beside the link field,
// nothing written) and again at every run (DNS can change: the run fails with
// the generic message, nothing is connected to). The run connects to the
// address it checked: the name is looked up once, never again by the FTP or
// SSH client. Look-ups are answered by the test (these machines have no DNS);
// FEED_ALLOW_PRIVATE_HOSTS is off here except where a test says otherwise.
import "../helpers/action-session";
import dns from "node:dns";
import fs from "node:fs";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeedAction, updateFeedAction } from "@/lib/catalog/actions";
import { createFeed } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { processFeed } from "@/lib/catalog/process";
import { FEED_HOST_MESSAGES } from "@/lib/catalog/fetch";
import { LINK_MESSAGES } from "@/lib/catalog/link-edit";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";
import { answerDns } from "../fixtures/catalog/dns";
import { startFtpServer, type FtpServer } from "../fixtures/catalog/ftp-server";
import { startSftpServer, type SftpServer } from "../fixtures/sftp-server";

jest.mock("@/lib/jobs/queue", () => ({ enqueue: jest.fn().mockResolvedValue("job-1") }));

useTestDatabase();

const CSV = fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.csv"));
const USER = "shop";
const PASSWORD = "s3cret pass";
let ftp: FtpServer;
let sftp: SftpServer;
beforeAll(async () => {
  ftp = await startFtpServer({ user: USER, password: PASSWORD, files: { "/feed.csv": CSV } });
  sftp = await startSftpServer({ username: USER, password: PASSWORD }, { "/feed.csv": { bytes: CSV } });
});
afterAll(async () => {
  await ftp.close();
  await sftp.close();
});
afterEach(() => {
  jest.restoreAllMocks();
  delete process.env.FEED_ALLOW_PRIVATE_HOSTS;
});

async function tenant() {
  const t = await f.makeTenantWithAdvertiser("RW");
  requireSessionMock.mockResolvedValue(t.ctx);
  return t;
}
const linkInput = (link: string) => ({ source: "LINK", name: "Remote", updateFrequencyHours: 24, link, username: USER, password: PASSWORD });

const INTERNAL_HOSTS = [
  "127.0.0.1",
  "2130706433", // decimal
  "0x7f000001", // hex
  "0177.0.0.1", // octal
  "127.1", // short
  "[::1]",
  "[::ffff:127.0.0.1]",
  "[::ffff:7f00:1]",
  "0.0.0.0",
  "10.0.0.1",
  "012.0.0.1", // octal 10.0.0.1
  "172.16.0.1",
  "192.168.1.1",
  "100.64.0.1",
  "169.254.169.254",
  "[fe80::1]",
  "[fd00::1]",
  "224.0.0.1",
  "255.255.255.255",
  "240.0.0.1",
  "[::]",
  "internal.example.com", // a name that resolves to a private address
  "mixed.example.com", // a public address and a private one
];

describe("at save time", () => {
  beforeEach(() => answerDns({ "internal.example.com": ["10.1.2.3"], "mixed.example.com": ["93.184.215.14", "192.168.0.9"], "shop.example.com": ["93.184.215.14"] }));

  test("every internal host, in every spelling, is refused beside the link field (ftp and sftp); nothing is written", async () => {
    const { advertiser } = await tenant();
    const links = INTERNAL_HOSTS.flatMap((host) => [`ftp://${host}/feed.csv`, `sftp://${host}:22/feed.csv`]);
    const results: Record<string, unknown> = {};
    for (const link of links) {
      const data = new FormData();
      for (const [key, value] of Object.entries({ advertiserId: advertiser.id, ...linkInput(link) })) data.append(key, String(value));
      results[link] = await createFeedAction(data);
    }
    // Addresses typed as such are called internal; names get the answer an unknown name gets (no DNS mapping).
    const refused = (link: string) => ({
      ok: false,
      status: 400,
      fieldErrors: { link: /\.example\.com/.test(link) ? LINK_MESSAGES.notFound : LINK_MESSAGES.internal },
      formError: "Please correct the highlighted fields.",
    });
    expect(results).toEqual(Object.fromEntries(links.map((link) => [link, refused(link)])));
    expect(await db.catalogFeed.count()).toBe(0);
  });

  test("a public host is accepted, by name or address", async () => {
    const { ctx, advertiser } = await tenant();
    for (const link of ["ftp://shop.example.com/feed.csv", "ftp://134744072/feed.csv", "sftp://[2606:4700:4700::1111]:2222/feed.xml"]) {
      await createFeed(scopeOf(ctx), advertiser.id, linkInput(link));
    }
    expect((await db.catalogFeed.findMany({ orderBy: { id: "asc" } })).map((feed) => feed.sourceUrl)).toEqual([
      "ftp://shop@shop.example.com/feed.csv",
      "ftp://shop@8.8.8.8/feed.csv",
      "sftp://shop@[2606:4700:4700::1111]:2222/feed.xml",
    ]);
  });

  test("a host that does not resolve is refused with its own message", async () => {
    const { ctx, advertiser } = await tenant();
    await expect(createFeed(scopeOf(ctx), advertiser.id, linkInput("ftp://nowhere.example.com/feed.csv"))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["link"], message: LINK_MESSAGES.notFound })],
    });
  });

  test("an edit that points the link at an internal host is refused; the feed is unchanged", async () => {
    const { ctx, advertiser } = await tenant();
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, linkInput("ftp://shop.example.com/feed.csv"));
    const before = await db.catalogFeed.findUniqueOrThrow({ where: { id } });
    for (const link of ["ftp://0x7f.1/feed.csv", "ftp://internal.example.com/feed.csv", "sftp://[::ffff:10.0.0.1]/feed.csv"]) {
      expect(await updateFeedAction({ advertiserId: advertiser.id, id, version: 1, name: "Moved", updateFrequencyHours: 24, link, username: USER, password: PASSWORD })).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { link: link.includes("example.com") ? LINK_MESSAGES.notFound : LINK_MESSAGES.internal },
      });
    }
    expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await db.activityLog.count({ where: { action: "UPDATE" } })).toBe(0);
  });
});

describe("at every run", () => {
  test("a name that now resolves to an internal address fails the run with the generic message; nothing is contacted", async () => {
    const { ctx, advertiser } = await tenant();
    const answers = { "feeds.example.com": ["93.184.215.14"] };
    answerDns(answers); // public when saved ...
    const ftpFeed = await createFeed(scopeOf(ctx), advertiser.id, linkInput(`ftp://feeds.example.com:${ftp.port}/feed.csv`));
    const sftpFeed = await createFeed(scopeOf(ctx), advertiser.id, linkInput(`sftp://feeds.example.com:${sftp.port}/feed.csv`));
    answers["feeds.example.com"] = ["127.0.0.1"]; // ... loopback now, where our test servers listen
    const logged = jest.spyOn(process.stderr, "write").mockImplementation(() => true);

    for (const { id } of [ftpFeed, sftpFeed]) {
      expect(await processFeed(id)).toEqual({ status: "FAILED", message: FEED_HOST_MESSAGES.unreachable });
      expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({
        updateStatus: "FAILED",
        lastProcessStatus: "Could not connect to the feed host",
      });
    }
    expect(ftp.logins).toEqual([]);
    expect(sftp.logins).toEqual([]);
    const log = logged.mock.calls.map(([line]) => String(line)).join("");
    expect(log).toContain('"msg":"catalog: feed host refused","host":"feeds.example.com","reason":"internal","detail":"127.0.0.1 is loopback"');
  });

  test.each(["ftp", "sftp"] as const)("%s connects to the address it checked: the name is looked up once per run, never by the client", async (protocol) => {
    process.env.FEED_ALLOW_PRIVATE_HOSTS = "true"; // so the check lets our 127.0.0.1 server through
    const { ctx, advertiser } = await tenant();
    // Save and run each get our server; any later answer is an address where nothing listens.
    const answers = ["127.0.0.1", "127.0.0.1"];
    const promiseLookup = jest
      .spyOn(dns.promises, "lookup")
      .mockImplementation((async () => [{ address: answers.shift() ?? "192.0.2.1", family: 4 }]) as unknown as typeof dns.promises.lookup);
    const callbackLookup = jest.spyOn(dns, "lookup");
    const port = protocol === "ftp" ? ftp.port : sftp.port;
    const { id } = await createFeed(scopeOf(ctx), advertiser.id, linkInput(`${protocol}://rebind.example.com:${port}/feed.csv`));
    expect(promiseLookup).toHaveBeenCalledTimes(1);

    expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", itemsImported: 10 });
    expect(promiseLookup).toHaveBeenCalledTimes(2);
    expect(promiseLookup).toHaveBeenLastCalledWith("rebind.example.com", { all: true, verbatim: true });
    expect(callbackLookup.mock.calls.filter(([host]) => host === "rebind.example.com")).toEqual([]);
  });
});
