// The activity panel's list (shell.md 2.10, 4, 7, 9): the licensee's rows,
// newest first, 20 a page, module filter, 'You' / 'Anonymous', Today /
// Yesterday / Older by the start of the UTC day, entity links.
import { db } from "@/lib/db";
import { listActivity, ACTIVITY_PAGE_SIZE, shownValue } from "@/lib/activity/queries";
import { updateAdvertiser } from "@/lib/advertisers/mutations";
import { scopeOf } from "@/lib/data/scope";
import { ForbiddenError } from "@/lib/errors";
import type { EntityType } from "@/lib/generated/prisma/enums";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeAdvertiser, makeTenant, makeUser, validAdvertiserInput } from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2030-03-10T09:30:00Z");

async function log(
  licenseeId: number,
  over: Partial<{ userId: number | null; userName: string; entityType: EntityType; entityId: number; entityName: string; entityAdvertiserId: number | null; createdAt: Date; fields: [string, string | null, string | null][] }> = {},
) {
  const { fields = [], ...rest } = over;
  return db.activityLog.create({
    data: {
      licenseeId,
      userId: null,
      userName: "Someone Else",
      action: "UPDATE",
      message: "Campaign updated",
      entityType: "CAMPAIGN",
      entityId: 7,
      entityName: "Entity",
      createdAt: NOW,
      ...rest,
      fields: { create: fields.map(([fieldName, oldValue, newValue]) => ({ fieldName, oldValue, newValue })) },
    },
  });
}

test("pages of 20, newest first, with the total", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  for (let i = 0; i < 45; i++) await log(licensee.id, { entityId: i + 1, createdAt: new Date(NOW.getTime() - i * 60_000) });

  const first = await listActivity(ctx, { page: 1 }, NOW);
  expect(first.totalNoOfRecords).toBe(45);
  expect(first.data).toHaveLength(ACTIVITY_PAGE_SIZE);
  expect(first.data.map((d) => d.entityId).slice(0, 3)).toEqual([1, 2, 3]);
  const third = await listActivity(ctx, { page: 3 }, NOW);
  expect(third.data.map((d) => d.entityId)).toEqual([41, 42, 43, 44, 45]);
  expect((await listActivity(ctx, { page: 4 }, NOW)).data).toEqual([]);
});

test("the module filter keeps only the chosen entity types", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  await log(licensee.id, { entityType: "CAMPAIGN" });
  await log(licensee.id, { entityType: "STRATEGY" });
  await log(licensee.id, { entityType: "PIXEL", entityAdvertiserId: 3 });
  await log(licensee.id, { entityType: "LAL_AUDIENCE" });

  const some = await listActivity(ctx, { modules: ["STRATEGY", "LAL_AUDIENCE"] }, NOW);
  expect(some.totalNoOfRecords).toBe(2);
  expect(some.data.map((d) => d.entityType).sort()).toEqual(["LAL_AUDIENCE", "STRATEGY"]);
  expect((await listActivity(ctx, { modules: [] }, NOW)).totalNoOfRecords).toBe(4);
  await expect(listActivity(ctx, { modules: ["USER" as never] }, NOW)).rejects.toThrow();
});

test("another licensee's activity is never listed", async () => {
  const a = await makeTenant("RW");
  const b = await makeTenant("RW");
  await log(a.licensee.id, { entityName: "Mine" });
  await log(b.licensee.id, { entityName: "Theirs" });
  const list = await listActivity(a.ctx, {}, NOW);
  expect(list.data.map((d) => d.entityName)).toEqual(["Mine"]);
  expect(list.totalNoOfRecords).toBe(1);
});

test("'You' for the current user, 'Anonymous' for an empty name or '-1', else the stored name", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const colleague = await makeUser("colleague@example.com", [{ licenseeId: licensee.id, role: "RW" }], { name: "Colleague" });
  await log(licensee.id, { userId: user.id, userName: user.name, entityId: 1, createdAt: new Date(NOW.getTime() - 1000) });
  await log(licensee.id, { userId: null, userName: "", entityId: 2, createdAt: new Date(NOW.getTime() - 2000) });
  await log(licensee.id, { userId: null, userName: "-1", entityId: 3, createdAt: new Date(NOW.getTime() - 3000) });
  await log(licensee.id, { userId: colleague.id, userName: "Colleague", entityId: 4, createdAt: new Date(NOW.getTime() - 4000) });

  const list = await listActivity(ctx, {}, NOW);
  expect(list.data.map((d) => [d.userName, d.userInitial])).toEqual([
    ["You", "Y"],
    ["Anonymous", "A"],
    ["Anonymous", "A"],
    ["Colleague", "C"],
  ]);
  // The colleague sees the same first entry under the user's name.
  const theirs = await listActivity(await ctxFor(colleague.id, licensee.id), {}, NOW);
  expect(theirs.data[0].userName).toBe(user.name);
  expect(theirs.data[3].userName).toBe("You");
});

test("Today / Yesterday / Older by the start of the UTC day of now", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  const at = (iso: string, entityId: number) => log(licensee.id, { entityId, createdAt: new Date(iso) });
  await at("2030-03-10T00:00:00Z", 1); // first instant of today
  await at("2030-03-09T23:59:59Z", 2); // last second of yesterday
  await at("2030-03-09T00:00:00Z", 3);
  await at("2030-03-08T23:59:59Z", 4);
  const list = await listActivity(ctx, {}, NOW);
  expect(list.data.map((d) => [d.entityId, d.group])).toEqual([
    [1, "Today"],
    [2, "Yesterday"],
    [3, "Yesterday"],
    [4, "Older"],
  ]);
  expect(list.data[0].time).toBe("10 Mar 2030 00:00:00");
  expect(list.data[0].timestamp).toBe(Date.parse("2030-03-10T00:00:00Z") / 1000);
});

test("entity links by type; creatives and pixels without advertiser have none", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  const cases: [EntityType, number | null, string | null][] = [
    ["STRATEGY", null, "/strategy/details/9"],
    ["CAMPAIGN", null, "/campaign/details/9"],
    ["ADVERTISER", 9, "/advertiser/details/9"],
    ["PIXEL", 4, "/advertiser/4/pixel/details/9"],
    ["PIXEL", null, null],
    ["CLICK_DESTINATION", 4, "/advertiser/details/4/clickdestinations"],
    ["WEB_AUDIENCE", 4, "/audience/details/9"],
    ["DMP_AUDIENCE", 4, "/audience/details/9"],
    ["CREATIVE_SET", 4, "/creative_set/details/9"],
    ["CREATIVE", 4, null],
  ];
  for (const [i, [entityType, entityAdvertiserId]] of cases.entries()) {
    await log(licensee.id, { entityType, entityAdvertiserId, entityId: 9, createdAt: new Date(NOW.getTime() - i * 1000) });
  }
  const list = await listActivity(ctx, {}, NOW);
  expect(list.data.map((d) => [d.entityType, d.entityAdvertiserId, d.href])).toEqual(cases);
});

test("a change made through a mutation shows with its changed fields, line breaks kept", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  const advertiser = await makeAdvertiser(licensee.id, validAdvertiserInput({ subCategory: null, iosPhoneBundle: null, declaredWebUrl: null, declaredIosUrl: null }));
  await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ contactAddress: "1 Road\nLondon" }));
  await log(licensee.id, { entityId: 99, createdAt: new Date("2000-01-01T00:00:00Z") });

  const [entry, old] = (await listActivity(ctx, {})).data;
  expect(entry).toMatchObject({ userName: "You", entityType: "ADVERTISER", entityId: advertiser.id, href: `/advertiser/details/${advertiser.id}`, group: "Today" });
  expect(entry.updatedFields).toEqual([{ fieldName: "contactAddress", oldValue: "2 High Street, London", newValue: "1 Road\nLondon" }]);
  expect(old.updatedFields).toEqual([]);
});

test("read-only and demo users are refused", async () => {
  for (const role of ["RO", "DEMO"] as const) {
    const { ctx } = await makeTenant(role);
    await expect(listActivity(ctx, {}, NOW)).rejects.toBeInstanceOf(ForbiddenError);
  }
});

test("a logged time shows on the user's clock; money and other values as stored", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  await log(licensee.id, {
    fields: [
      ["startTime", "2030-01-31T04:00:00.000Z", "2030-02-01T04:00:00.000Z"],
      ["lifetimeBudget", null, "1234.56"],
    ],
  });
  const [entry] = (await listActivity(ctx, {}, NOW)).data;
  // The test user has no timezone preference: UTC.
  expect(entry.updatedFields).toEqual([
    { fieldName: "startTime", oldValue: "31 Jan 2030 04:00:00", newValue: "1 Feb 2030 04:00:00" },
    { fieldName: "lifetimeBudget", oldValue: null, newValue: "1234.56" },
  ]);
  expect(shownValue("2030-01-31T04:00:00.000Z", "Asia/Kolkata")).toBe("31 Jan 2030 09:30:00");
  expect(shownValue("2030-01-31", "Asia/Kolkata")).toBe("2030-01-31");
});
