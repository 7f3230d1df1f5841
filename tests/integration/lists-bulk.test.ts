// Bulk activate / deactivate from the dashboard lists (shell.md 4): one
// audited transaction, all or nothing, refused for read-only and demo users.
import "../helpers/action-session";
import { db } from "@/lib/db";
import type { SessionContext } from "@/lib/auth/context";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { scopeOf } from "@/lib/data/scope";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import { executeAction } from "@/lib/actions/define-action";
import { useTestDatabase } from "../helpers/db";
import { withFailingWrite } from "../helpers/failing-writes";
import * as f from "../helpers/factories";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();

// The one bulk status change (lib/entities/bulk.ts), for each entity of the dashboard lists.
const setCampaignsActive = (ctx: SessionContext, ids: unknown, active: boolean) => setActiveInBulk(scopeOf(ctx), { entity: "campaign", ids, active });
const setStrategiesActive = (ctx: SessionContext, ids: unknown, active: boolean) => setActiveInBulk(scopeOf(ctx), { entity: "strategy", ids, active });
const setAdvertisersActive = (ctx: SessionContext, ids: unknown, active: boolean) => setActiveInBulk(scopeOf(ctx), { entity: "advertiser", ids, active });
const setListRowsActiveAction = (entity: string, ids: number[], active: boolean) => setActiveInBulkAction({ entity, ids, active });

const activity = () =>
  db.activityLog.findMany({ orderBy: { id: "asc" }, include: { fields: true } });

async function member(licenseeId: number, role: "RO" | "DEMO"): Promise<SessionContext> {
  const user = await f.makeUser(`${role.toLowerCase()}${licenseeId}@example.com`, [{ licenseeId, role }]);
  return f.ctxFor(user.id, licenseeId);
}

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const c1 = await f.makeCampaign(advertiser, { name: "One" });
  const c2 = await f.makeCampaign(advertiser, { name: "Two" });
  const c3 = await f.makeCampaign(advertiser, { name: "Three", active: false });
  return { licensee, ctx, advertiser, c1, c2, c3 };
}

describe("campaigns", () => {
  test("bulk deactivate writes one activity row per changed campaign, in one go", async () => {
    const { ctx, advertiser, c1, c2, c3 } = await world();
    const result = await setCampaignsActive(ctx, [c1.id, c2.id, c3.id, c1.id], false);
    expect(result).toEqual({ changed: 2, total: 3 });

    const rows = await db.campaign.findMany({ orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.name, r.active, r.version])).toEqual([
      ["One", false, c1.version + 1],
      ["Two", false, c2.version + 1],
      ["Three", false, c3.version], // already inactive: untouched
    ]);
    const logs = await activity();
    expect(logs.map((l) => [l.action, l.entityType, l.entityId, l.entityName, l.entityAdvertiserId, l.message])).toEqual([
      ["DEACTIVATE", "CAMPAIGN", c1.id, "One", advertiser.id, "Campaign deactivated"],
      ["DEACTIVATE", "CAMPAIGN", c2.id, "Two", advertiser.id, "Campaign deactivated"],
    ]);
    for (const l of logs) {
      expect(l.fields.map((x) => [x.fieldName, x.oldValue, x.newValue])).toEqual([["active", "true", "false"]]);
      expect(l.userId).toBe(ctx.userId);
    }
  });

  test("bulk activate turns inactive campaigns on", async () => {
    const { ctx, c3 } = await world();
    expect(await setCampaignsActive(ctx, [c3.id], true)).toEqual({ changed: 1, total: 1 });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c3.id } })).active).toBe(true);
    expect((await activity()).map((l) => l.action)).toEqual(["ACTIVATE"]);
  });

  test.each(["RO", "DEMO"] as const)("a %s user is refused and nothing is written", async (role) => {
    const { licensee, c1, c2 } = await world();
    const ctx = await member(licensee.id, role);
    const deactivate = (ids: unknown) => executeAction(setActiveInBulkAction.definition, ctx, { entity: "campaign", ids, active: false });
    await expect(deactivate([c1.id, c2.id])).rejects.toBeInstanceOf(ForbiddenError);
    // Even nonsense input is refused for the role first.
    await expect(deactivate("all")).rejects.toBeInstanceOf(ForbiddenError);
    expect((await db.campaign.findMany({ where: { active: true } })).length).toBe(2);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an id of another licensee makes the whole call 'not found'; nothing changes", async () => {
    const { ctx, c1, c2 } = await world();
    const other = await f.makeTenant();
    const foreign = await f.makeCampaign(await f.makeAdvertiser(other.licensee.id));
    await expect(setCampaignsActive(ctx, [c1.id, foreign.id, c2.id], false)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setCampaignsActive(ctx, [c1.id, 999999], false)).rejects.toBeInstanceOf(NotFoundError);
    await expect(setCampaignsActive(ctx, [c1.id, -4], false)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db.campaign.findMany({ where: { active: true } })).length).toBe(3);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an archived campaign, or activating under an inactive advertiser, is a conflict; nothing changes", async () => {
    const { licensee, ctx, c1 } = await world();
    const archived = await f.makeCampaign(await f.makeAdvertiser(licensee.id), { name: "Old", isArchived: true, active: false });
    await expect(setCampaignsActive(ctx, [c1.id, archived.id], false)).rejects.toThrow('Campaign "Old" is archived and can no longer be changed.');

    const paused = await f.makeAdvertiser(licensee.id, { active: false });
    const child = await f.makeCampaign(paused, { name: "Child", active: false });
    await expect(setCampaignsActive(ctx, [child.id], true)).rejects.toThrow(
      new ConflictError('Campaign "Child" cannot be activated while its advertiser is inactive.'),
    );
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c1.id } })).active).toBe(true);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("malformed ids are a validation error", async () => {
    const { ctx } = await world();
    await expect(setCampaignsActive(ctx, [], false)).rejects.toMatchObject({ name: "ZodError" });
    await expect(setCampaignsActive(ctx, ["1"], false)).rejects.toMatchObject({ name: "ZodError" });
  });
});

describe("strategies", () => {
  test("bulk deactivate audits each strategy; activation waits for an active campaign", async () => {
    const { ctx, c1, c3 } = await world();
    const s1 = await f.makeStrategy(c1, { name: "S1" });
    const s2 = await f.makeStrategy(c1, { name: "S2" });
    const s3 = await f.makeStrategy(c3, { name: "S3", active: false });

    expect(await setStrategiesActive(ctx, [s1.id, s2.id], false)).toEqual({ changed: 2, total: 2 });
    const logs = await activity();
    expect(logs.map((l) => [l.action, l.entityType, l.entityId])).toEqual([
      ["DEACTIVATE", "STRATEGY", s1.id],
      ["DEACTIVATE", "STRATEGY", s2.id],
    ]);

    await expect(setStrategiesActive(ctx, [s1.id, s3.id], true)).rejects.toThrow(
      'Strategy "S3" cannot be activated while its campaign is inactive.',
    );
    expect((await db.strategy.findUniqueOrThrow({ where: { id: s1.id } })).active).toBe(false);
    expect(await db.activityLog.count()).toBe(2);
  });

  test("another licensee's strategy id: nothing written", async () => {
    const { ctx, c1 } = await world();
    const s1 = await f.makeStrategy(c1);
    const other = await f.makeTenant();
    const foreign = await f.makeStrategy(await f.makeCampaign(await f.makeAdvertiser(other.licensee.id)));
    await expect(setStrategiesActive(ctx, [s1.id, foreign.id], false)).rejects.toBeInstanceOf(NotFoundError);
    expect((await db.strategy.findUniqueOrThrow({ where: { id: s1.id } })).active).toBe(true);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("advertisers", () => {
  test("bulk deactivate cascades to campaigns and strategies, like the details page", async () => {
    const { licensee, ctx, advertiser, c1 } = await world();
    const s1 = await f.makeStrategy(c1);
    const second = await f.makeAdvertiser(licensee.id);
    expect(await setAdvertisersActive(ctx, [advertiser.id, second.id], false)).toEqual({ changed: 2, total: 2 });
    expect(await db.advertiser.count({ where: { active: true } })).toBe(0);
    expect(await db.campaign.count({ where: { active: true } })).toBe(0);
    expect((await db.strategy.findUniqueOrThrow({ where: { id: s1.id } })).active).toBe(false);
    const logs = await activity();
    expect(logs.filter((l) => l.entityType === "ADVERTISER").map((l) => [l.action, l.entityId])).toEqual([
      ["DEACTIVATE", advertiser.id],
      ["DEACTIVATE", second.id],
    ]);
    expect(logs.filter((l) => l.entityType === "CAMPAIGN")).toHaveLength(2);
  });

  test("a failure on the third advertiser leaves every advertiser, campaign and strategy as it was, with no activity row", async () => {
    const { licensee, ctx } = await world();
    const advertisers = [];
    for (let i = 0; i < 4; i++) {
      const advertiser = await f.makeAdvertiser(licensee.id);
      await f.makeStrategy(await f.makeCampaign(advertiser));
      advertisers.push(advertiser);
    }
    const ids = advertisers.map((a) => a.id);
    const state = async () => ({
      advertisers: await db.advertiser.findMany({ where: { id: { in: ids } }, select: { id: true, active: true, version: true }, orderBy: { id: "asc" } }),
      campaigns: await db.campaign.findMany({ select: { id: true, active: true, version: true }, orderBy: { id: "asc" } }),
      strategies: await db.strategy.findMany({ select: { id: true, active: true, version: true }, orderBy: { id: "asc" } }),
    });
    const before = await state();
    // The third advertiser's own UPDATE fails, after the first two (and their children) were written.
    await withFailingWrite("Advertiser", "UPDATE", `NEW."id" = ${ids[2]}`, () =>
      expect(setAdvertisersActive(ctx, ids, false)).rejects.toThrow(/injected failure/),
    );
    expect(await state()).toEqual(before);
    expect(await db.activityLog.count()).toBe(0);

    // The same all-or-nothing when activating.
    await db.advertiser.updateMany({ where: { id: { in: ids } }, data: { active: false } });
    await withFailingWrite("Advertiser", "UPDATE", `NEW."id" = ${ids[2]}`, () =>
      expect(setAdvertisersActive(ctx, ids, true)).rejects.toThrow(/injected failure/),
    );
    expect(await db.advertiser.count({ where: { id: { in: ids }, active: true } })).toBe(0);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("an advertiser archived by someone else before the bulk change makes the whole change a conflict", async () => {
    const { licensee, ctx } = await world();
    const [a, b, c] = [await f.makeAdvertiser(licensee.id), await f.makeAdvertiser(licensee.id), await f.makeAdvertiser(licensee.id, { active: false })];
    await db.advertiser.update({ where: { id: c.id }, data: { isArchived: true } });
    await expect(setAdvertisersActive(ctx, [a.id, b.id, c.id], true)).rejects.toBeInstanceOf(ConflictError);
    await expect(setAdvertisersActive(ctx, [a.id, b.id, c.id], false)).rejects.toBeInstanceOf(ConflictError);
    expect(await db.advertiser.count({ where: { id: { in: [a.id, b.id] }, active: true } })).toBe(2);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("a call naming another licensee's advertiser changes nothing", async () => {
    const { ctx, advertiser } = await world();
    const other = await f.makeTenant();
    const foreign = await f.makeAdvertiser(other.licensee.id);
    await expect(setAdvertisersActive(ctx, [advertiser.id, foreign.id], false)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.advertiser.count({ where: { active: true } })).toBe(2);
    expect(await db.activityLog.count()).toBe(0);
  });
});

describe("the list's server action", () => {
  test("RW succeeds; RO and DEMO get a 403 failure with nothing written", async () => {
    const { licensee, ctx, c1 } = await world();
    requireSessionMock.mockResolvedValue(await member(licensee.id, "RO"));
    expect(await setListRowsActiveAction("campaign", [c1.id], false)).toMatchObject({ ok: false, status: 403 });
    requireSessionMock.mockResolvedValue(await member(licensee.id, "DEMO"));
    expect(await setListRowsActiveAction("advertiser", [c1.advertiserId], false)).toMatchObject({ ok: false, status: 403 });
    expect(await db.activityLog.count()).toBe(0);

    requireSessionMock.mockResolvedValue(ctx);
    expect(await setListRowsActiveAction("campaign", [c1.id], false)).toEqual({ ok: true, data: { changed: 1, total: 1 } });
    expect(await setListRowsActiveAction("strategy", [123456], false)).toMatchObject({ ok: false, status: 404, formError: "Strategy not found" });
    // An entity name that is not a list is "not found", whatever the browser sends.
    expect(await setListRowsActiveAction("licensee", [1], false)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("one bulk status change for every entity with a bulk status", () => {
  test("pixels of one advertiser: another advertiser's pixel is not found, an archived advertiser's are read-only", async () => {
    const { licensee, ctx, advertiser } = await world();
    requireSessionMock.mockResolvedValue(ctx);
    const pixel = await f.makePixel(advertiser, { name: "Checkout" });
    const elsewhere = await f.makePixel(await f.makeAdvertiser(licensee.id));
    const pixels = (ids: number[], advertiserId?: number) => setActiveInBulkAction({ entity: "pixel", ids, active: false, advertiserId });
    expect(await pixels([pixel.id, elsewhere.id], advertiser.id)).toMatchObject({ ok: false, status: 404, formError: "Pixel not found" });
    expect(await pixels([pixel.id], advertiser.id)).toEqual({ ok: true, data: { changed: 1, total: 1 } });
    const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
    expect(log).toMatchObject({ action: "DEACTIVATE", entityType: "PIXEL", entityId: pixel.id, entityAdvertiserId: advertiser.id, message: "Pixel deactivated" });

    const archived = await f.makeAdvertiser(licensee.id, { active: false, isArchived: true });
    const frozen = await f.makePixel(archived);
    const readOnly = { ok: false, status: 409, formError: "This advertiser is archived and can no longer be changed." };
    expect(await pixels([frozen.id], archived.id)).toMatchObject(readOnly);
    expect(await pixels([frozen.id])).toMatchObject(readOnly); // also without naming the advertiser
    expect((await db.pixel.findUniqueOrThrow({ where: { id: frozen.id } })).active).toBe(true);
    expect(await db.activityLog.count()).toBe(1);
  });

  test("an entity without a bulk status, and an advertiser limit for an entity not owned by one, are not found", async () => {
    const { ctx, advertiser, c1 } = await world();
    requireSessionMock.mockResolvedValue(ctx);
    const destination = await f.makeClickDestination(advertiser);
    // Creatives and creative sets have a bulk status; click destinations and templates have none.
    for (const [entity, id] of [["click_destination", destination.id], ["strategy_template", 1]] as const) {
      expect(await setActiveInBulkAction({ entity, ids: [id], active: false })).toMatchObject({ ok: false, status: 404 });
    }
    expect(await setActiveInBulkAction({ entity: "campaign", ids: [c1.id], active: false, advertiserId: advertiser.id })).toMatchObject({ ok: false, status: 404 });
    expect(await db.activityLog.count()).toBe(0);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: c1.id } })).active).toBe(true);
  });
});
