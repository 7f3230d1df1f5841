// The file routes as a sandboxed HTML5 preview and a <video> call them:
// path-signed URLs (no cookie: the frame is an opaque origin) serve the
// creative's folder and nothing else, for a limited time; byte ranges let a
// player seek; putFile stores a large temporary file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getSessionContext } from "@/lib/auth/session";
import type { SessionContext } from "@/lib/auth/context";
import { GET as getFile } from "@/app/api/files/[...key]/route";
import { GET as getSigned } from "@/app/api/files/signed/[token]/[...key]/route";
import { storage } from "@/lib/storage";
import { signedFolderUrl } from "@/lib/storage/signed";
import { htmlPreviewUrl } from "@/lib/creatives/preview";
import { useTestStorage } from "../helpers/storage";

jest.mock("@/lib/auth/session", () => ({ getSessionContext: jest.fn() }));
const getSessionMock = getSessionContext as jest.MockedFunction<typeof getSessionContext>;

useTestStorage("storage-signed-");
beforeEach(() => getSessionMock.mockResolvedValue(null)); // the sandboxed frame sends no cookie

const ORIGIN = "http://default.localhost:3000";
const FOLDER = "creatives/7/12/0b8a7a2e-6f0e-4d5b-9a34-3c2d1e0f9a8b";
const OTHER_FOLDER = "creatives/7/12/5d6c7b8a-1111-4222-8333-944455556666";
const HTML = '<html><link rel="stylesheet" href="style.css"><img src="img/a.png"></html>';

async function putText(key: string, text: string) {
  await storage().put(key, new TextEncoder().encode(text));
}

/** GET a URL path through the route Next would pick for it, as a browser would send it. */
function get(url: string, headers: Record<string, string> = {}) {
  const { pathname } = new URL(url, ORIGIN);
  const request = new Request(ORIGIN + pathname, { headers });
  const signed = /^\/api\/files\/signed\/([^/]+)\/(.+)$/.exec(pathname);
  if (signed) return getSigned(request, { params: Promise.resolve({ token: signed[1], key: signed[2].split("/") }) });
  return getFile(request, { params: Promise.resolve({ key: pathname.replace(/^\/api\/files\//, "").split("/") }) });
}

async function storeHtml5() {
  await putText(`${FOLDER}/banner/index.html`, HTML);
  await putText(`${FOLDER}/banner/style.css`, "body{margin:0}");
  await storage().put(`${FOLDER}/banner/img/a.png`, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await putText(`${FOLDER}/shared.js`, "var shared=1");
  await putText(`${OTHER_FOLDER}/index.html`, "<p>another creative</p>");
  await putText(`${OTHER_FOLDER}/style.css`, "secret{}");
  return new URL(signedFolderUrl(`${FOLDER}/banner/index.html`), ORIGIN).toString();
}

test("without a cookie the session route refuses, the signed HTML loads sandboxed and its relative assets load under the same token", async () => {
  const htmlUrl = await storeHtml5();
  expect((await get(`/api/files/${FOLDER}/banner/style.css`)).status).toBe(401);

  const html = await get(htmlUrl);
  expect(html.status).toBe(200);
  expect(await html.text()).toBe(HTML);
  expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(html.headers.get("content-security-policy")).toBe("sandbox allow-scripts; frame-ancestors 'self'");
  expect(html.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(html.headers.get("x-content-type-options")).toBe("nosniff");
  expect(html.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);

  // What the browser asks for when the HTML names style.css, img/a.png and ../shared.js.
  const css = await get(new URL("style.css", htmlUrl).toString());
  expect([css.status, css.headers.get("content-type"), await css.text()]).toEqual([200, "text/css; charset=utf-8", "body{margin:0}"]);
  expect(css.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  expect(css.headers.get("x-frame-options")).toBe("DENY");
  const png = await get(new URL("img/a.png", htmlUrl).toString());
  expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
  expect((await get(new URL("../shared.js", htmlUrl).toString())).status).toBe(200);
});

test("under a token, another creative's files, missing files and unserved types are 404", async () => {
  const htmlUrl = await storeHtml5();
  const token = new URL(htmlUrl).pathname.split("/")[4];
  for (const key of [`${OTHER_FOLDER}/style.css`, `${OTHER_FOLDER}/index.html`, `${FOLDER}/banner/none.css`, `${FOLDER}/banner/tool.exe`, "creatives/7/12/x.css"]) {
    const res = await get(`/api/files/signed/${token}/${key}`);
    expect([key, res.status]).toEqual([key, 404]);
    expect(await res.text()).toBe("Not found");
  }
  // "../../<other folder>" resolves outside the token's folder.
  expect((await get(new URL(`../../${OTHER_FOLDER.split("/").pop()}/style.css`, htmlUrl).toString())).status).toBe(404);
});

test("an expired, altered or made-up token is a bare 403", async () => {
  await storeHtml5();
  const expired = signedFolderUrl(`${FOLDER}/banner/index.html`, { now: new Date(Date.now() - 2 * 3600_000), ttlSeconds: 60 });
  const good = signedFolderUrl(`${FOLDER}/banner/index.html`);
  const token = good.split("/")[4];
  const altered = token.slice(0, 10) + (token[10] === "A" ? "B" : "A") + token.slice(11);
  // A valid token of the other folder does not open this one.
  const otherToken = signedFolderUrl(`${OTHER_FOLDER}/index.html`).split("/")[4];
  for (const url of [expired, good.replace(token, altered), good.replace(token, "forged"), good.replace(token, otherToken)]) {
    const res = await get(url);
    expect(res.status).toBe(url.includes(otherToken) ? 404 : 403);
    expect(await res.text()).toMatch(/^(Forbidden|Not found)$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
  }
  expect((await get(good)).status).toBe(200);
});

test("the preview URL lists and the details page give an HTML5 creative loads without a cookie; other creatives get none", async () => {
  await storeHtml5();
  const fileUrl = `/api/files/${FOLDER}/banner/index.html`;
  const previewUrl = htmlPreviewUrl({ type: "ZIPPED_HTML", mimeType: "text/html", fileUrl });
  expect(previewUrl).toMatch(/^\/api\/files\/signed\/[A-Za-z0-9_-]+\/creatives\/7\/12\//);
  expect((await get(previewUrl!)).status).toBe(200);
  expect((await get(new URL("style.css", ORIGIN + previewUrl).toString())).status).toBe(200);
  expect(htmlPreviewUrl({ type: "IMAGE", mimeType: "image/png", fileUrl: `/api/files/${FOLDER}/a.png` })).toBeNull();
});

describe("byte ranges", () => {
  const KEY = "creatives/7/12/u/clip.mp4";
  const content = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
  const signedIn = () => getSessionMock.mockResolvedValue({ licenseeId: 7 } as SessionContext);

  test("a single range is 206 with Content-Range and exactly those bytes, on the session and the signed route", async () => {
    signedIn();
    await storage().put(KEY, content);
    for (const url of [`/api/files/${KEY}`, signedFolderUrl(KEY)]) {
      const res = await get(url, { range: "bytes=100-199" });
      expect(res.status).toBe(206);
      expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
      expect(res.headers.get("content-length")).toBe("100");
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(Array.from(new Uint8Array(await res.arrayBuffer()))).toEqual(Array.from(content.subarray(100, 200)));
    }
    const open = await get(`/api/files/${KEY}`, { range: "bytes=990-" });
    expect([open.status, open.headers.get("content-range"), (await open.arrayBuffer()).byteLength]).toEqual([206, "bytes 990-999/1000", 10]);
    const suffix = await get(`/api/files/${KEY}`, { range: "bytes=-5" });
    expect(Array.from(new Uint8Array(await suffix.arrayBuffer()))).toEqual(Array.from(content.subarray(995)));
  });

  test("no or an unusable Range header serves the whole file; past the end is 416", async () => {
    signedIn();
    await storage().put(KEY, content);
    for (const range of [undefined, "bytes=0-1,5-9", "bytes=9-5"]) {
      const res = await get(`/api/files/${KEY}`, range ? { range } : {});
      expect([res.status, res.headers.get("accept-ranges"), (await res.arrayBuffer()).byteLength]).toEqual([200, "bytes", 1000]);
    }
    const past = await get(`/api/files/${KEY}`, { range: "bytes=1000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */1000");
    expect((await get(`/api/files/creatives/7/12/u/none.mp4`, { range: "bytes=0-1" })).status).toBe(404);
    expect((await get(`/api/files/creatives/8/12/u/clip.mp4`, { range: "bytes=0-1" })).status).toBe(404);
  });
});

test("putFile stores a large temporary file that is then served, ranges included", async () => {
  getSessionMock.mockResolvedValue({ licenseeId: 7 } as SessionContext);
  const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "putfile-")), "upload.mp4");
  const size = 12 * 1024 * 1024 + 3;
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 256;
  fs.writeFileSync(source, bytes);
  try {
    await storage().putFile("creatives/7/12/v/big.mp4", source);
    const whole = await get("/api/files/creatives/7/12/v/big.mp4");
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await get("/api/files/creatives/7/12/v/big.mp4", { range: `bytes=${size - 4096 * 2}-${size - 4096 * 2}` });
    expect(Array.from(new Uint8Array(await part.arrayBuffer()))).toEqual([bytes[size - 4096 * 2]]);
  } finally {
    fs.rmSync(path.dirname(source), { recursive: true, force: true });
  }
});
