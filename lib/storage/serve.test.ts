// serveStoredFile's headers per namespace and type: images stay inert,
// creatives' HTML and SVG run scripts only in a sandbox (opaque origin),
// unknown types and other namespaces are not served.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSessionContext } from "../auth/session";
import type { SessionContext } from "../auth/context";
import { storage } from "./index";
import { serveStoredFile } from "./serve";

jest.mock("../auth/session", () => ({ getSessionContext: jest.fn() }));
const getSessionMock = getSessionContext as jest.MockedFunction<typeof getSessionContext>;

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "serve-"));
  process.env.STORAGE_DIR = dir;
  getSessionMock.mockResolvedValue({ licenseeId: 7 } as SessionContext);
});
afterAll(() => {
  delete process.env.STORAGE_DIR;
  fs.rmSync(dir, { recursive: true, force: true });
});

async function served(key: string) {
  await storage().put(key, new TextEncoder().encode("content"));
  return serveStoredFile(new Request("http://x/api/files/" + key), key.split("/"));
}

test.each([
  ["creatives/7/1/u/index.html", "text/html; charset=utf-8"],
  ["creatives/7/1/u/art/logo.svg", "image/svg+xml"],
])("%s runs only sandboxed: CSP 'sandbox allow-scripts' without allow-same-origin, nosniff", async (key, type) => {
  const res = await served(key);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("content-security-policy")).toBe("sandbox allow-scripts; frame-ancestors 'self'");
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
});

test.each([
  ["images/7/1/LOGO/u/logo.png", "image/png"],
  ["creatives/7/1/u/clip.mp4", "video/mp4"],
  ["creatives/7/1/u/app.js", "text/javascript; charset=utf-8"],
])("%s stays inert", async (key, type) => {
  const res = await served(key);
  expect(res.headers.get("content-type")).toBe(type);
  expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
});

test.each(["images/7/1/LOGO/u/page.html", "creatives/7/1/u/tool.exe", "creatives/8/1/u/index.html", "catalog/7/1/u/feed.csv", "constructor/7/1/u/a.png"])(
  "%s is not served",
  async (key) => {
    expect((await served(key)).status).toBe(404);
  },
);
