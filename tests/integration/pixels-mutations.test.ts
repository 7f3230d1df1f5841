// Conversion trackers on the test database: create, edit, activate and
// deactivate with their activity rows in the same transaction, optimistic
// concurrency, the server actions' field errors, and the gate (another
// licensee's advertiser or pixel is "not found", RO and DEMO change nothing,
// archived advertisers and pixels are read-only).
import "../helpers/action-session";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import type { SessionContext } from "@/lib/auth/context";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { createPixelAction, updatePixelAction } from "@/lib/pixels/actions";
import { createPixel, updatePixel } from "@/lib/pixels/mutations";
import { scopeOf } from "@/lib/data/scope";
import { getPixelOrThrow } from "@/lib/pixels/queries";
import { NEW_PIXEL_VALUES, PIXEL_MESSAGES, type PixelFormValues } from "@/lib/pixels/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { signedInTenant } from "../helpers/session-mock";

useTestDatabase();

// The pixel list's status changes: the one bulk status change (lib/entities/bulk.ts), limited to the list's advertiser.
const setPixelsActive = (ctx: SessionContext, advertiserId: number, ids: unknown, active: boolean) =>
  setActiveInBulk(scopeOf(ctx), { entity: "pixel", ids, active, advertiserId });
const setPixelsActiveAction = (advertiserId: number, ids: number[], active: boolean) =>
  setActiveInBulkAction({ entity: "pixel", ids, active, advertiserId });

const input = (overrides: Partial<PixelFormValues> = {}): PixelFormValues => ({
  ...NEW_PIXEL_VALUES,
  name: "Checkout purchase",
  type: "HYBRID_CONV",
  countMode: "CAPPED",
  userFcap: "3",
  fcapValue: "10",
  fcapUnit: "MINUTE",
  ...overrides,
});

const logs = () => db.activityLog.findMany({ include: { fields: true }, orderBy: { id: "asc" } });
const fieldsOf = (log: { fields: { fieldName: string; oldValue: string | null; newValue: string | null }[] }) =>
  Object.fromEntries(log.fields.map((x) => [x.fieldName, [x.oldValue, x.newValue]]));

describe("create", () => {
  test("stores seconds and -1 for what does not apply, active, with a CREATE activity row", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const { id, name } = await createPixel(scopeOf(ctx), advertiser.id, input({ type: "VIEW_CONV", viewWindowDays: "30" }));
    expect(name).toBe("Checkout purchase");
    expect(await db.pixel.findUniqueOrThrow({ where: { id } })).toMatchObject({
      licenseeId: ctx.licenseeId,
      advertiserId: advertiser.id,
      type: "VIEW_CONV",
      viewValidityWindow: 30 * 86400,
      clickValidityWindow: -1,
      userFcap: 3,
      fcapDuration: 600,
      active: true,
      isArchived: false,
      version: 1,
    });
    const [log] = await logs();
    expect(log).toMatchObject({ action: "CREATE", entityType: "PIXEL", entityId: id, entityName: "Checkout purchase", entityAdvertiserId: advertiser.id, userId: ctx.userId });
    expect(fieldsOf(log)).toMatchObject({
      name: [null, "Checkout purchase"],
      type: [null, "VIEW_CONV"],
      viewValidityWindow: [null, "2592000"],
      clickValidityWindow: [null, "-1"],
      userFcap: [null, "3"],
      fcapDuration: [null, "600"],
      active: [null, "true"],
    });
  });

  test("'count every conversion' stores -1 and -1", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const { id } = await createPixel(scopeOf(ctx), advertiser.id, input({ countMode: "EVERY", userFcap: "" }));
    expect(await db.pixel.findUniqueOrThrow({ where: { id } })).toMatchObject({ userFcap: -1, fcapDuration: -1 });
  });

  test("the action returns the schema's messages beside the fields and writes nothing", async () => {
    const { advertiser } = await signedInTenant();
    const result = await createPixelAction({ advertiserId: advertiser.id, ...input({ name: "abc", userFcap: "2.5", fcapValue: "" }) });
    expect(result).toEqual({
      ok: false,
      status: 400,
      formError: "Please correct the highlighted fields.",
      fieldErrors: { name: PIXEL_MESSAGES.nameTooShort, userFcap: PIXEL_MESSAGES.digitsOnly, fcapValue: PIXEL_MESSAGES.durationRequired },
    });
    expect(await db.pixel.count()).toBe(0);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("the action creates and revalidates the list", async () => {
    const { advertiser } = await signedInTenant();
    const result = await createPixelAction({ advertiserId: advertiser.id, ...input() });
    expect(result).toEqual({ ok: true, data: { id: expect.any(Number), name: "Checkout purchase" } });
    expect(revalidatePath).toHaveBeenCalledWith(`/advertiser/details/${advertiser.id}/pixel`);
  });

  test("an archived advertiser gets no new pixels", async () => {
    const { ctx, licensee } = await signedInTenant();
    const archived = await f.makeAdvertiser(licensee.id, { isArchived: true, active: false });
    await expect(createPixel(scopeOf(ctx), archived.id, input())).rejects.toThrow(ConflictError);
    expect(await db.pixel.count()).toBe(0);
  });
});

describe("update", () => {
  test("saves the changed fields with an UPDATE activity row holding old and new values, and bumps the version", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const pixel = await f.makePixel(advertiser, { name: "Old name", type: "CLICK_CONV", viewValidityWindow: -1, clickValidityWindow: 5184000 });
    const result = await updatePixel(scopeOf(ctx), advertiser.id, pixel.id, 1, input({ name: "New name", type: "HYBRID_CONV" }));
    expect(result).toEqual({ id: pixel.id, version: 2, changed: true });
    expect(await getPixelOrThrow(ctx, advertiser.id, pixel.id)).toMatchObject({
      name: "New name",
      type: "HYBRID_CONV",
      viewValidityWindow: 45 * 86400,
      clickValidityWindow: 45 * 86400,
      userFcap: 3,
      fcapDuration: 600,
      userFcapText: "3 every 10 Minute(s)",
      version: 2,
    });
    const [log] = await logs();
    expect(log).toMatchObject({ action: "UPDATE", entityType: "PIXEL", entityId: pixel.id, entityName: "New name" });
    expect(fieldsOf(log)).toEqual({
      name: ["Old name", "New name"],
      type: ["CLICK_CONV", "HYBRID_CONV"],
      viewValidityWindow: ["-1", "3888000"],
      clickValidityWindow: ["5184000", "3888000"],
      userFcap: ["-1", "3"],
      fcapDuration: ["-1", "600"],
    });
  });

  test("a stale version is a conflict and changes nothing", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const pixel = await f.makePixel(advertiser, { version: 3 });
    await expect(updatePixel(scopeOf(ctx), advertiser.id, pixel.id, 2, input())).rejects.toThrow(ConflictError);
    expect(await db.pixel.findUniqueOrThrow({ where: { id: pixel.id } })).toMatchObject({ name: pixel.name, version: 3 });
    expect(await db.activityLog.count()).toBe(0);
    expect(await updatePixelAction({ advertiserId: advertiser.id, id: pixel.id, version: 2, ...input() })).toMatchObject({ ok: false, status: 409 });
  });

  test("saving unchanged values writes nothing", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const { id } = await createPixel(scopeOf(ctx), advertiser.id, input());
    expect(await updatePixel(scopeOf(ctx), advertiser.id, id, 1, input())).toEqual({ id, version: 1, changed: false });
    expect(await db.activityLog.count()).toBe(1); // the CREATE
  });

  test("a pixel is edited under its own advertiser only; archived pixels are not found", async () => {
    const { ctx, advertiser, licensee } = await signedInTenant();
    const other = await f.makeAdvertiser(licensee.id);
    const pixel = await f.makePixel(advertiser);
    const archived = await f.makePixel(advertiser, { isArchived: true });
    await expect(updatePixel(scopeOf(ctx), other.id, pixel.id, 1, input())).rejects.toThrow(NotFoundError);
    await expect(updatePixel(scopeOf(ctx), advertiser.id, archived.id, 1, input())).rejects.toThrow(NotFoundError);
    await expect(getPixelOrThrow(ctx, advertiser.id, archived.id)).rejects.toThrow(NotFoundError);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("activate and deactivate", () => {
  test("bulk: only rows that change get a version bump and an activity row", async () => {
    const { ctx, advertiser } = await signedInTenant();
    const a = await f.makePixel(advertiser, { name: "A" });
    const b = await f.makePixel(advertiser, { name: "B", active: false });
    expect(await setPixelsActive(ctx, advertiser.id, [a.id, b.id], false)).toEqual({ changed: 1, total: 2 });
    expect(await db.pixel.findMany({ orderBy: { id: "asc" }, select: { active: true, version: true } })).toEqual([
      { active: false, version: 2 },
      { active: false, version: 1 },
    ]);
    const [log] = await logs();
    expect(log).toMatchObject({ action: "DEACTIVATE", entityType: "PIXEL", entityId: a.id, entityName: "A", message: "Pixel deactivated" });
    expect(fieldsOf(log)).toEqual({ active: ["true", "false"] });

    expect(await setPixelsActiveAction(advertiser.id, [a.id, b.id], true)).toEqual({ ok: true, data: { changed: 2, total: 2 } });
    expect((await logs()).slice(1).map((l) => [l.action, l.entityId])).toEqual([
      ["ACTIVATE", a.id],
      ["ACTIVATE", b.id],
    ]);
  });

  test("all or nothing: one id of another advertiser, or an archived pixel, changes none", async () => {
    const { ctx, advertiser, licensee } = await signedInTenant();
    const mine = await f.makePixel(advertiser);
    const otherAdvertiserPixel = await f.makePixel(await f.makeAdvertiser(licensee.id));
    const archived = await f.makePixel(advertiser, { isArchived: true });
    await expect(setPixelsActive(ctx, advertiser.id, [mine.id, otherAdvertiserPixel.id], false)).rejects.toThrow(NotFoundError);
    await expect(setPixelsActive(ctx, advertiser.id, [mine.id, archived.id], false)).rejects.toThrow(ConflictError);
    expect((await db.pixel.findUniqueOrThrow({ where: { id: mine.id } })).active).toBe(true);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("gate", () => {
  test("another licensee's advertiser and pixel are not found, for reads and writes", async () => {
    const other = await signedInTenant();
    const theirPixel = await f.makePixel(other.advertiser);
    const { ctx } = await signedInTenant();
    await expect(getPixelOrThrow(ctx, other.advertiser.id, theirPixel.id)).rejects.toThrow(NotFoundError);
    await expect(createPixel(scopeOf(ctx), other.advertiser.id, input())).rejects.toThrow(NotFoundError);
    await expect(updatePixel(scopeOf(ctx), other.advertiser.id, theirPixel.id, 1, input())).rejects.toThrow(NotFoundError);
    await expect(setPixelsActive(ctx, other.advertiser.id, [theirPixel.id], false)).rejects.toThrow(NotFoundError);
    expect(await createPixelAction({ advertiserId: other.advertiser.id, ...input() })).toMatchObject({ ok: false, status: 404 });
    expect(await db.pixel.findUniqueOrThrow({ where: { id: theirPixel.id } })).toMatchObject({ active: true, version: 1, name: theirPixel.name });
    expect(await db.pixel.count()).toBe(1);
    expect(await db.activityLog.count()).toBe(0);
  });

  test.each(["RO", "DEMO"] as const)("%s is refused by the server (403) with nothing written, even with bad input", async (role) => {
    const { advertiser } = await signedInTenant(role);
    const pixel = await f.makePixel(advertiser);
    expect(await createPixelAction({ advertiserId: advertiser.id, ...input() })).toMatchObject({ ok: false, status: 403 });
    expect(await createPixelAction({ advertiserId: advertiser.id, ...input(), name: "" })).toMatchObject({ ok: false, status: 403 });
    expect(await updatePixelAction({ advertiserId: advertiser.id, id: pixel.id, version: 1, ...input() })).toMatchObject({ ok: false, status: 403 });
    expect(await setPixelsActiveAction(advertiser.id, [pixel.id], false)).toMatchObject({ ok: false, status: 403 });
    expect(await db.pixel.findUniqueOrThrow({ where: { id: pixel.id } })).toMatchObject({ active: true, version: 1, name: pixel.name });
    expect(await db.pixel.count()).toBe(1);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("ids that cannot exist are not found", async () => {
    const { ctx, advertiser } = await signedInTenant();
    for (const id of ["0", "-1", "abc", "99999999999"]) {
      await expect(getPixelOrThrow(ctx, advertiser.id, id)).rejects.toThrow(NotFoundError);
      await expect(updatePixel(scopeOf(ctx), advertiser.id, id, 1, input())).rejects.toThrow(NotFoundError);
    }
    await expect(setPixelsActive(ctx, advertiser.id, [1.5], true)).rejects.toThrow(NotFoundError);
  });
});
