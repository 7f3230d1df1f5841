// Upload hygiene at the routes: one user's uploads at once are capped across
// the creative and image upload routes (a 4th answers 429 with Retry-After and
// says why, reading nothing; other users go on; a finished upload gives its
// slot back), and an image declaring absurd dimensions (a 33-byte PNG of
// 100000x100000) is refused beside its name and never stored, by the creative
// upload, the image library's upload and its save.
import { requireSession } from "@/lib/auth/session";
import { POST as postCreative } from "@/app/v2/api/upload/creative/route";
import { POST as postImages } from "@/app/api/uploads/images/route";
import type { SessionContext } from "@/lib/auth/context";
import { addImages } from "@/lib/images/mutations";
import { scopeOf } from "@/lib/data/scope";
import { newImageKey } from "@/lib/images/files";
import { storage } from "@/lib/storage";
import { uploadsInProgress } from "@/lib/uploads/quota";
import { useTestDatabase } from "../helpers/db";
import { useEnv } from "../helpers/env";
import * as f from "../helpers/factories";
import { heldBody } from "../helpers/held-body";
import { pngHeader } from "../helpers/images";
import { useTestStorage } from "../helpers/storage";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn(), getSessionContext: jest.fn() }));
const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;

useTestDatabase();
const { storedFiles } = useTestStorage("upload-hygiene-");
useEnv({ UPLOAD_MAX_CONCURRENT_PER_USER: "3" });

const HOST = "default.localhost:3000";
const BOUNDARY = "----upload-hygiene";
const headers = { host: HOST, origin: `http://${HOST}`, "content-type": `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart body's fields, then the head of a file part whose bytes the test sends later. */
function formHead(fields: Record<string, string>, fileName: string): Uint8Array {
  const lines = Object.entries(fields).flatMap(([name, value]) => [`--${BOUNDARY}`, `Content-Disposition: form-data; name="${name}"`, "", value]);
  lines.push(`--${BOUNDARY}`, `Content-Disposition: form-data; name="file"; filename="${fileName}"`, "Content-Type: application/octet-stream", "", "");
  return new TextEncoder().encode(lines.join("\r\n"));
}

const TAIL = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);

/** An upload to `route` held open after its first bytes until end(). */
function heldRequest(route: string, fields: Record<string, string>) {
  const body = heldBody(formHead(fields, "clip.mp4"), TAIL);
  const request = new Request(`http://${HOST}${route}`, { method: "POST", body: body.stream, headers, duplex: "half" } as RequestInit);
  return { request, end: body.end };
}

function signedIn(ctx: SessionContext) {
  requireSessionMock.mockResolvedValue(ctx);
}

function formRequest(route: string, fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new File([new Uint8Array(file.bytes)], file.name, { type: "image/png" }));
  return new Request(`http://${HOST}${route}`, { method: "POST", body: form, headers: { host: HOST, origin: `http://${HOST}` } });
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

test("a user's 4th upload at once, on either route, answers 429 with Retry-After and reads nothing; another user goes on; a finished upload frees its slot", async () => {
  const { ctx, advertiser } = await f.makeTenantWithAdvertiser();
  const other = await f.makeTenantWithAdvertiser();
  signedIn(ctx);
  const videoFields = { advertiserId: String(advertiser.id), type: "VIDEO" };
  const held = [heldRequest("/v2/api/upload/creative", videoFields), heldRequest("/v2/api/upload/creative", videoFields), heldRequest("/api/uploads/images", { advertiserId: String(advertiser.id), kind: "LOGO" })];
  const answers = held.map((h) => (h.request.url.includes("creative") ? postCreative(h.request) : postImages(h.request)));
  await until(() => uploadsInProgress(ctx.userId).uploads === 3, "three uploads in progress");

  for (const [route, post] of [["/v2/api/upload/creative", postCreative], ["/api/uploads/images", postImages]] as const) {
    const fourth = heldRequest(route, videoFields);
    const res = await post(fourth.request);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("30");
    expect((await res.json()).error).toMatchObject({ status: 429, message: "You already have 3 uploads in progress: wait for one to finish, then try again" });
    expect(fourth.request.bodyUsed).toBe(false);
  }

  // Another user's upload is not held by this user's.
  signedIn(other.ctx);
  const png = { name: "banner.png", bytes: new Uint8Array(pngHeader(300, 250)) };
  expect((await postCreative(formRequest("/v2/api/upload/creative", { advertiserId: String(other.advertiser.id), type: "IMAGE" }, png))).status).toBe(200);

  // One upload ends (its file is no video: refused beside its name): its slot is free again.
  signedIn(ctx);
  held[0].end();
  const first = await answers[0];
  expect(first.status).toBe(200);
  expect((await first.json()).errors).toEqual([{ name: "clip.mp4", message: expect.stringMatching(/^unsupported type/) }]);
  expect(uploadsInProgress(ctx.userId).uploads).toBe(2);
  expect((await postCreative(formRequest("/v2/api/upload/creative", { advertiserId: String(advertiser.id), type: "IMAGE" }, png))).status).toBe(200);

  held[1].end();
  held[2].end();
  expect((await answers[1]).status).toBe(200);
  expect((await answers[2]).status).toBe(200);
  expect(uploadsInProgress(ctx.userId)).toEqual({ uploads: 0, bytes: 0 });
});

test("a 33-byte PNG declaring 100000x100000 is refused by the creative upload, the image upload and the library's save; nothing is stored", async () => {
  const { ctx, advertiser } = await f.makeTenantWithAdvertiser();
  signedIn(ctx);
  const bomb = { name: "bomb.png", bytes: new Uint8Array(pngHeader(100_000, 100_000)) };
  expect(bomb.bytes.length).toBe(33);

  const creative = await postCreative(formRequest("/v2/api/upload/creative", { advertiserId: String(advertiser.id), type: "IMAGE" }, bomb));
  expect(creative.status).toBe(200);
  expect(await creative.json()).toEqual({
    data: [],
    errors: [{ name: "bomb.png", message: "invalid dimensions: 100000x100000 pixels is more than 16,384 pixels a side" }],
  });

  for (const kind of ["LOGO", "FALLBACK", "OVERLAY"]) {
    const image = await postImages(formRequest("/api/uploads/images", { advertiserId: String(advertiser.id), kind }, bomb));
    expect(image.status).toBe(200);
    expect(await image.json()).toEqual({
      data: [],
      errors: [{ name: "bomb.png", message: "Invalid dimensions: 100000x100000 pixels is more than 16,384 pixels a side" }],
    });
  }
  expect(storedFiles()).toEqual([]);

  // A file stored before this check (an older version stored it) cannot be saved to the library either.
  const key = newImageKey(ctx.licenseeId, advertiser.id, "FALLBACK", "bomb.png");
  await storage().put(key, bomb.bytes);
  await expect(addImages(scopeOf(ctx), advertiser.id, { kind: "FALLBACK", urls: [storage().urlFor(key)] })).rejects.toMatchObject({
    issues: [expect.objectContaining({ path: ["urls", "0"], message: "Invalid dimensions: 100000x100000 pixels is more than 16,384 pixels a side" })],
  });
});
