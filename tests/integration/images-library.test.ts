// The image library end to end below the UI: upload (files checked and stored),
// save to the library, list, soft delete, discard, with the gate's rules (other
// licensee's advertiser 404, RO/DEMO refused with nothing written) and one
// activity row per change in the same transaction.
import fs from "node:fs";
import { POST as postImages } from "@/app/api/uploads/images/route";
import { db } from "@/lib/db";
import { requireSession } from "@/lib/auth/session";
import { addImagesAction, deleteImagesAction, discardUploadsAction, listImagesAction } from "@/lib/images/actions";
import { uploadImages } from "@/lib/images/upload";
import { scopeOf } from "@/lib/data/scope";
import { listImages } from "@/lib/images/queries";
import { IMAGE_MESSAGES } from "@/lib/images/schema";
import type { SessionContext } from "@/lib/auth/context";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { gif, png } from "../helpers/images";
import { useTestStorage } from "../helpers/storage";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));
const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;

useTestDatabase();

const { dir: storage, storedFiles } = useTestStorage("images-library-");
const file = (bytes: Buffer, name: string) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

async function tenant(role: "RW" | "RO" | "DEMO" = "RW") {
  const t = await f.makeTenant(role);
  const advertiser = await f.makeAdvertiser(t.licensee.id);
  // As the seed and createAdvertiser do: the shared default logo, 300x300.
  const defaultLogo = await db.appSetting.create({
    data: {
      licenseeId: t.licensee.id,
      advertiserId: advertiser.id,
      key: "DEFAULT_LOGO",
      value: "/brand/default-advertiser-logo.svg",
      name: "default-advertiser-logo.svg",
      width: 300,
      height: 300,
      properties: { DIMENSIONS: "300x300" },
    },
  });
  requireSessionMock.mockResolvedValue(t.ctx);
  return { ...t, advertiser, defaultLogo };
}

/** Uploads as the route does, returning the stored URLs. */
async function upload(ctx: SessionContext, advertiserId: number, kind: string, files: File[]) {
  return uploadImages(scopeOf(ctx), { advertiserId: String(advertiserId), kind, files });
}

test("RW uploads logos: valid files are stored, refused ones listed by name; Save adds them with one activity row", async () => {
  const { ctx, advertiser } = await tenant();
  const result = await upload(ctx, advertiser.id, "LOGO", [
    file(png(300, 300), "brand logo.png"),
    file(png(301, 300), "wide.png"),
    file(Buffer.from("hello"), "notes.png"),
  ]);
  expect(result.errors).toEqual([
    { name: "wide.png", message: "Invalid dimensions: the image is 301x300 pixels; it must be 300x300" },
    { name: "notes.png", message: "Unsupported file type: the content is not a .jpg, .jpeg, .png image" },
  ]);
  expect(result.data).toEqual([
    {
      name: "brand_logo.png",
      url: expect.stringMatching(new RegExp(`^/api/files/images/${ctx.licenseeId}/${advertiser.id}/LOGO/[0-9a-f-]{36}/brand_logo\\.png$`)),
      width: 300,
      height: 300,
    },
  ]);
  expect(storedFiles()).toHaveLength(1);
  expect(await db.appSetting.count({ where: { key: "LOGO_LINK" } })).toBe(0); // stored, not yet in the library

  const url = result.data[0].url;
  const saved = await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: [url] });
  expect(saved).toEqual({
    ok: true,
    data: [{ id: expect.any(Number), name: "brand_logo.png", url, key: "LOGO_LINK", width: 300, height: 300, dimensions: "300X300", isDefault: false }],
  });
  const row = await db.appSetting.findFirstOrThrow({ where: { key: "LOGO_LINK" } });
  expect(row).toMatchObject({ licenseeId: ctx.licenseeId, advertiserId: advertiser.id, value: url, name: "brand_logo.png", active: true, properties: { DIMENSIONS: "300X300" } });

  const logs = await db.activityLog.findMany({ include: { fields: true } });
  expect(logs).toEqual([
    expect.objectContaining({
      action: "UPDATE",
      entityType: "ADVERTISER",
      entityId: advertiser.id,
      entityName: advertiser.name,
      entityAdvertiserId: advertiser.id,
      userId: ctx.userId,
      message: "Image library: 1 logo(s) added (brand_logo.png)",
      fields: [expect.objectContaining({ fieldName: "LOGO_LINK", oldValue: null, newValue: url })],
    }),
  ]);

  // Saving the same upload again (a double-clicked Save) adds nothing and logs nothing.
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: [url] })).toMatchObject({ ok: true, data: [{ id: row.id }] });
  expect(await db.appSetting.count({ where: { key: "LOGO_LINK" } })).toBe(1);
  expect(await db.activityLog.count()).toBe(1);
});

test("lists: default logo first, newest next; logo lists only 300X300; each kind its own keys", async () => {
  const { ctx, advertiser, defaultLogo } = await tenant();
  const logos = await upload(ctx, advertiser.id, "LOGO", [file(png(300, 300), "a.png"), file(png(300, 300), "b.png")]);
  await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: [logos.data[0].url] });
  await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: [logos.data[1].url] });
  // A logo of another size saved by an older client: stored but never offered.
  await db.appSetting.create({
    data: { licenseeId: ctx.licenseeId, advertiserId: advertiser.id, key: "LOGO_LINK", value: "/x/odd.png", name: "odd.png", properties: { DIMENSIONS: "320X50" } },
  });
  const overlay = await upload(ctx, advertiser.id, "OVERLAY", [file(gif(64, 32), "spark.gif")]);
  expect(overlay.errors).toEqual([]);
  await addImagesAction({ advertiserId: advertiser.id, kind: "OVERLAY", urls: [overlay.data[0].url] });

  const list = await listImagesAction({ advertiserId: advertiser.id, kind: "LOGO" });
  expect(list.ok && list.data.map((i) => [i.name, i.isDefault, i.dimensions])).toEqual([
    ["default-advertiser-logo.svg", true, "300X300"],
    ["b.png", false, "300X300"],
    ["a.png", false, "300X300"],
  ]);
  expect(list.ok && list.data[0].id).toBe(defaultLogo.id);
  expect((await listImages(ctx, advertiser.id, "OVERLAY")).map((i) => [i.name, i.dimensions, i.key])).toEqual([["spark.gif", "64X32", "OVERLAY_IMG_LINK"]]);
  expect(await listImages(ctx, advertiser.id, "FALLBACK")).toEqual([]);
  expect(await listImagesAction({ advertiserId: advertiser.id, kind: "BANNER" as never })).toMatchObject({ ok: false, status: 400 });
});

test("delete is soft, logged, keeps the file; the default logo is refused by the server", async () => {
  const { ctx, advertiser, defaultLogo } = await tenant();
  const up = await upload(ctx, advertiser.id, "FALLBACK", [file(png(320, 50), "one.png"), file(png(320, 50), "two.png")]);
  const saved = await addImagesAction({ advertiserId: advertiser.id, kind: "FALLBACK", urls: up.data.map((d) => d.url) });
  const ids = saved.ok ? saved.data.map((i) => i.id) : [];
  expect(ids).toHaveLength(2);

  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "FALLBACK", ids: [ids[0]] })).toEqual({ ok: true, data: { ids: [ids[0]] } });
  expect(await db.appSetting.findUniqueOrThrow({ where: { id: ids[0] } })).toMatchObject({ active: false, version: 2 });
  expect((await listImages(ctx, advertiser.id, "FALLBACK")).map((i) => i.name)).toEqual(["two.png"]);
  expect(storedFiles()).toHaveLength(2);
  const log = await db.activityLog.findFirstOrThrow({ orderBy: { id: "desc" }, include: { fields: true } });
  expect(log).toMatchObject({
    action: "UPDATE",
    entityType: "ADVERTISER",
    entityId: advertiser.id,
    message: "Image library: 1 fallback image(s) deleted (one.png)",
    fields: [expect.objectContaining({ fieldName: "FALLBACK_IMG_LINK", oldValue: up.data[0].url, newValue: null })],
  });

  const logsBefore = await db.activityLog.count();
  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "LOGO", ids: [defaultLogo.id] })).toEqual({
    ok: false,
    status: 403,
    formError: IMAGE_MESSAGES.defaultLogo,
  });
  expect(await db.appSetting.findUniqueOrThrow({ where: { id: defaultLogo.id } })).toMatchObject({ active: true });
  // Already deleted, or of another kind's library: not found, nothing changed.
  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "FALLBACK", ids: [ids[0], ids[1]] })).toMatchObject({ ok: false, status: 404 });
  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "OVERLAY", ids: [ids[1]] })).toMatchObject({ ok: false, status: 404 });
  expect(await db.appSetting.findUniqueOrThrow({ where: { id: ids[1] } })).toMatchObject({ active: true });
  expect(await db.activityLog.count()).toBe(logsBefore);
});

test("another licensee's advertiser or image is not found; its uploads cannot be saved here", async () => {
  const other = await tenant();
  const otherUpload = await upload(other.ctx, other.advertiser.id, "LOGO", [file(png(300, 300), "theirs.png")]);
  const mine = await tenant();
  const files = storedFiles().length;

  expect(await listImagesAction({ advertiserId: other.advertiser.id, kind: "LOGO" })).toMatchObject({ ok: false, status: 404 });
  await expect(upload(mine.ctx, other.advertiser.id, "LOGO", [file(png(300, 300), "x.png")])).rejects.toMatchObject({ status: 404 });
  expect(await addImagesAction({ advertiserId: other.advertiser.id, kind: "LOGO", urls: otherUpload.data.map((d) => d.url) })).toMatchObject({ ok: false, status: 404 });
  expect(await deleteImagesAction({ advertiserId: other.advertiser.id, kind: "LOGO", ids: [other.defaultLogo.id] })).toMatchObject({ ok: false, status: 404 });
  expect(await deleteImagesAction({ advertiserId: mine.advertiser.id, kind: "LOGO", ids: [other.defaultLogo.id] })).toMatchObject({ ok: false, status: 404 });
  // Their upload's URL offered to my advertiser: refused as not uploaded here.
  expect(await addImagesAction({ advertiserId: mine.advertiser.id, kind: "LOGO", urls: otherUpload.data.map((d) => d.url) })).toEqual({
    ok: false,
    status: 400,
    fieldErrors: { "urls.0": IMAGE_MESSAGES.notUploaded },
    formError: "Please correct the highlighted fields.",
  });
  expect(await discardUploadsAction({ advertiserId: mine.advertiser.id, urls: otherUpload.data.map((d) => d.url) })).toEqual({ ok: true, data: { deleted: 0 } });
  expect(storedFiles()).toHaveLength(files);
  expect(await db.appSetting.count({ where: { key: "LOGO_LINK" } })).toBe(0);
  expect(await db.activityLog.count()).toBe(0);
});

test("a saved URL must be an upload of this advertiser and kind that still exists", async () => {
  const { ctx, advertiser } = await tenant();
  const logo = await upload(ctx, advertiser.id, "LOGO", [file(png(300, 300), "l.png")]);
  const refused = (message: string) => ({ ok: false, status: 400, fieldErrors: { "urls.0": message }, formError: "Please correct the highlighted fields." });
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "FALLBACK", urls: logo.data.map((d) => d.url) })).toEqual(refused(IMAGE_MESSAGES.notUploaded));
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: ["https://evil.example/logo.png"] })).toEqual(refused(IMAGE_MESSAGES.notUploaded));
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: ["/api/files/images/../../etc/passwd"] })).toEqual(refused(IMAGE_MESSAGES.notUploaded));
  fs.rmSync(storage, { recursive: true, force: true });
  fs.mkdirSync(storage);
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: logo.data.map((d) => d.url) })).toEqual(refused(IMAGE_MESSAGES.missing));
  expect(await db.appSetting.count({ where: { key: "LOGO_LINK" } })).toBe(0);
});

test.each(["RO", "DEMO"] as const)("%s is refused: nothing stored, saved, deleted or logged", async (role) => {
  const { ctx, advertiser, defaultLogo } = await tenant(role);
  const files = storedFiles().length;
  const form = new FormData();
  form.append("advertiserId", String(advertiser.id));
  form.append("kind", "LOGO");
  form.append("file", file(png(300, 300), "x.png"));
  expect((await postImages(new Request("http://localhost/api/uploads/images", { method: "POST", body: form }))).status).toBe(403);
  const url = `/api/files/images/${ctx.licenseeId}/${advertiser.id}/LOGO/00000000-0000-4000-8000-000000000000/x.png`;
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: [url] })).toMatchObject({ ok: false, status: 403 });
  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "LOGO", ids: [defaultLogo.id] })).toMatchObject({ ok: false, status: 403 });
  expect(await discardUploadsAction({ advertiserId: advertiser.id, urls: [url] })).toMatchObject({ ok: false, status: 403 });
  expect(await listImagesAction({ advertiserId: advertiser.id, kind: "LOGO" })).toMatchObject({ ok: true }); // reading stays allowed
  expect(storedFiles()).toHaveLength(files);
  expect(await db.appSetting.count()).toBe(1);
  expect(await db.activityLog.count()).toBe(0);
});

test("an archived advertiser's library is read-only", async () => {
  const { ctx, advertiser, defaultLogo } = await tenant();
  const up = await upload(ctx, advertiser.id, "LOGO", [file(png(300, 300), "l.png")]);
  await db.appSetting.create({
    data: { licenseeId: ctx.licenseeId, advertiserId: advertiser.id, key: "LOGO_LINK", value: "/x/y.png", name: "y.png", properties: { DIMENSIONS: "300X300" } },
  });
  await db.advertiser.update({ where: { id: advertiser.id }, data: { isArchived: true, active: false } });
  const archived = { ok: false, status: 409, formError: IMAGE_MESSAGES.archived };
  await expect(upload(ctx, advertiser.id, "LOGO", [file(png(300, 300), "x.png")])).rejects.toMatchObject({ status: 409 });
  expect(await addImagesAction({ advertiserId: advertiser.id, kind: "LOGO", urls: up.data.map((d) => d.url) })).toEqual(archived);
  const other = await db.appSetting.findFirstOrThrow({ where: { key: "LOGO_LINK" } });
  expect(await deleteImagesAction({ advertiserId: advertiser.id, kind: "LOGO", ids: [other.id] })).toEqual(archived);
  expect((await listImages(ctx, advertiser.id, "LOGO")).map((i) => i.id)).toEqual([defaultLogo.id, other.id]);
});

test("discarding removes only uploads that were never saved", async () => {
  const { ctx, advertiser } = await tenant();
  const up = await upload(ctx, advertiser.id, "OVERLAY", [file(png(10, 10), "keep.png"), file(png(10, 10), "drop.png")]);
  await addImagesAction({ advertiserId: advertiser.id, kind: "OVERLAY", urls: [up.data[0].url] });
  expect(storedFiles()).toHaveLength(2);
  expect(await discardUploadsAction({ advertiserId: advertiser.id, urls: up.data.map((d) => d.url) })).toEqual({ ok: true, data: { deleted: 1 } });
  expect(storedFiles()).toEqual([expect.stringMatching(/keep\.png$/)]);
});
