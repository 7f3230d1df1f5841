// The tenant-scoped client (lib/data/tenant.ts): queries written WITHOUT any
// licensee filter still cannot read or change another licensee's rows, created
// rows get the session's licensee, foreign keys to other licensees' rows are
// refused, and raw SQL without the licensee is refused.
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { NotFoundError } from "@/lib/errors";
import { LICENSEE_PARAM, tenantDb } from "@/lib/data/tenant-db";
import { MODEL_SCOPES } from "@/lib/data/tenant-models";
import { useTestDatabase } from "../helpers/db";
import {
  makeAdvertiser,
  makeCampaign,
  makeCatalogFeed,
  makeClickDestination,
  makeNotification,
  makePixel,
  makeTenant,
} from "../helpers/factories";

useTestDatabase();

const advertiserData = (name: string) =>
  ({
    name,
    domain: `${name.toLowerCase()}.com`,
    category: "Games",
    currencyCode: "USD",
    language: "en",
    contactEmail: `x@${name.toLowerCase()}.com`,
    contactAddress: "Street 1",
    region: "APAC",
  }) as const;

async function twoTenants() {
  const a = await makeTenant("RW", "ta");
  const b = await makeTenant("RW", "tb");
  const advertiserA = await makeAdvertiser(a.licensee.id, { name: "Mine" });
  const advertiserB = await makeAdvertiser(b.licensee.id, { name: "Theirs" });
  return { a, b, advertiserA, advertiserB };
}

describe("tenant client: a query that forgets the licensee filter", () => {
  test("reads only the session's licensee", async () => {
    const { a, advertiserA, advertiserB } = await twoTenants();
    const t = tenantDb(a.ctx);
    expect((await t.advertiser.findMany({})).map((r) => r.id)).toEqual([advertiserA.id]);
    expect(await t.advertiser.count()).toBe(1);
    expect(await t.advertiser.findUnique({ where: { id: advertiserB.id } })).toBeNull();
    expect(await t.advertiser.findFirst({ where: { name: "Theirs" } })).toBeNull();
    await expect(t.advertiser.findUniqueOrThrow({ where: { id: advertiserB.id } })).rejects.toThrow();
    const grouped = await t.advertiser.groupBy({ by: ["licenseeId"], _count: true });
    expect(grouped).toEqual([{ licenseeId: a.licensee.id, _count: 1 }]);
  });

  test("cannot update, delete or upsert another licensee's row", async () => {
    const { a, advertiserB } = await twoTenants();
    const t = tenantDb(a.ctx);
    expect((await t.advertiser.updateMany({ data: { name: "hijacked" } })).count).toBe(1); // only its own
    await expect(t.advertiser.update({ where: { id: advertiserB.id }, data: { name: "hijacked" } })).rejects.toThrow();
    expect((await t.advertiser.deleteMany({ where: { id: advertiserB.id } })).count).toBe(0);
    const theirs = await db.advertiser.findUniqueOrThrow({ where: { id: advertiserB.id } });
    expect(theirs.name).toBe("Theirs");
  });

  test("children without a licensee column are scoped through their parent", async () => {
    const { a, advertiserA, advertiserB } = await twoTenants();
    const feedA = await makeCatalogFeed(advertiserA);
    const feedB = await makeCatalogFeed(advertiserB);
    await db.variableMapping.create({ data: { feedId: feedA.id, name: "a", variablePath: "a" } });
    await db.variableMapping.create({ data: { feedId: feedB.id, name: "b", variablePath: "b" } });
    const t = tenantDb(a.ctx);
    expect((await t.variableMapping.findMany({})).map((m) => m.name)).toEqual(["a"]);
    expect((await t.variableMapping.deleteMany({})).count).toBe(1);
    expect(await db.variableMapping.count({ where: { feedId: feedB.id } })).toBe(1);
    // A child row pointing at another licensee's parent cannot be created.
    await expect(t.variableMapping.create({ data: { feedId: feedB.id, name: "x", variablePath: "x" } })).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });
});

describe("tenant client: writes", () => {
  test("creates written without licenseeId store the session's licensee: create, createMany, createManyAndReturn, upsert", async () => {
    const { a } = await twoTenants();
    const t = tenantDb(a.ctx);
    // No licenseeId and no cast: the client's types leave it out, and the client sets it.
    const created = await t.advertiser.create({ data: advertiserData("New") });
    expect(created.licenseeId).toBe(a.licensee.id);
    expect(await t.advertiser.createMany({ data: [advertiserData("Many")] })).toEqual({ count: 1 });
    const [returned] = await t.advertiser.createManyAndReturn({ data: [advertiserData("Returned")], select: { licenseeId: true } });
    expect(returned.licenseeId).toBe(a.licensee.id);
    const upserted = await t.advertiser.upsert({ where: { id: 2_000_000_000 }, create: advertiserData("Upserted"), update: {} });
    expect(upserted.licenseeId).toBe(a.licensee.id);
    const stored = await db.advertiser.findMany({ where: { name: { in: ["New", "Many", "Returned", "Upserted"] } }, select: { licenseeId: true } });
    expect(stored.map((r) => r.licenseeId)).toEqual(Array(4).fill(a.licensee.id));
  });

  test("a create naming another licensee writes nothing, whichever way it is spelt", async () => {
    const { a, b } = await twoTenants();
    const t = tenantDb(a.ctx);
    // Cast as an untyped caller would send them: the client itself must refuse them.
    const planted = [
      { ...advertiserData("Planted"), licenseeId: b.licensee.id },
      { ...advertiserData("Planted"), licensee: { connect: { id: b.licensee.id } } },
      { ...advertiserData("Planted"), licenseeId: null },
    ] as unknown as ReturnType<typeof advertiserData>[];
    for (const data of planted) {
      await expect(t.advertiser.create({ data })).rejects.toBeInstanceOf(NotFoundError);
      await expect(t.advertiser.createMany({ data: [advertiserData("Fine"), data] })).rejects.toBeInstanceOf(NotFoundError);
      await expect(t.advertiser.createManyAndReturn({ data: [data] })).rejects.toBeInstanceOf(NotFoundError);
      await expect(t.advertiser.upsert({ where: { id: 2_000_000_000 }, create: data, update: {} })).rejects.toBeInstanceOf(NotFoundError);
    }
    // A per-user row: another user of the same licensee is refused the same way.
    const notice = { type: "INFO", entityType: "CAMPAIGN", entityId: 1, entityName: "c", content: "x", icon: "i", dedupeKey: "k" } as const;
    const forAnotherUser = { ...notice, userId: b.user.id } as unknown as typeof notice;
    await expect(t.notification.create({ data: forAnotherUser })).rejects.toBeInstanceOf(NotFoundError);
    expect((await t.notification.create({ data: notice })).userId).toBe(a.user.id);
    expect(await db.advertiser.count({ where: { name: { in: ["Planted", "Fine"] } } })).toBe(0);
    expect(await db.advertiser.count({ where: { licenseeId: b.licensee.id } })).toBe(1);
    expect(await db.notification.count({ where: { userId: b.user.id } })).toBe(0);
  });

  test("ids of related records received from the browser are checked: another licensee's pixel or click destination is not found", async () => {
    const { a, advertiserA, advertiserB } = await twoTenants();
    const campaignA = await makeCampaign(advertiserA);
    const pixelB = await makePixel(advertiserB);
    const destinationB = await makeClickDestination(advertiserB);
    const t = tenantDb(a.ctx);
    await expect(t.campaign.update({ where: { id: campaignA.id }, data: { pixelId: pixelB.id } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.campaign.update({ where: { id: campaignA.id }, data: { pixel: { connect: { id: pixelB.id } } } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.creativeSet.create({
        data: { licenseeId: a.licensee.id, advertiserId: advertiserA.id, clickDestinationId: destinationB.id, name: "Set", type: "IMAGE" },
      }),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaignA.id } })).pixelId).toBe(campaignA.pixelId);
    expect(await db.creativeSet.count()).toBe(0);
    // Its own pixel is fine.
    const pixelA = await makePixel(advertiserA);
    await t.campaign.update({ where: { id: campaignA.id }, data: { pixelId: pixelA.id } });
    expect((await db.campaign.findUniqueOrThrow({ where: { id: campaignA.id } })).pixelId).toBe(pixelA.id);
  });

  test("per-user rows: another user's notifications in the same licensee are invisible", async () => {
    const a = await makeTenant("RW", "tu");
    const other = await makeTenant("RW", "tv");
    await makeNotification(a.licensee.id, a.user.id, { content: "mine" });
    await makeNotification(a.licensee.id, other.user.id, { content: "not mine" });
    const t = tenantDb(a.ctx);
    expect((await t.notification.findMany({})).map((n) => n.content)).toEqual(["mine"]);
    expect((await t.notification.updateMany({ data: { seen: true } })).count).toBe(1);
  });

  test("preference presets: the user's own (in every licensee) and the shared ones of the licensee or all; only the own ones change", async () => {
    const a = await makeTenant("RW", "pa");
    const b = await makeTenant("RW", "pb");
    const preset = (name: string, licenseeId: number | null, userId: number | null) =>
      db.preferencePreset.create({ data: { name, licenseeId, userId, custom: userId !== null, columns: [] } });
    await preset("Global", null, null);
    await preset("A system", a.licensee.id, null);
    await preset("B system", b.licensee.id, null);
    await preset("A own", null, a.user.id);
    await preset("B own", null, b.user.id);
    const t = tenantDb(a.ctx);
    expect((await t.preferencePreset.findMany({ orderBy: { name: "asc" } })).map((p) => p.name)).toEqual(["A own", "A system", "Global"]);
    expect((await t.preferencePreset.updateMany({ data: { rowLimit: 50 } })).count).toBe(1);
    expect((await db.preferencePreset.findMany({ where: { rowLimit: 50 } })).map((p) => p.name)).toEqual(["A own"]);
    const created = await t.preferencePreset.create({ data: { name: "New", licenseeId: null, columns: [] } });
    expect(created).toMatchObject({ userId: a.user.id, licenseeId: null });
    await expect(t.preferencePreset.create({ data: { name: "Planted", licenseeId: b.licensee.id, columns: [] } })).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.preferencePreset.create({ data: { name: "Planted", userId: b.user.id, columns: [] } })).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.preferencePreset.count({ where: { name: "Planted" } })).toBe(0);
  });

  test("a transaction opened through the client stays scoped", async () => {
    const { a, advertiserB } = await twoTenants();
    const t = tenantDb(a.ctx);
    const seen = await t.$transaction(async (tx) => {
      await tx.advertiser.updateMany({ data: { name: "Renamed" } });
      return tx.advertiser.findMany({ select: { name: true } });
    });
    expect(seen).toEqual([{ name: "Renamed" }]);
    expect((await db.advertiser.findUniqueOrThrow({ where: { id: advertiserB.id } })).name).toBe("Theirs");
  });
});

describe("tenant client: raw SQL and system tables", () => {
  test("raw SQL must carry the licensee marker, which becomes the session's licensee id", async () => {
    const { a } = await twoTenants();
    const t = tenantDb(a.ctx);
    await expect(t.$queryRaw`SELECT id FROM "Advertiser"`).rejects.toThrow(/LICENSEE_PARAM|licensee/);
    const rows = await t.$queryRaw<{ name: string }[]>`SELECT name FROM "Advertiser" WHERE "licenseeId" = ${LICENSEE_PARAM}`;
    expect(rows.map((r) => r.name)).toEqual(["Mine"]);
    const nested = Prisma.sql`"licenseeId" = ${LICENSEE_PARAM}`;
    const viaFragment = await t.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Advertiser" WHERE ${nested}`;
    expect(viaFragment[0].n).toBe(1);
  });

  test("account and session tables are not reachable", async () => {
    const { a } = await twoTenants();
    const t = tenantDb(a.ctx) as unknown as Record<string, Record<string, () => Promise<unknown>>>;
    expect(() => t.user.findMany()).toThrow(/system client/);
    expect(() => t.membership.findMany()).toThrow(/system client/);
    const dictionary = tenantDb(a.ctx) as unknown as { timezone: { create(a: unknown): Promise<unknown> } };
    await expect(dictionary.timezone.create({ data: { id: 1, name: "x", ianaName: "UTC" } })).rejects.toThrow(/reference data/);
  });

  test("every model of the schema is classified", () => {
    expect(Object.keys(MODEL_SCOPES).sort()).toEqual(Object.values(Prisma.ModelName).sort());
  });
});
