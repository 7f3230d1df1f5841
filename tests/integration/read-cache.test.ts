// The list read cache (lib/data/read-cache.ts): a repeated list is served from
// it, and every kind of committed change a list reads shows on the very next
// read: delivery, a strategy's status or name, a new strategy, a TRUNCATE;
// a transaction's own writes are never kept; pruning keeps what live
// entries need.
import { db } from "@/lib/db";
import { loadListView } from "@/lib/entities/lists";
import { cachedTenantQuery, pruneDataChanges } from "@/lib/data/read-cache";
import { LICENSEE_PARAM, tenantDb } from "@/lib/data/tenant-db";
import { Prisma } from "@/lib/generated/prisma/client";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const testDb = useTestDatabase();

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategies = [];
  for (const [i, revenue] of ["5", "9", "1"].entries()) {
    const s = await f.makeStrategy(campaign, { name: `S${i}` });
    strategies.push(s);
    await db.deliveryStrategyHourly.create({
      data: { hour: f.yesterdayNoon(), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, impressions: 100, revenue, cost: "1" },
    });
  }
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 10, columns: ["impressions", "revenue"] } });
  return { ctx, strategies, campaign, licensee };
}

type Ctx = Parameters<typeof loadListView>[0];
const byRevenue = async (ctx: Ctx) => {
  const view = await loadListView(ctx, "strategy", { sort: "-revenue" });
  return { names: view.rows.map((r) => r.cells.name), total: view.totals?.revenue };
};

const switchTriggers = (on: boolean) =>
  ["insert", "update", "delete"].map((e) => `ALTER TABLE "DeliveryStrategyHourly" ${on ? "ENABLE" : "DISABLE"} TRIGGER data_change_${e};`).join("\n");

/** Runs `sql` with the data-change triggers of the hourly rollup switched off: a write the cache cannot know of. */
async function writeUnseen(sql: string) {
  await testDb.handle.raw.exec(`${switchTriggers(false)}\n${sql};\n${switchTriggers(true)}`);
}

test("a repeated list is served from the cache: a write no trigger records is not seen, the next recorded change is", async () => {
  const { ctx, strategies } = await world();
  expect(await byRevenue(ctx)).toEqual({ names: ["S1", "S0", "S2"], total: expect.stringContaining("15") });

  // S2 becomes the top spender without a DataChange row: the cached order and totals stay.
  await writeUnseen(`UPDATE "DeliveryStrategyHourly" SET "revenue" = 100 WHERE "strategyId" = ${strategies[2].id}`);
  expect(await byRevenue(ctx)).toEqual({ names: ["S1", "S0", "S2"], total: expect.stringContaining("15") });

  // Any recorded change of the licensee's list data (here a strategy renamed) and the list is read again.
  await db.strategy.update({ where: { id: strategies[0].id }, data: { name: "S0 renamed" } });
  expect(await byRevenue(ctx)).toEqual({ names: ["S2", "S1", "S0 renamed"], total: expect.stringContaining("114") });
});

test("delivery, a deactivated strategy and a new one show on the next read", async () => {
  const { ctx, strategies, campaign } = await world();
  expect((await byRevenue(ctx)).names).toEqual(["S1", "S0", "S2"]);

  await db.deliveryStrategyHourly.update({ where: { strategyId_hour: { strategyId: strategies[2].id, hour: f.yesterdayNoon() } }, data: { revenue: "50" } });
  expect(await byRevenue(ctx)).toEqual({ names: ["S2", "S1", "S0"], total: expect.stringContaining("64") });

  await db.strategy.update({ where: { id: strategies[1].id }, data: { active: false } });
  const active = await loadListView(ctx, "strategy", { sort: "-revenue", status: "active" });
  expect(active.rows.map((r) => r.cells.name)).toEqual(["S2", "S0"]);

  await f.makeStrategy(campaign, { name: "S3" });
  expect((await byRevenue(ctx)).names).toEqual(["S2", "S1", "S0", "S3"]);
});

test("another licensee's change leaves a licensee's entry in place; a TRUNCATE counts for everyone", async () => {
  const { ctx, strategies } = await world();
  const other = await world();
  await byRevenue(ctx);
  await writeUnseen(`UPDATE "DeliveryStrategyHourly" SET "revenue" = 100 WHERE "strategyId" = ${strategies[2].id}`);
  await db.strategy.update({ where: { id: other.strategies[0].id }, data: { name: "elsewhere" } });
  expect((await byRevenue(ctx)).names).toEqual(["S1", "S0", "S2"]); // still the entry: the change was another licensee's

  // TRUNCATE fires no row trigger: it counts as a change of every licensee. (The list reads whole
  // days from the daily rollup, which the truncated hours leave as they were.)
  await testDb.handle.raw.exec(`TRUNCATE "DeliveryStrategyHourly"`);
  expect((await byRevenue(ctx)).names).toEqual(["S2", "S1", "S0"]);
});

test("inside a transaction the cache is bypassed: its own writes are seen, and never kept after a rollback", async () => {
  const { ctx, licensee, strategies } = await world();
  const sql = Prisma.sql`SELECT s.name FROM "Strategy" s WHERE s."licenseeId" = ${LICENSEE_PARAM} ORDER BY s.id`;
  expect((await cachedTenantQuery<{ name: string }>(ctx, sql)).map((r) => r.name)).toEqual(["S0", "S1", "S2"]);
  await expect(
    tenantDb(ctx).$transaction(async (tx) => {
      await tx.strategy.update({ where: { id: strategies[0].id }, data: { name: "uncommitted" } });
      expect((await cachedTenantQuery<{ name: string }>(ctx, sql)).map((r) => r.name)).toEqual(["uncommitted", "S1", "S2"]);
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  expect((await cachedTenantQuery<{ name: string }>(ctx, sql)).map((r) => r.name)).toEqual(["S0", "S1", "S2"]);
  expect(licensee.id).toBe(ctx.licenseeId);
});

test("pruning: the first run only observes a horizon; a run 7 minutes later drops the rows under it, and entries stay exact", async () => {
  const { ctx, strategies } = await world();
  // An entry whose snapshot sees every change so far (the only kind alive past the horizon's age).
  expect((await byRevenue(ctx)).names).toEqual(["S1", "S0", "S2"]);
  const before = await db.dataChange.count();
  expect(before).toBeGreaterThan(0);
  expect(await pruneDataChanges()).toBe(0); // observes the horizon
  expect(await pruneDataChanges()).toBe(0); // too soon: nothing
  // The horizon is the oldest transaction still running anywhere in the cluster: on a shared
  // PostgreSQL server other tests' transactions may hold it below some of these rows; on the
  // embedded database nothing else runs, so it is above them all.
  const [{ horizonXid }] = await db.dataChangeHorizon.findMany();
  const below = await db.dataChange.count({ where: { xid: { lt: horizonXid } } });
  if (!process.env.TEST_DATABASE_URL) expect(below).toBe(before);
  await db.$executeRaw`UPDATE "DataChangeHorizon" SET "at" = "at" - interval '8 minutes'`;
  expect(await pruneDataChanges()).toBe(below);
  expect(await db.dataChange.count({ where: { xid: { lt: horizonXid } } })).toBe(0);
  expect(await db.dataChange.count()).toBe(before - below);

  expect((await byRevenue(ctx)).names).toEqual(["S1", "S0", "S2"]);
  await db.deliveryStrategyHourly.update({ where: { strategyId_hour: { strategyId: strategies[2].id, hour: f.yesterdayNoon() } }, data: { revenue: "50" } });
  expect((await byRevenue(ctx)).names).toEqual(["S2", "S1", "S0"]);
});
