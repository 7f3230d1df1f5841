// FTP feeds: processFeed downloads the file behind an ftp:// link (with its
// credentials) and parses it; a refused login or a missing file fails the feed
// with the reason. A minimal FTP server (control + passive data connection)
// stands in for the customer's.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { db } from "@/lib/db";
import { createFeed } from "@/lib/catalog/mutations";
import { processFeed } from "@/lib/catalog/process";
import { downloadFtp, FeedSourceError } from "@/lib/catalog/fetch";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const FILES: Record<string, Buffer> = {
  "/feeds/products.xml": fs.readFileSync(path.join(__dirname, "../fixtures/catalog/products.xml")),
};
const USER = "shop";
const PASSWORD = "p@ss word";

/** Just enough of RFC 959 + EPSV for basic-ftp's login and RETR. */
function startFtpServer(): Promise<{ port: number; close: () => Promise<void>; logins: string[] }> {
  const logins: string[] = [];
  const sockets = new Set<net.Socket>();
  const dataServers = new Set<net.Server>();
  const server = net.createServer((control) => {
    sockets.add(control);
    control.on("close", () => sockets.delete(control));
    control.on("error", () => {}); // the client may hang up mid-transfer (size limit)
    let user = "";
    let data: net.Server | null = null;
    let dataSocket: Promise<net.Socket> | null = null;
    const reply = (line: string) => {
      if (control.writable) control.write(`${line}\r\n`);
    };
    reply("220 test ftp");
    let buffered = "";
    control.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      let end: number;
      while ((end = buffered.indexOf("\r\n")) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const [command, ...rest] = line.split(" ");
        const arg = rest.join(" ");
        switch (command.toUpperCase()) {
          case "USER":
            user = arg;
            reply("331 password please");
            break;
          case "PASS":
            logins.push(`${user}:${arg}`);
            if (user === USER && arg === PASSWORD) reply("230 logged in");
            else reply("530 Login incorrect.");
            break;
          case "EPSV": {
            data = net.createServer();
            dataServers.add(data);
            dataSocket = new Promise((resolve) =>
              data!.once("connection", (socket) => {
                socket.on("error", () => {});
                sockets.add(socket);
                resolve(socket);
              }),
            );
            data.listen(0, "127.0.0.1", () => reply(`229 Entering Extended Passive Mode (|||${(data!.address() as net.AddressInfo).port}|)`));
            break;
          }
          case "RETR": {
            const file = FILES[arg];
            if (!file) {
              reply("550 No such file.");
              break;
            }
            reply("150 Opening data connection");
            void dataSocket!.then((socket) =>
              socket.end(file, () => {
                reply("226 Transfer complete");
                data?.close();
              }),
            );
            break;
          }
          case "QUIT":
            reply("221 bye");
            control.end();
            break;
          case "FEAT":
            reply("502 not implemented");
            break;
          default:
            reply("200 ok");
        }
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        logins,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            for (const d of dataServers) d.close();
            server.close(() => done());
          }),
      }),
    ),
  );
}

let ftp: Awaited<ReturnType<typeof startFtpServer>>;
beforeAll(async () => {
  ftp = await startFtpServer();
});
afterAll(() => ftp.close());

async function linkFeed(link: string, username = USER, password = PASSWORD) {
  const { licensee, ctx } = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(licensee.id);
  return createFeed(ctx, advertiser.id, { source: "LINK", name: "Lamps by FTP", updateFrequencyHours: 1, link, username, password });
}

test("an FTP feed is downloaded with its credentials and parsed", async () => {
  const { id } = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/products.xml`);
  expect(await processFeed(id)).toMatchObject({ status: "COMPLETED", totalLines: 4, parsedLines: 4, errorLines: 0, itemsImported: 4 });
  expect(ftp.logins.at(-1)).toBe(`${USER}:${PASSWORD}`);
  expect(await db.catalogFeed.findUniqueOrThrow({ where: { id } })).toMatchObject({ sourceType: "FTP", format: "XML", updateStatus: "COMPLETED" });
});

test("a refused login or a missing file fails the feed with the reason", async () => {
  const wrong = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/products.xml`, USER, "nope");
  const result = await processFeed(wrong.id);
  expect(result).toMatchObject({ status: "FAILED" });
  expect(result.status === "FAILED" && result.message).toMatch(/^The feed could not be downloaded from 127\.0\.0\.1: 530 Login incorrect/);

  const missing = await linkFeed(`ftp://127.0.0.1:${ftp.port}/feeds/none.csv`);
  expect(await processFeed(missing.id)).toMatchObject({ status: "FAILED", message: expect.stringContaining("550 No such file") });
  expect(await db.catalogFeed.findUniqueOrThrow({ where: { id: missing.id } })).toMatchObject({ updateStatus: "FAILED" });
});

test("a file larger than the limit is refused while downloading", async () => {
  await expect(downloadFtp(`ftp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${ftp.port}/feeds/products.xml`, 100)).rejects.toThrow(
    new FeedSourceError("File size exceeds the limit of 100 bytes"),
  );
});
