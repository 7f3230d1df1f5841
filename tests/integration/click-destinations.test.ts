// Click destinations on the test database: list, create, edit, activate and
// deactivate with their activity rows, the MMP parameter rules of the
// advertiser's MMP, optimistic concurrency, and the gate (licensees, roles,
// archived advertisers).
import "../helpers/action-session";
import { revalidatePath } from "next/cache";
import { db } from "@/lib/db";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { createClickDestinationAction, setClickDestinationActiveAction, updateClickDestinationAction } from "@/lib/click-destinations/actions";
import { createClickDestination, setClickDestinationActive, updateClickDestination } from "@/lib/click-destinations/mutations";
import { scopeOf } from "@/lib/data/scope";
import { getClickDestinationOrThrow, getMmpParameters, type ClickDestinationRow } from "@/lib/click-destinations/queries";
import type { SessionContext } from "@/lib/auth/context";
import { loadListView } from "@/lib/entities/lists";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { signedInTenant } from "../helpers/session-mock";
import type { Role } from "@/lib/auth/roles";

useTestDatabase();

/** The CLICK DESTINATIONS tab's list (the page's loadListView): each row's values as the edit dialog gets them. */
const listClickDestinations = async (ctx: SessionContext, advertiserId: number) =>
  (await loadListView(ctx, "click_destination", {}, { advertiserId })).rows.map((r) => r.data as ClickDestinationRow);

const tenant = (role: Role = "RW", mmp: string | null = "AppsFlyer") => signedInTenant(role, { mmp });

const input = (overrides: Record<string, unknown> = {}) => ({
  name: "Store tracking link",
  url: "https://app.appsflyer.com/com.acme.app?pid=dsp_int",
  mmpParams: [
    { key: "pid", value: "dsp_int" },
    { key: "c", value: "{campaign_name}" },
    { key: "af_adset", value: "" },
  ],
  ...overrides,
});

describe("reading", () => {
  test("lists the advertiser's destinations by name, archived excluded; MMP parameters of its MMP", async () => {
    const { ctx, advertiser } = await tenant();
    await f.makeClickDestination(advertiser, { name: "B link", mmpParams: [{ key: "pid", value: "x" }] });
    await f.makeClickDestination(advertiser, { name: "A link", active: false });
    await f.makeClickDestination(advertiser, { name: "Old link", isArchived: true });
    const rows = await listClickDestinations(ctx, advertiser.id);
    expect(rows.map((r) => [r.name, r.active])).toEqual([
      ["A link", false],
      ["B link", true],
    ]);
    expect(rows[1].mmpParams).toEqual([{ key: "pid", value: "x" }]);
    const mmp = await getMmpParameters(ctx, advertiser.id);
    expect(mmp).toMatchObject({ mmp: "AppsFlyer", known: true });
    expect(mmp.parameters[0]).toEqual({ key: "pid", label: "Media source", required: true, example: "dsp_int" });
  });

  test("an advertiser without an MMP has no standard parameters", async () => {
    const { ctx, advertiser } = await tenant("RW", null);
    expect(await getMmpParameters(ctx, advertiser.id)).toEqual({ mmp: null, parameters: [], known: false });
    expect(await listClickDestinations(ctx, advertiser.id)).toEqual([]);
  });
});

describe("changes", () => {
  test("create stores the parameters (empty optional ones dropped) with a CREATE activity row", async () => {
    const { ctx, advertiser } = await tenant();
    const { id } = await createClickDestination(scopeOf(ctx), advertiser.id, input());
    const row = await getClickDestinationOrThrow(ctx, id);
    expect(row).toMatchObject({
      name: "Store tracking link",
      active: true,
      version: 1,
      mmpParams: [
        { key: "pid", value: "dsp_int" },
        { key: "c", value: "{campaign_name}" },
      ],
    });
    const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
    expect(log).toMatchObject({ action: "CREATE", entityType: "CLICK_DESTINATION", entityId: id, entityAdvertiserId: advertiser.id });
    expect(log.fields.map((x) => [x.fieldName, x.newValue]).sort()).toEqual([
      ["mmpParams", "pid=dsp_int, c={campaign_name}"],
      ["name", "Store tracking link"],
      ["url", "https://app.appsflyer.com/com.acme.app?pid=dsp_int"],
    ]);
  });

  test("the advertiser's MMP decides the required parameters; bad input is refused, nothing written", async () => {
    const { ctx, advertiser } = await tenant("RW", "Adjust");
    await expect(createClickDestination(scopeOf(ctx), advertiser.id, input())).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["mmpParams"], message: "Tracker token (tracker) is required for Adjust" })],
    });
    await expect(createClickDestination(scopeOf(ctx), advertiser.id, input({ url: "ftp://x.com", mmpParams: [{ key: "tracker", value: "t1" }] }))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ["url"], message: "Enter a valid URL starting with http:// or https://" })],
    });
    expect(await db.clickDestination.count()).toBe(0);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("update changes the fields on the version with an UPDATE row; a stale version is a conflict", async () => {
    const { ctx, advertiser } = await tenant();
    const { id } = await createClickDestination(scopeOf(ctx), advertiser.id, input());
    const result = await updateClickDestination(scopeOf(ctx), id, 1, input({ name: "Renamed", mmpParams: [{ key: "pid", value: "dsp_new" }] }));
    expect(result).toEqual({ id, version: 2, changed: true });
    const log = await db.activityLog.findFirstOrThrow({ where: { action: "UPDATE" }, include: { fields: true } });
    expect(log.fields.map((x) => [x.fieldName, x.oldValue, x.newValue]).sort()).toEqual([
      ["mmpParams", "pid=dsp_int, c={campaign_name}", "pid=dsp_new"],
      ["name", "Store tracking link", "Renamed"],
    ]);
    await expect(updateClickDestination(scopeOf(ctx), id, 1, input({ name: "Lost" }))).rejects.toBeInstanceOf(ConflictError);
    // Saving unchanged values writes nothing.
    expect(await updateClickDestination(scopeOf(ctx), id, 2, input({ name: "Renamed", mmpParams: [{ key: "pid", value: "dsp_new" }] }))).toEqual({
      id,
      version: 2,
      changed: false,
    });
    expect(await db.activityLog.count()).toBe(2);
    expect((await getClickDestinationOrThrow(ctx, id)).name).toBe("Renamed");
  });

  test("deactivate and activate write their activity rows; a repeat changes nothing", async () => {
    const { ctx, advertiser } = await tenant();
    const dest = await f.makeClickDestination(advertiser, { mmpParams: [{ key: "pid", value: "x" }] });
    expect(await setClickDestinationActive(scopeOf(ctx), dest.id, false)).toEqual({ id: dest.id, active: false });
    expect(await setClickDestinationActive(scopeOf(ctx), dest.id, false)).toEqual({ id: dest.id, active: false });
    expect(await setClickDestinationActive(scopeOf(ctx), dest.id, true)).toEqual({ id: dest.id, active: true });
    const logs = await db.activityLog.findMany({ orderBy: { id: "asc" } });
    expect(logs.map((l) => [l.action, l.entityType, l.entityId])).toEqual([
      ["DEACTIVATE", "CLICK_DESTINATION", dest.id],
      ["ACTIVATE", "CLICK_DESTINATION", dest.id],
    ]);
    expect((await db.clickDestination.findUniqueOrThrow({ where: { id: dest.id } })).version).toBe(3);
  });
});

describe("the gate", () => {
  test("another licensee's advertiser or destination is not found", async () => {
    const { ctx } = await tenant();
    const other = await f.makeTenant("RW");
    const foreignAdv = await f.makeAdvertiser(other.licensee.id, { mmp: "AppsFlyer" });
    const foreign = await f.makeClickDestination(foreignAdv, { name: "Theirs" });
    await expect(listClickDestinations(ctx, foreignAdv.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getMmpParameters(ctx, foreignAdv.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getClickDestinationOrThrow(ctx, foreign.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(createClickDestination(scopeOf(ctx), foreignAdv.id, input())).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateClickDestination(scopeOf(ctx), foreign.id, 1, input())).rejects.toBeInstanceOf(NotFoundError);
    await expect(setClickDestinationActive(scopeOf(ctx), foreign.id, false)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.clickDestination.findUniqueOrThrow({ where: { id: foreign.id } })).toMatchObject({ name: "Theirs", active: true, version: 1 });
    expect(await db.activityLog.count()).toBe(0);
  });

  test.each(["RO", "DEMO"] as const)("%s users are refused by the server, nothing written", async (role) => {
    const { advertiser } = await tenant(role);
    const dest = await f.makeClickDestination(advertiser, { name: "Mine" });
    expect(await createClickDestinationAction({ advertiserId: advertiser.id, ...input() })).toMatchObject({ ok: false, status: 403 });
    expect(await updateClickDestinationAction({ advertiserId: advertiser.id, id: dest.id, version: 1, ...input() })).toMatchObject({ ok: false, status: 403 });
    expect(await setClickDestinationActiveAction({ advertiserId: advertiser.id, id: dest.id, active: false })).toMatchObject({ ok: false, status: 403 });
    expect(await db.clickDestination.findMany()).toEqual([expect.objectContaining({ name: "Mine", active: true, version: 1 })]);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an archived advertiser's destinations are read-only", async () => {
    const { ctx, licensee } = await tenant();
    const archived = await f.makeAdvertiser(licensee.id, { mmp: "AppsFlyer", active: false, isArchived: true });
    const dest = await f.makeClickDestination(archived);
    expect(await listClickDestinations(ctx, archived.id)).toHaveLength(1);
    const refused = { status: 409, message: "This advertiser is archived and can no longer be changed." };
    await expect(createClickDestination(scopeOf(ctx), archived.id, input())).rejects.toMatchObject(refused);
    await expect(updateClickDestination(scopeOf(ctx), dest.id, 1, input())).rejects.toMatchObject(refused);
    await expect(setClickDestinationActive(scopeOf(ctx), dest.id, false)).rejects.toMatchObject(refused);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("the server actions", () => {
  test("return field errors by path and revalidate the tab", async () => {
    const { advertiser } = await tenant();
    const bad = await createClickDestinationAction({ advertiserId: advertiser.id, ...input({ name: "", mmpParams: [{ key: "pid", value: "" }] }) });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { name: "Name is required", "mmpParams.0.value": "Media source (pid) is required for AppsFlyer" },
    });
    const created = await createClickDestinationAction({ advertiserId: advertiser.id, ...input() });
    expect(created).toEqual({ ok: true, data: { id: expect.any(Number) } });
    const id = created.ok ? created.data.id : 0;
    expect(await updateClickDestinationAction({ advertiserId: advertiser.id, id, version: 1, ...input({ name: "Edited" }) })).toEqual({ ok: true, data: { id, version: 2, changed: true } });
    expect(revalidatePath).toHaveBeenCalledWith(`/advertiser/details/${advertiser.id}/clickdestinations`);
  });
});
