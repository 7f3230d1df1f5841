// The change triggers the page cache relies on (lib/data/changes.ts): every
// table records its changes, but for the ones named here with why no cached
// page (the delivery lists, lib/page-cache/request.ts) can show them. A new
// table fails this test until it gets triggers (a migration like
// 20261127091500_page_changes) or a reason here. And each scope is what it says.
import { db } from "@/lib/db";
import { SHARED_SCOPE, userScope } from "@/lib/data/changes";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const testDb = useTestDatabase();

const NOT_TRACKED: Record<string, string> = {
  _prisma_migrations: "the migration history",
  DataChange: "the change rows themselves",
  DataChangeHorizon: "the pruning job's horizon",
  AuthEvent: "the sign-in log: read by the security log, never by the lists",
  LoginThrottle: "sign-in throttles",
  LoginTicket: "sign-in tickets",
  OtpChallenge: "second-factor codes",
  SpentToken: "spent one-time tokens",
  RateLimit: "API rate-limit counters",
  IdempotentRequest: "create submissions' keys: written with the record they create, which records the change; no page shows them",
  ApiKey: "API keys: every call writes its key's lastUsedAt, and no cached list shows keys",
  ReportRun: "scheduled report runs: written by the report job, shown on report pages only",
  RuleAuditLog: "optimization rule runs: written by the rule sweep, shown in the rules dialog only",
  ActivityLogField: "written only with its ActivityLog row, which records the change",
  DeliveryHourly: "delivery facts: every batch writes the hourly rollup in the same transaction, which records the change",
  DeliveryStrategyDaily: "written only by the hourly rollup's triggers, in the same transaction",
  DeliveryStrategyRunning: "written by the hourly rollup's triggers in the same transaction, or by the boundary build, which changes no sum",
  DeliveryRunningFirst: "as DeliveryStrategyRunning",
  DeliveryScopeRollup: "written only by the hourly rollup's triggers, in the same transaction",
  DeliveryScopePending: "as DeliveryScopeRollup",
  PixelFire: "pixel fires: the lists show conversions from PixelConversionHourly, written with the fire",
  PixelFireDaily: "the pixel fire rollup: shown on pixel pages, not on the cached lists",
  PixelFireOrder: "the fires' order keys: not shown",
  UserEvent: "user events (MMP postbacks): read by audience jobs, not by the cached lists",
  AudienceMember: "audience members: read by audience jobs, not by the cached lists",
  CatalogItem: "catalog feed items: shown on catalog pages, not on the cached lists",
};

async function triggersByTable(): Promise<Map<string, number>> {
  const rows = await testDb.handle.raw.query<{ table: string; triggers: number }>(`
    SELECT c.relname AS "table", count(t.tgname)::int AS "triggers"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    LEFT JOIN pg_trigger t ON t.tgrelid = c.oid AND t.tgname LIKE 'data\\_change\\_%'
    WHERE c.relkind = 'r'
    GROUP BY c.relname`);
  return new Map(rows.map((r) => [r.table, r.triggers]));
}

test("every table records its changes (insert, update, delete, truncate) unless named here with why no cached page shows it", async () => {
  const tables = await triggersByTable();
  const untracked = [...tables].filter(([table, n]) => n !== 4 && !(table in NOT_TRACKED)).map(([t]) => t);
  expect(untracked).toEqual([]);
  // The list names existing tables only, and none of them has triggers after all.
  expect(Object.keys(NOT_TRACKED).filter((t) => tables.get(t) !== 0)).toEqual([]);
});

async function scopesOf(write: () => Promise<unknown>): Promise<number[]> {
  await db.$executeRaw`DELETE FROM "DataChange"`;
  await write();
  const rows = await db.$queryRaw<Array<{ licenseeId: number }>>`SELECT "licenseeId" FROM "DataChange" ORDER BY 1`;
  return rows.map((r) => r.licenseeId);
}

test("changes are recorded under their licensee, their user (negative id) or as shared data", async () => {
  const { licensee, user } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const owner = { licenseeId: licensee.id, advertiserId: advertiser.id };
  expect(await scopesOf(() => db.advertiserSetting.create({ data: { ...owner, key: "K", type: "STRING", value: "v" } }))).toEqual([licensee.id]);
  expect(await scopesOf(() => db.licensee.update({ where: { id: licensee.id }, data: { name: "L2" } }))).toEqual([licensee.id]);
  expect(await scopesOf(() => db.userSettings.create({ data: { userId: user.id } }))).toEqual([userScope(user.id)]);
  expect(await scopesOf(() => db.user.update({ where: { id: user.id }, data: { name: "U2" } }))).toEqual([userScope(user.id)]);
  expect(await scopesOf(() => db.timezone.updateMany({ data: { name: "x" }, where: { id: -1 } }))).toEqual([]); // no row changed: nothing recorded
  expect(await scopesOf(() => db.preferencePreset.create({ data: { name: "Shared", custom: false, rowLimit: 10, columns: [] } }))).toEqual([SHARED_SCOPE]);
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  const creative = await f.makeCreative(advertiser);
  expect(await scopesOf(() => db.strategyCreative.create({ data: { strategyId: strategy.id, creativeId: creative.id } }))).toEqual([SHARED_SCOPE]);
});
