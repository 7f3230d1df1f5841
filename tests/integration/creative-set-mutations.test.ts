// Creating, editing and rescheduling creative sets (business.md 3 CREATIVE
// SET, 4, 7): the server side of the form's rules, the fixed advertiser and
// type, "a start date activates an inactive set", optimistic concurrency,
// the activity rows field by field, roles and other licensees' ids.
import "../helpers/action-session";
import { db } from "@/lib/db";
import { scopeOf } from "@/lib/data/scope";
import { toActionError } from "@/lib/actions/server-result";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { setActiveInBulk } from "@/lib/entities/bulk";
import { setActiveInBulkAction } from "@/lib/entities/actions";
import { createCreativeSetAction, rescheduleCreativeSetAction, updateCreativeSetAction } from "@/lib/creative-sets/actions";
import { CREATIVE_SET_CHANGE_MESSAGES as CHANGE, createCreativeSet, rescheduleCreativeSet, updateCreativeSet } from "@/lib/creative-sets/mutations";
import { creativeSetFormValues, toCreativeSetDetails } from "@/lib/creative-sets/queries";
import { CREATIVE_SET_MESSAGES } from "@/lib/creative-sets/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { failureOf, memberOf } from "../helpers/calls";
import { activityRows, fieldsOf } from "../helpers/activity";
import { requireSessionMock } from "../helpers/session-mock";

useTestDatabase();

const UTC = 805;
const KOLKATA = 44;
const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * 86_400;

function formInput(advertiserId: number, clickDestinationId: number, overrides: Record<string, unknown> = {}) {
  return {
    advertiserId, name: "Holiday banners", type: "IMAGE", clickDestinationId, timezoneId: UTC, dailyMediaBudget: "250.123456",
    startTime: inDays(1), endTime: inDays(30), scheduledTimezoneId: KOLKATA, dcoAd: true, isPlacebo: false, sizes: ["300x250", "728x90"],
    ...overrides,
  };
}

async function world() {
  await f.makeUtcTimezone();
  await db.timezone.create({ data: { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id, { currencyCode: "EUR" });
  const destination = await f.makeClickDestination(advertiser);
  return { licensee, ctx, advertiser, destination };
}

const stored = (id: number) => db.creativeSet.findUniqueOrThrow({ where: { id } });

describe("create", () => {
  test("saves every field, the budget exactly as typed, active since it has a start, with one CREATE row", async () => {
    const { ctx, advertiser, destination } = await world();
    const created = await createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id));
    const row = await stored(created.id);
    expect(row.dailyMediaBudget?.toString()).toBe("250.123456");
    expect(row).toMatchObject({ advertiserId: advertiser.id, clickDestinationId: destination.id, type: "IMAGE", scheduledTimezoneId: KOLKATA, dcoAd: true, sizes: ["300x250", "728x90"], active: true, version: 1 });
    const [log] = await activityRows();
    expect(log).toMatchObject({ action: "CREATE", entityType: "CREATIVE_SET", entityId: row.id, entityName: "Holiday banners", entityAdvertiserId: advertiser.id });
    expect(fieldsOf(log)).toMatchObject({ name: [null, "Holiday banners"], dailyMediaBudget: [null, "250.123456"], active: [null, "true"], sizes: [null, '["300x250","728x90"]'] });
  });

  test("never ending is stored as no end; a bad form changes nothing and names each field", async () => {
    const { ctx, advertiser, destination } = await world();
    const created = await createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id, { endTime: -1 }));
    expect((await stored(created.id)).endTime).toBeNull();
    const bad = { name: "", clickDestinationId: null, dailyMediaBudget: "0", startTime: inDays(5), endTime: inDays(2) };
    const error = await failureOf(createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id, bad)));
    expect(toActionError(error).fieldErrors).toEqual({
      name: CREATIVE_SET_MESSAGES.nameRequired,
      clickDestinationId: CREATIVE_SET_MESSAGES.clickDestinationRequired,
      dailyMediaBudget: CREATIVE_SET_MESSAGES.budgetPositive,
      endTime: CREATIVE_SET_MESSAGES.endBeforeStart,
    });
    expect(await db.creativeSet.count()).toBe(1);
  });

  test("a click destination of another advertiser and an unknown timezone are field errors", async () => {
    const { ctx, licensee, advertiser, destination } = await world();
    const other = await f.makeClickDestination(await f.makeAdvertiser(licensee.id));
    expect(toActionError(await failureOf(createCreativeSet(scopeOf(ctx), formInput(advertiser.id, other.id)))).fieldErrors).toEqual({ clickDestinationId: CHANGE.clickDestinationOfOtherAdvertiser });
    expect(toActionError(await failureOf(createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id, { timezoneId: 9999 })))).fieldErrors).toEqual({ timezoneId: CHANGE.timezoneUnknown });
    expect(await db.creativeSet.count()).toBe(0);
  });
});

describe("edit", () => {
  test("the advertiser and type stay as created; changed fields get one UPDATE row each", async () => {
    const { ctx, licensee, advertiser, destination } = await world();
    const created = await createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id));
    const elsewhere = await f.makeAdvertiser(licensee.id);
    const values = { ...creativeSetFormValues(created, UTC), advertiserId: elsewhere.id, type: "VIDEO", name: "Winter banners", sizes: ["320x50"] };
    const saved = await updateCreativeSet(scopeOf(ctx), created.id, created.version, values);
    expect(saved).toMatchObject({ advertiserId: advertiser.id, type: "IMAGE", name: "Winter banners", sizes: ["320x50"], version: 2 });
    const logs = await activityRows();
    expect(logs).toHaveLength(2);
    expect(logs[1].action).toBe("UPDATE");
    expect(fieldsOf(logs[1])).toEqual({ name: ["Holiday banners", "Winter banners"], sizes: ['["300x250","728x90"]', '["320x50"]'] });
  });

  test("an unchanged form writes nothing; a stale version is refused with the set's message and writes nothing", async () => {
    const { ctx, advertiser, destination } = await world();
    const created = await createCreativeSet(scopeOf(ctx), formInput(advertiser.id, destination.id));
    const same = await updateCreativeSet(scopeOf(ctx), created.id, 1, creativeSetFormValues(created, UTC));
    expect(same.version).toBe(1);
    await updateCreativeSet(scopeOf(ctx), created.id, 1, { ...creativeSetFormValues(created, UTC), name: "First" });
    const error = await failureOf(updateCreativeSet(scopeOf(ctx), created.id, 1, { ...creativeSetFormValues(created, UTC), name: "Second" }));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(CHANGE.staleVersion);
    expect(await stored(created.id)).toMatchObject({ name: "First", version: 2 });
    expect(await db.activityLog.count()).toBe(2);
  });

  test("giving an inactive set a new start makes it active, in the same UPDATE row", async () => {
    const { ctx, advertiser } = await world();
    const set = await f.makeCreativeSet(advertiser, { active: false, startTime: null, timezoneId: UTC });
    const details = creativeSetFormValues(toCreativeSetDetails(set), UTC);
    const saved = await updateCreativeSet(scopeOf(ctx), set.id, set.version, { ...details, startTime: inDays(2), endTime: -1 });
    expect(saved.active).toBe(true);
    const [log] = await activityRows();
    expect(fieldsOf(log)).toMatchObject({ active: ["false", "true"] });
    // Deactivated again, an edit that keeps the start leaves it inactive.
    await setActiveInBulk(scopeOf(ctx), { entity: "creative_set", ids: [set.id], active: false });
    const again = await stored(set.id);
    const kept = await updateCreativeSet(scopeOf(ctx), set.id, again.version, { ...creativeSetFormValues(saved, UTC), name: "Renamed" });
    expect(kept).toMatchObject({ active: false, name: "Renamed" });
  });
});

describe("reschedule", () => {
  test("changes only start, end and scheduled timezone; a new start activates; rules as the form's", async () => {
    const { ctx, advertiser } = await world();
    const set = await f.makeCreativeSet(advertiser, { active: false, name: "Old", startTime: null, dailyMediaBudget: "10" });
    const error = await failureOf(rescheduleCreativeSet(scopeOf(ctx), set.id, 1, { startTime: inDays(3), endTime: inDays(1), scheduledTimezoneId: UTC }));
    expect(toActionError(error).fieldErrors).toEqual({ endTime: CREATIVE_SET_MESSAGES.endBeforeStart });
    const saved = await rescheduleCreativeSet(scopeOf(ctx), set.id, 1, { startTime: inDays(1), endTime: -1, scheduledTimezoneId: KOLKATA, name: "Ignored" });
    expect(saved).toMatchObject({ active: true, name: "Old", endTime: null, scheduledTimezoneId: KOLKATA, dailyMediaBudget: "10", version: 2 });
    const [log] = await activityRows();
    expect(Object.keys(fieldsOf(log)).sort()).toEqual(["active", "scheduledTimezoneId", "startTime"]);
  });
});

describe("roles and licensees", () => {
  test("read-only and demo users are refused every write and change nothing", async () => {
    const { licensee, advertiser, destination } = await world();
    const set = await f.makeCreativeSet(advertiser);
    // Through the server actions, as the browser calls them: 403 with the forbidden message.
    const forbidden = { ok: false, status: 403, formError: new ForbiddenError().message };
    for (const role of ["RO", "DEMO"] as const) {
      requireSessionMock.mockResolvedValue(await memberOf(licensee.id, role));
      expect(await createCreativeSetAction(formInput(advertiser.id, destination.id))).toEqual(forbidden);
      expect(await updateCreativeSetAction({ id: set.id, version: 1, ...formInput(advertiser.id, destination.id) })).toEqual(forbidden);
      expect(await rescheduleCreativeSetAction({ id: set.id, version: 1, startTime: inDays(1), endTime: -1, scheduledTimezoneId: UTC })).toEqual(forbidden);
      expect(await setActiveInBulkAction({ entity: "creative_set", ids: [set.id], active: false })).toEqual(forbidden);
    }
    expect(await stored(set.id)).toMatchObject({ version: 1, active: false });
    expect(await db.activityLog.count()).toBe(0);
  });

  test("another licensee's set, advertiser or click destination is not found", async () => {
    const { ctx, advertiser, destination } = await world();
    const theirs = await f.makeTenantWithAdvertiser();
    const theirSet = await f.makeCreativeSet(theirs.advertiser);
    const theirDestination = await f.makeClickDestination(theirs.advertiser);
    expect(await failureOf(updateCreativeSet(scopeOf(ctx), theirSet.id, 1, formInput(advertiser.id, destination.id)))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(rescheduleCreativeSet(scopeOf(ctx), theirSet.id, 1, { startTime: inDays(1), endTime: -1, scheduledTimezoneId: UTC }))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(createCreativeSet(scopeOf(ctx), formInput(theirs.advertiser.id, destination.id)))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(setActiveInBulk(scopeOf(ctx), { entity: "creative_set", ids: [theirSet.id], active: true }))).toBeInstanceOf(NotFoundError);
    const error = await failureOf(createCreativeSet(scopeOf(ctx), formInput(advertiser.id, theirDestination.id)));
    expect(error instanceof NotFoundError || toActionError(error).fieldErrors?.clickDestinationId === CHANGE.clickDestinationOfOtherAdvertiser).toBe(true);
    expect(await db.creativeSet.findUniqueOrThrow({ where: { id: theirSet.id } })).toMatchObject({ version: 1 });
    expect(await db.creativeSet.count({ where: { licenseeId: ctx.licenseeId } })).toBe(0);
  });
});
