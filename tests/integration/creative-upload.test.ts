// POST /v2/api/upload/creative as the browser sends it (multipart, streamed to
// temporary files): result rows, per-file errors, the gate (session, same
// origin, write role, the licensee's own advertiser) with nothing stored for
// refused requests or files, and the stored HTML5 creative served back with
// the sandbox CSP.
import { strToU8, zipSync } from "fflate";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST } from "@/app/v2/api/upload/creative/route";
import { useTestDatabase } from "../helpers/db";
import { useTestStorage } from "../helpers/storage";
import { signedInUploader } from "../helpers/session-mock";
import { expectSessionAndRoleRefused, fileRequest, UPLOAD_HOST } from "../helpers/upload-routes";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn(), getSessionContext: jest.fn() }));

useTestDatabase();
const { storedFiles } = useTestStorage("creative-upload-");

const FIXTURES = path.join(__dirname, "../fixtures/creatives");
const fixture = (name: string) => ({ name, bytes: fs.readFileSync(path.join(FIXTURES, name)) });

function uploadRequest(fields: Record<string, string>, files: { bytes: Buffer; name: string }[], headers: Record<string, string> = {}, query = "") {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  // The browser's MIME type says image for everything: the server must not care.
  for (const file of files) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return new Request(`http://${UPLOAD_HOST}/v2/api/upload/creative${query}`, {
    method: "POST",
    body: form,
    headers: { host: UPLOAD_HOST, origin: `http://${UPLOAD_HOST}`, ...headers },
  });
}

async function status(req: Request) {
  const res = await POST(req);
  const { error } = await res.json();
  return [res.status, error?.fieldErrors && Object.keys(error.fieldErrors).length ? error.fieldErrors : error?.message];
}

test("several files: accepted ones come back as rows (name, filePath, width, height), refused ones by name; nothing stored for them", async () => {
  const { ctx, advertiser } = await signedInUploader();
  const tempDirs = () => new Set(fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith("creative-upload-")));
  const before = tempDirs();
  const res = await POST(
    uploadRequest({ advertiserId: String(advertiser.id), type: "IMAGE" }, [
      fixture("banner-300x250.png"),
      fixture("not-an-image.png"),
      fixture("video-800k.mp4"),
    ]),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  const prefix = `creatives/${ctx.licenseeId}/${advertiser.id}/`;
  expect(body).toEqual({
    data: [
      {
        name: "banner-300x250.png",
        filePath: expect.stringMatching(new RegExp(`^/api/files/${prefix}[0-9a-f-]{36}/banner-300x250\\.png$`)),
        storageKey: expect.stringMatching(new RegExp(`^${prefix}`)),
        width: 300,
        height: 250,
        mimeType: "image/png",
        sizeBytes: fs.statSync(path.join(FIXTURES, "banner-300x250.png")).size,
      },
    ],
    errors: [
      { name: "not-an-image.png", message: "unsupported type: the content is not a known media format; expected JPEG, PNG, GIF" },
      { name: "video-800k.mp4", message: "unsupported type: the content is MP4; expected JPEG, PNG, GIF" },
    ],
  });
  expect(storedFiles()).toEqual([body.data[0].storageKey]);
  // The temporary files of the request are gone (only the storage keeps the accepted one).
  expect([...tempDirs()].filter((d) => !before.has(d))).toEqual([]);

  const served = await fileRequest(body.data[0].filePath);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
});

test("videos: facts from the stream; CTV refuses 2 Mbps; a file over its kind's limit is cut off and reported", async () => {
  const { advertiser } = await signedInUploader();
  const ctv = await (
    await POST(uploadRequest({ advertiserId: String(advertiser.id), type: "CTV_VIDEO" }, [fixture("video-800k.mp4"), fixture("video-2000k.mp4")], {}, "?isPlacebo=false"))
  ).json();
  expect(ctv.data).toEqual([
    expect.objectContaining({ name: "video-800k.mp4", width: 640, height: 360, durationMs: 1000, mimeType: "video/mp4", bitrateKbps: expect.any(Number) }),
  ]);
  expect(ctv.errors).toEqual([{ name: "video-2000k.mp4", message: expect.stringMatching(/^bitrate exceeds limit: \d+ Kbps is more than 1024 Kbps$/) }]);

  const big = { name: "big.png", bytes: Buffer.concat([fixture("banner-300x250.png").bytes, Buffer.alloc(5_120_000)]) };
  const image = await (await POST(uploadRequest({ advertiserId: String(advertiser.id), type: "IMAGE" }, [big]))).json();
  expect(image).toEqual({ data: [], errors: [{ name: "big.png", message: "size exceeds limit: the file is more than 5.12 MB" }] });
  expect(storedFiles()).toHaveLength(1); // the CTV video only
});

test("an HTML5 archive of many entries keeps every one (written several at a time)", async () => {
  const { advertiser } = await signedInUploader();
  const files: Record<string, Uint8Array> = { "index.html": strToU8('<html><body><img src="img/0.png"></body></html>') };
  const png = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "banner-300x250.png")));
  for (let i = 0; i < 19; i++) files[`img/${i}.png`] = png;
  const body = await (await POST(uploadRequest({ advertiserId: String(advertiser.id), type: "ZIPPED_HTML" }, [{ name: "many.zip", bytes: Buffer.from(zipSync(files)) }]))).json();
  expect(body.errors).toEqual([]);
  const folder = body.data[0].storageKey.replace(/index\.html$/, "");
  expect(storedFiles().sort()).toEqual(Object.keys(files).map((name) => `${folder}${name}`).sort());
});

test("an HTML5 archive is stored entry by entry under one folder; its HTML is served with the sandbox CSP; traversal refused", async () => {
  const { advertiser } = await signedInUploader();
  const body = await (
    await POST(uploadRequest({ advertiserId: String(advertiser.id), type: "ZIPPED_HTML" }, [fixture("html5-banner.zip"), fixture("html5-traversal.zip")]))
  ).json();
  expect(body.errors).toEqual([{ name: "html5-traversal.zip", message: 'unsupported type: the archive entry "../evil.html" points outside the archive' }]);
  expect(body.data).toEqual([expect.objectContaining({ name: "html5-banner.zip", htmlEntry: "index.html", filePath: expect.stringMatching(/\/index\.html$/) })]);
  const folder = body.data[0].storageKey.replace(/index\.html$/, "");
  expect(storedFiles().sort()).toEqual([`${folder}css/style.css`, `${folder}index.html`]);

  const html = await fileRequest(body.data[0].filePath);
  expect(html.status).toBe(200);
  expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(html.headers.get("content-security-policy")).toMatch(/^sandbox allow-scripts(;|$)/);
  expect(html.headers.get("content-security-policy")).not.toContain("allow-same-origin");
  expect(html.headers.get("x-content-type-options")).toBe("nosniff");
  expect(await html.text()).toContain("<p>Ad</p>");
  const css = await fileRequest(body.data[0].filePath.replace(/index\.html$/, "css/style.css"));
  expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
  expect(css.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
});

test("refusals: cross-origin 403, foreign advertiser 404, bad type 400, no file 400, too large 413, signed out 401, RO and DEMO 403; nothing stored", async () => {
  const other = await signedInUploader();
  const { advertiser } = await signedInUploader();
  const fields = { advertiserId: String(advertiser.id), type: "IMAGE" };
  const files = [fixture("banner-300x250.png")];

  expect(await status(uploadRequest(fields, files, { origin: "http://acme.localhost:3000" }))).toEqual([403, "Cross-origin uploads are not allowed"]);
  expect(await status(uploadRequest({ ...fields, advertiserId: String(other.advertiser.id) }, files))).toEqual([404, "Advertiser not found"]);
  expect(await status(uploadRequest({ ...fields, type: "BANNER" }, files))).toEqual([400, { type: "Choose the creative set type" }]);
  expect(await status(uploadRequest({ ...fields, type: "THIRD_PARTY_AD_TAGS" }, files))).toEqual([400, { type: "This creative set type takes no uploaded file" }]);
  expect(await status(uploadRequest(fields, []))).toEqual([400, { file: "Choose at least one file to upload" }]);
  expect(await status(uploadRequest(fields, Array.from({ length: 11 }, () => files[0])))).toEqual([400, { file: "Upload at most 10 files at a time" }]);
  expect(await status(uploadRequest(fields, files, {}, "?isPlacebo=maybe"))).toEqual([400, { isPlacebo: "isPlacebo must be true or false" }]);
  expect(await status(uploadRequest(fields, files, { "content-length": String(3 * 1024 * 1024 * 1024) }))).toEqual([413, "The upload is too large"]);
  const notMultipart = new Request(`http://${UPLOAD_HOST}/v2/api/upload/creative`, { method: "POST", body: "{}", headers: { host: UPLOAD_HOST, "content-type": "application/json" } });
  expect(await status(notMultipart)).toEqual([400, { file: "The upload is not a multipart form" }]);
  await expectSessionAndRoleRefused(status, (advertiserId) => uploadRequest(advertiserId ? { ...fields, advertiserId } : fields, files), storedFiles);
});
