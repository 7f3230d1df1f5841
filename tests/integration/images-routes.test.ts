// The two route handlers as the browser calls them: the multipart upload
// (session, same origin, RW role, advertiser of the licensee, per-file errors)
// and the file route (own licensee only, content type, nosniff, no traversal).
import fs from "node:fs";
import path from "node:path";
import { POST } from "@/app/api/uploads/images/route";
import { GET } from "@/app/api/files/[...key]/route";
import { storeFeedFile } from "@/lib/catalog/files";
import { useTestDatabase } from "../helpers/db";
import { gif, png } from "../helpers/images";
import { useTestStorage } from "../helpers/storage";
import { signedIn, signedInUploader } from "../helpers/session-mock";
import { expectSessionAndRoleRefused, fileRequest, UPLOAD_HOST } from "../helpers/upload-routes";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn(), getSessionContext: jest.fn() }));

useTestDatabase();

const { dir: storage, storedFiles } = useTestStorage("images-routes-");

function uploadRequest(fields: Record<string, string>, files: { bytes: Buffer; name: string }[], headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const file of files) form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return new Request(`http://${UPLOAD_HOST}/api/uploads/images`, { method: "POST", body: form, headers: { host: UPLOAD_HOST, origin: `http://${UPLOAD_HOST}`, ...headers } });
}

test("RW uploads several files: stored ones come back as rows, refused ones by name; each is served back", async () => {
  const { ctx, advertiser } = await signedInUploader();
  const logo = png(300, 300);
  const res = await POST(
    uploadRequest({ advertiserId: String(advertiser.id), kind: "LOGO" }, [
      { bytes: logo, name: "logo.png" },
      { bytes: png(300, 301), name: "tall.png" },
      { bytes: gif(300, 300), name: "anim.gif" },
    ]),
  );
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = await res.json();
  expect(body).toEqual({
    data: [{ name: "logo.png", url: expect.stringMatching(new RegExp(`^/api/files/images/${ctx.licenseeId}/${advertiser.id}/LOGO/`)), width: 300, height: 300 }],
    errors: [
      { name: "tall.png", message: "Invalid dimensions: the image is 300x301 pixels; it must be 300x300" },
      { name: "anim.gif", message: "Unsupported file type: only .jpg, .jpeg, .png files are allowed" },
    ],
  });

  const served = await fileRequest(body.data[0].url);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/png");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  expect(served.headers.get("content-length")).toBe(String(logo.length));
  expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
});

test("an overlay GIF is accepted and served as image/gif", async () => {
  const { advertiser } = await signedInUploader();
  const res = await POST(uploadRequest({ advertiserId: String(advertiser.id), kind: "OVERLAY" }, [{ bytes: gif(20, 10), name: "o.gif" }]));
  const body = await res.json();
  expect(body.errors).toEqual([]);
  expect((await fileRequest(body.data[0].url)).headers.get("content-type")).toBe("image/gif");
});

test("refusals: signed out 401, cross-origin 403, RO and DEMO 403 (nothing stored), another licensee's advertiser 404, bad input 400, too large 413", async () => {
  const other = await signedInUploader();
  const { advertiser } = await signedInUploader();
  const fields = { advertiserId: String(advertiser.id), kind: "LOGO" };
  const files = [{ bytes: png(300, 300), name: "l.png" }];
  const status = async (req: Request) => {
    const res = await POST(req);
    const { error } = await res.json();
    return [res.status, error?.fieldErrors && Object.keys(error.fieldErrors).length ? error.fieldErrors : error?.message];
  };

  expect(await status(uploadRequest(fields, files, { origin: "http://acme.localhost:3000" }))).toEqual([403, "Cross-origin uploads are not allowed"]);
  expect(await status(uploadRequest({ ...fields, advertiserId: String(other.advertiser.id) }, files))).toEqual([404, "Advertiser not found"]);
  expect(await status(uploadRequest({ ...fields, advertiserId: "abc" }, files))).toEqual([404, "Advertiser not found"]);
  expect(await status(uploadRequest({ ...fields, kind: "BANNER" }, files))).toEqual([400, "Unknown image kind"]);
  expect(await status(uploadRequest(fields, []))).toEqual([400, { file: "Choose at least one image to upload" }]);
  expect(await status(uploadRequest(fields, files, { "content-length": String(100 * 1024 * 1024) }))).toEqual([413, "The upload is too large"]);
  await expectSessionAndRoleRefused(status, (advertiserId) => uploadRequest(advertiserId ? { ...fields, advertiserId } : fields, files), storedFiles);
});

test("the file route serves only the session's licensee's images, and nothing outside the storage", async () => {
  const theirs = await signedInUploader();
  const theirUpload = await (await POST(uploadRequest({ advertiserId: String(theirs.advertiser.id), kind: "FALLBACK" }, [{ bytes: png(5, 5), name: "f.png" }]))).json();
  const url: string = theirUpload.data[0].url;
  expect((await fileRequest(url)).status).toBe(200);

  const mine = await signedInUploader();
  expect((await fileRequest(url)).status).toBe(404); // another licensee's file
  // The same path with my licensee id: no such file.
  expect((await fileRequest(url.replace(`/images/${theirs.licensee.id}/`, `/images/${mine.licensee.id}/`))).status).toBe(404);

  fs.writeFileSync(path.join(storage, "..", "secret.png"), "x");
  const traversal = [
    ["images", String(mine.licensee.id), "..", "..", "secret.png"],
    ["images", String(mine.licensee.id), "a/../../../secret.png"],
    ["images", String(mine.licensee.id), "%2e%2e", "secret.png"],
    ["images", String(mine.licensee.id), "", "secret.png"],
    ["images", String(mine.licensee.id)],
  ];
  for (const key of traversal) {
    const res = await GET(new Request(`http://${UPLOAD_HOST}/api/files/x`), { params: Promise.resolve({ key }) });
    expect(res.status).toBe(404);
  }
  fs.rmSync(path.join(storage, "..", "secret.png"));

  // Catalog feeds are stored under the licensee too, but never served back.
  const feedKey = await storeFeedFile(mine.licensee.id, "feed.png", png(5, 5));
  expect((await fileRequest(`/api/files/${feedKey}`)).status).toBe(404);
  // Only image types are served.
  fs.mkdirSync(path.join(storage, `images/${mine.licensee.id}/1/LOGO/u`), { recursive: true });
  fs.writeFileSync(path.join(storage, `images/${mine.licensee.id}/1/LOGO/u/page.html`), "<script>alert(1)</script>");
  expect((await fileRequest(`/api/files/images/${mine.licensee.id}/1/LOGO/u/page.html`)).status).toBe(404);

  signedIn(null);
  expect((await fileRequest(url)).status).toBe(401);
});
