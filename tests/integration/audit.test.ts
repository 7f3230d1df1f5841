// A change and its activity row are one transaction: they commit together and
// roll back together; a stale version writes nothing.
import { db } from "@/lib/db";
import * as activity from "@/lib/audit/activity";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { updateVersioned, withAuditedChange } from "@/lib/data/transaction";
import { systemTransaction } from "@/lib/data/tenant";
import { tenantTxOf } from "@/lib/data/tenant-db";
import { updateAdvertiser, setAdvertiserActive } from "@/lib/advertisers/mutations";
import { scopeOf } from "@/lib/data/scope";
import { useTestDatabase } from "../helpers/db";
import { makeAdvertiser, makeCampaign, makeLicensee, makeTenant, validAdvertiserInput } from "../helpers/factories";
import { expectAdvertiserAndCampaignUntouched } from "../helpers/activity";

// The real writer, wrapped so one test can make it fail after its insert ran
// inside the mutation's transaction.
jest.mock("@/lib/audit/activity", () => {
  const actual = jest.requireActual("@/lib/audit/activity");
  return { ...actual, writeActivity: jest.fn(actual.writeActivity) };
});
const realWriteActivity: typeof activity.writeActivity = jest.requireActual("@/lib/audit/activity").writeActivity;
const writeActivityMock = activity.writeActivity as jest.MockedFunction<typeof activity.writeActivity>;

useTestDatabase();

async function setup() {
  const { licensee, user, ctx } = await makeTenant("RW");
  const advertiser = await makeAdvertiser(licensee.id, validAdvertiserInput({ subCategory: null, iosPhoneBundle: null, declaredWebUrl: null, declaredIosUrl: null }));
  return { licensee, user, ctx, advertiser };
}

test("an update and its activity row commit together, with exactly the changed fields", async () => {
  const { ctx, user, advertiser } = await setup();
  const input = validAdvertiserInput({ name: "Acme Boots", domain: "acmeboots.com" });

  const saved = await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, input);

  expect(saved).toMatchObject({ name: "Acme Boots", domain: "acmeboots.com", version: advertiser.version + 1 });
  const row = await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } });
  expect(row).toMatchObject({ name: "Acme Boots", domain: "acmeboots.com", version: advertiser.version + 1 });

  const logs = await db.activityLog.findMany({ include: { fields: { orderBy: { fieldName: "asc" } } } });
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({
    licenseeId: advertiser.licenseeId,
    userId: user.id,
    userName: ctx.userName,
    action: "UPDATE",
    entityType: "ADVERTISER",
    entityId: advertiser.id,
    entityName: "Acme Boots",
    entityAdvertiserId: advertiser.id,
  });
  expect(logs[0].fields.map(({ fieldName, oldValue, newValue }) => ({ fieldName, oldValue, newValue }))).toEqual([
    { fieldName: "domain", oldValue: "acme.com", newValue: "acmeboots.com" },
    { fieldName: "name", oldValue: "Acme Shoes", newValue: "Acme Boots" },
  ]);
});

test("clearing an optional field is logged with a null new value", async () => {
  const { ctx, advertiser } = await setup();
  await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ subCategory: "Shoes" }));
  await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version + 1, validAdvertiserInput({ subCategory: "  " }));
  const fields = await db.activityLogField.findMany({ orderBy: { id: "asc" } });
  expect(fields.map(({ fieldName, oldValue, newValue }) => ({ fieldName, oldValue, newValue }))).toEqual([
    { fieldName: "subCategory", oldValue: null, newValue: "Shoes" },
    { fieldName: "subCategory", oldValue: "Shoes", newValue: null },
  ]);
});

test("an unchanged form writes nothing: no version bump, no activity row", async () => {
  const { ctx, advertiser } = await setup();
  const saved = await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput());
  expect(saved.version).toBe(advertiser.version);
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
  expect(await db.activityLog.count()).toBe(0);
});

test("when the audit write fails after its insert, the update rolls back with it", async () => {
  const { ctx, advertiser } = await setup();
  writeActivityMock.mockImplementationOnce(async (tx, c, entry) => {
    await realWriteActivity(tx, c, entry); // really inserted, inside the transaction
    expect(await tx.activityLog.count()).toBe(1);
    expect((await (tx as unknown as typeof db).advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).name).toBe("Acme Boots");
    throw new Error("audit store unavailable");
  });

  await expect(
    updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "Acme Boots" })),
  ).rejects.toThrow("audit store unavailable");

  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
  expect(await db.activityLog.count()).toBe(0);
  expect(await db.activityLogField.count()).toBe(0);
});

test("when the database refuses the activity row (foreign key), the update rolls back", async () => {
  const { ctx, advertiser } = await setup();
  // A licensee id that does not exist: the INSERT fails in PostgreSQL itself. The row takes
  // its licensee from the client, so this one is a client of that licensee over the same transaction.
  writeActivityMock.mockImplementationOnce((_tx, c, entry) =>
    realWriteActivity(tenantTxOf(systemTransaction(), { licenseeId: 987654, userId: c.userId }), c, entry),
  );

  await expect(
    updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "Acme Boots" })),
  ).rejects.toThrow();

  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(advertiser);
  expect(await db.activityLog.count()).toBe(0);
});

test("a failing audit write also rolls back a deactivation and its cascade", async () => {
  const { ctx, advertiser } = await setup();
  const campaign = await makeCampaign(advertiser);
  writeActivityMock.mockImplementationOnce(async () => {
    throw new Error("audit store unavailable");
  });
  await expect(setAdvertiserActive(scopeOf(ctx), advertiser.id, false)).rejects.toThrow("audit store unavailable");
  await expectAdvertiserAndCampaignUntouched(advertiser, campaign);
});

test("a stale expectedVersion is ConflictError and writes nothing", async () => {
  const { ctx, advertiser } = await setup();
  // Someone else saved first.
  await updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "First save" }));
  const current = await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } });

  await expect(
    updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "Second save" })),
  ).rejects.toBeInstanceOf(ConflictError);

  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(current);
  expect(await db.activityLog.count()).toBe(1); // the first save's only
});

test("two saves racing with the same version: exactly one wins", async () => {
  const { ctx, advertiser } = await setup();
  const results = await Promise.allSettled([
    updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "Save A" })),
    updateAdvertiser(scopeOf(ctx), advertiser.id, advertiser.version, validAdvertiserInput({ name: "Save B" })),
  ]);
  const won = results.filter((r) => r.status === "fulfilled");
  const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(won).toHaveLength(1);
  expect(lost).toHaveLength(1);
  expect(lost[0].reason).toBeInstanceOf(ConflictError);
  expect((await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).version).toBe(advertiser.version + 1);
  expect(await db.activityLog.count()).toBe(1);
});

test("updateVersioned: bumps the version; a stale version is ConflictError, another licensee's row NotFoundError", async () => {
  const { ctx, advertiser } = await setup();
  const other = await makeLicensee("Other", "other");
  const foreign = await makeAdvertiser(other.id);

  await withAuditedChange(scopeOf(ctx), (tx) => updateVersioned(tx.advertiser, advertiser.id, advertiser.version, { region: "APAC" }));
  const bumped = await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } });
  expect(bumped).toMatchObject({ region: "APAC", version: advertiser.version + 1 });

  await expect(
    withAuditedChange(scopeOf(ctx), (tx) => updateVersioned(tx.advertiser, advertiser.id, advertiser.version, { region: "LATAM" })),
  ).rejects.toBeInstanceOf(ConflictError);
  await expect(
    withAuditedChange(scopeOf(ctx), (tx) => updateVersioned(tx.advertiser, foreign.id, foreign.version, { region: "LATAM" })),
  ).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: advertiser.id } })).toEqual(bumped);
  expect(await db.advertiser.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(foreign);
});
