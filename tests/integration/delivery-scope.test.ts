// The scope rollup (DeliveryScopeRollup and its pending differences) is the
// exact sum of the hourly strategy rollup per licensee, advertiser and
// campaign, per UTC hour and UTC day, whatever writes the hours (bulk
// inserts, ingestion and its replays, updates, deletes, the rollup refresh);
// and the daily charts read from it equal a plain sum of the hours at every
// level, in UTC, Asia/Kolkata (half-hour offset) and America/Los_Angeles
// (across its daylight-saving change). On PostgreSQL: a writer never waits
// for another's scope rows, and the charts' plans never read the strategy
// rollup or the facts.
import { db } from "@/lib/db";
import { tenantDb } from "@/lib/data/tenant-db";
import { ingestDelivery } from "@/lib/delivery/ingest";
import { computeMetrics } from "@/lib/metrics/formulas";
import { dailySeriesSql, metricsDaily, type MetricLevel } from "@/lib/metrics/query";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { Prisma } from "@/lib/generated/prisma/client";
import { createRng } from "@/lib/random";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const t = useTestDatabase();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ZONES = [
  { id: 805, name: "UTC", ianaName: "UTC" },
  { id: 9001, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
  { id: 9002, name: "(GMT-08:00) America/Los_Angeles", ianaName: "America/Los_Angeles" },
];
const HOUR = 3_600_000;
const START = Date.parse("2030-03-05T00:00:00Z");
const HOURS = 24 * 10; // 5 to 14 March 2030, across Los Angeles' change on the 10th
const RANGE = { from: "2030-03-04", to: "2030-03-15" };
const METRICS = ["impressions", "clicks", "ctr", "revenue", "cost", "ecpm"];

type S = { id: number; licenseeId: number; advertiserId: number; campaignId: number };

async function world() {
  for (const z of ZONES) await db.timezone.create({ data: z });
  const { licensee, ctx } = await f.makeTenant();
  const [a1, a2] = [await f.makeAdvertiser(licensee.id), await f.makeAdvertiser(licensee.id)];
  const campaigns = [await f.makeCampaign(a1), await f.makeCampaign(a1), await f.makeCampaign(a2)];
  const strategies: S[] = [];
  for (const c of campaigns) for (let i = 0; i < 2; i++) strategies.push(await f.makeStrategy(c));
  const creative = await f.makeCreative(a1);
  const creative2 = await f.makeCreative(a2);
  // Another licensee delivering at the same hours: never in the first one's sums.
  const other = await f.makeTenant();
  const otherStrategy = await f.makeStrategy(await f.makeCampaign(await f.makeAdvertiser(other.licensee.id)));
  return { ctx, licensee, advertisers: [a1, a2], campaigns, strategies, creatives: { [a1.id]: creative.id, [a2.id]: creative2.id }, otherStrategy };
}

const rng = createRng(20301);
const hourRow = (s: S, h: number) => ({
  hour: new Date(START + h * HOUR), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id,
  impressions: BigInt(rng.int(0, 5000)), clicks: BigInt(rng.int(0, 80)), revenue: rng.money(0, 40, 6), cost: rng.money(0, 30, 6),
});

/** Keys where the rollup and its pending rows differ from the hourly rollup summed per scope, grain and hour (none when exact). */
async function scopeMismatches(): Promise<unknown[]> {
  return db.$queryRawUnsafe(`
    WITH truth AS (
      SELECT l.lv, CASE l.lv WHEN 0 THEN "licenseeId" WHEN 1 THEN "advertiserId" ELSE "campaignId" END AS id, g.grain,
        CASE g.grain WHEN 1 THEN "hour" ELSE date_trunc('day', "hour" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' END AS h,
        sum(impressions) AS imp, sum(clicks) AS cl, sum(revenue) AS rev, sum(cost) AS cost
      FROM "DeliveryStrategyHourly" CROSS JOIN (VALUES (0), (1), (2)) l(lv) CROSS JOIN (VALUES (1), (24)) g(grain) GROUP BY 1, 2, 3, 4
    ), stored AS (
      SELECT "scopeLevel" AS lv, "scopeId" AS id, grain, "hour" AS h, sum(impressions) AS imp, sum(clicks) AS cl, sum(revenue) AS rev, sum(cost) AS cost
      FROM (SELECT "scopeLevel", "scopeId", grain, "hour", impressions, clicks, revenue, cost FROM "DeliveryScopeRollup"
            UNION ALL SELECT "scopeLevel", "scopeId", grain, "hour", impressions, clicks, revenue, cost FROM "DeliveryScopePending") x
      GROUP BY 1, 2, 3, 4
    )
    SELECT lv, id, grain, h, t.imp::text AS want, s.imp::text AS got FROM truth t FULL JOIN stored s USING (lv, id, grain, h)
    WHERE coalesce(t.imp, 0) <> coalesce(s.imp, 0) OR coalesce(t.cl, 0) <> coalesce(s.cl, 0)
       OR coalesce(t.rev, 0) <> coalesce(s.rev, 0) OR coalesce(t.cost, 0) <> coalesce(s.cost, 0)
    ORDER BY 1, 2, 3, 4 LIMIT 5`);
}

const COLUMN: Record<Exclude<MetricLevel, "licensee">, string> = { advertiser: "advertiserId", campaign: "campaignId", strategy: "strategyId" };

/** The chart as a plain sum of the hourly rollup: each hour for the local day it starts in. */
async function plainSeries(licenseeId: number, level: MetricLevel, id: number | undefined, iana: string) {
  const only = level === "licensee" ? "" : ` AND "${COLUMN[level]}" = ${Number(id)}`;
  const rows = await db.$queryRawUnsafe<Array<Record<string, string>>>(
    `SELECT to_char(("hour" AT TIME ZONE $3)::date, 'YYYY-MM-DD') AS day, sum(impressions)::text AS impressions, sum(clicks)::text AS clicks,
       sum(revenue)::text AS revenue, sum(cost)::text AS cost
     FROM "DeliveryStrategyHourly" WHERE "licenseeId" = ${licenseeId}${only}
       AND "hour" >= ($1::date::timestamp AT TIME ZONE $3) AND "hour" < (($2::date + 1)::timestamp AT TIME ZONE $3) GROUP BY 1`,
    RANGE.from, RANGE.to, iana,
  );
  return new Map(rows.map((r) => [r.day, computeMetrics(r, METRICS)]));
}

async function expectChartsEqualPlainSums(w: Awaited<ReturnType<typeof world>>) {
  expect(await scopeMismatches()).toEqual([]);
  const scopes: Array<[MetricLevel, number | undefined]> = [
    ["licensee", undefined],
    ...w.advertisers.map((a) => ["advertiser", a.id] as [MetricLevel, number]),
    ...w.campaigns.map((c) => ["campaign", c.id] as [MetricLevel, number]),
    ...w.strategies.map((s) => ["strategy", s.id] as [MetricLevel, number]),
  ];
  for (const zone of ZONES) {
    for (const [level, id] of scopes) {
      const chart = await metricsDaily(w.ctx, { level, id, range: { ...RANGE, timezoneId: zone.id }, metricIds: METRICS });
      const plain = await plainSeries(w.licensee.id, level, id, zone.ianaName);
      const empty = computeMetrics({}, METRICS);
      expect([zone.ianaName, level, id, chart]).toEqual([zone.ianaName, level, id, chart.map((d) => ({ day: d.day, values: plain.get(d.day) ?? empty }))]);
    }
  }
}

test("the scope rollup and the charts read from it equal the plain hourly sums after inserts, re-ingestion, updates and deletes", async () => {
  const w = await world();
  // Inserted in bulk: most hours of most strategies, and the other licensee.
  await db.deliveryStrategyHourly.createMany({
    data: [...w.strategies, w.otherStrategy].flatMap((s) => Array.from({ length: HOURS }, (_, h) => h).filter(() => rng.chance(0.7)).map((h) => hourRow(s, h))),
  });
  await expectChartsEqualPlainSums(w);

  // Ingestion (facts, and the rollup moved by their difference), then the same keys again with other values.
  const now = new Date(START + HOURS * HOUR);
  const keys = w.strategies.flatMap((s) => rng.sample(Array.from({ length: HOURS }, (_, h) => h), 30).map((h) => ({ s, h })));
  const batch = () =>
    keys.map(({ s, h }) => ({
      hour: new Date(START + h * HOUR).toISOString(), strategyId: s.id, creativeId: w.creatives[s.advertiserId], country: "IN", device: "PHONE",
      impressions: rng.int(0, 900), clicks: rng.int(0, 20), revenue: rng.money(0, 9, 6), cost: rng.money(0, 5, 6),
    }));
  await ingestDelivery(w.ctx, { rows: batch() }, now);
  await expectChartsEqualPlainSums(w);
  await ingestDelivery(w.ctx, { rows: batch() }, now);
  await expectChartsEqualPlainSums(w);

  // Direct updates and deletes of hours, and a refresh of part of the rollup from the facts.
  await db.deliveryStrategyHourly.updateMany({ where: { strategyId: w.strategies[1].id, hour: { gte: new Date(START + 40 * HOUR) } }, data: { impressions: 77n, revenue: "1.000001" } });
  await db.deliveryStrategyHourly.deleteMany({ where: { strategyId: w.strategies[4].id, hour: { lt: new Date(START + 100 * HOUR) } } });
  await db.deliveryStrategyHourly.deleteMany({ where: { campaignId: w.campaigns[1].id, hour: { gte: new Date(START + 200 * HOUR) } } });
  await expectChartsEqualPlainSums(w);
  await refreshStrategyRollup(t.handle.raw, { licenseeId: w.licensee.id, from: new Date(START + 120 * HOUR), to: new Date(START + 180 * HOUR) });
  await expectChartsEqualPlainSums(w);
});

const relationsOf = (plan: unknown): string[] => {
  if (Array.isArray(plan)) return plan.flatMap(relationsOf);
  if (!plan || typeof plan !== "object") return [];
  const node = plan as Record<string, unknown>;
  return [...(typeof node["Relation Name"] === "string" ? [node["Relation Name"]] : []), ...Object.values(node).flatMap(relationsOf)];
};

(onPostgres ? test : test.skip)("PostgreSQL: the charts of the licensee, an advertiser and a campaign never read the strategy rollups or the facts", async () => {
  const w = await world();
  await db.deliveryStrategyHourly.createMany({ data: w.strategies.flatMap((s) => Array.from({ length: HOURS }, (_, h) => hourRow(s, h))) });
  await t.handle.raw.exec(`ANALYZE`);
  for (const zone of ZONES) {
    for (const [level, id] of [["licensee", undefined], ["advertiser", w.advertisers[0].id], ["campaign", w.campaigns[2].id]] as const) {
      const sql = await dailySeriesSql({ level, id, range: { ...RANGE, timezoneId: zone.id }, columns: ["impressions", "revenue"] });
      const [row] = await tenantDb(w.ctx).$queryRaw<Array<{ "QUERY PLAN": unknown }>>(Prisma.sql`EXPLAIN (FORMAT JSON) ${sql}`);
      const relations = relationsOf(row["QUERY PLAN"]);
      expect([zone.ianaName, level, [...new Set(relations)].sort()]).toEqual([zone.ianaName, level, ["DeliveryScopePending", "DeliveryScopeRollup"]]);
    }
  }
});

(onPostgres ? test : test.skip)("PostgreSQL: a writer never waits for another's scope rows; what it parks is read, then folded in by the next writer", async () => {
  const w = await world();
  const [s1, s2] = [w.strategies[0], w.strategies[2]]; // two advertisers' strategies of one licensee
  await db.deliveryStrategyHourly.createMany({ data: [s1, s2].flatMap((s) => Array.from({ length: 48 }, (_, h) => hourRow(s, h))) });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let firstWrote!: () => void;
  const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
  // The first writer adds to the licensee's scope rows and keeps its transaction open.
  const first = db.$transaction(
    async (tx) => {
      await tx.deliveryStrategyHourly.updateMany({ where: { strategyId: s1.id }, data: { impressions: { increment: 5 } } });
      firstWrote();
      await held;
    },
    { timeout: 30_000 },
  );
  await wrote;
  // Another strategy's hours, the same licensee's scope rows: done while the first is open.
  const started = Date.now();
  await db.deliveryStrategyHourly.updateMany({ where: { strategyId: s2.id }, data: { clicks: { increment: 3 } } });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await db.deliveryScopePending.count()).toBeGreaterThan(0);
  const range = { ...RANGE, timezoneId: 805 };
  const committed = await plainSeries(w.licensee.id, "licensee", undefined, "UTC");
  const chart = await metricsDaily(w.ctx, { level: "licensee", range, metricIds: METRICS });
  expect(chart.map((d) => d.values)).toEqual(chart.map((d) => committed.get(d.day) ?? computeMetrics({}, METRICS)));
  release();
  await first;
  expect(await scopeMismatches()).toEqual([]);
  // The next write of the licensee holds the lock and folds the parked rows in.
  await db.deliveryStrategyHourly.update({ where: { strategyId_hour: { strategyId: s1.id, hour: new Date(START) } }, data: { impressions: 1n } });
  expect(await db.deliveryScopePending.count()).toBe(0);
  expect(await scopeMismatches()).toEqual([]);
});
