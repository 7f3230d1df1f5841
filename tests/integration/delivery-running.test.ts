// Running totals (DeliveryStrategyRunning): kept exact by triggers whatever
// writes the hourly rollup, for every registered boundary hour; ranges read
// from them give the sums of the hours in every timezone; boundary hours not
// built yet are registered by the reader and filled by the build job.
import { db } from "@/lib/db";
import { buildBoundary, buildPendingBoundaries, zoneBoundaryHours } from "@/lib/metrics/boundaries";
import { metricsByEntity, metricTotals } from "@/lib/metrics/query";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const HOUR = 3_600_000;
const START = Date.parse("2030-03-01T00:00:00Z");

async function world(count = 2) {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategies = [];
  for (let i = 0; i < count; i++) strategies.push(await f.makeStrategy(campaign));
  await f.makeZones();
  return { ctx, strategies };
}

type S = { id: number; licenseeId: number; advertiserId: number; campaignId: number };
const hourRow = (s: S, hour: Date, n: number) => ({
  hour, licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id,
  impressions: BigInt(n), clicks: BigInt(n % 7), revenue: `${n}.000001`,
});
const hours = (strategies: S[], from: number, count: number, value: (h: number, k: number) => number) =>
  strategies.flatMap((s, k) => Array.from({ length: count }, (_, h) => hourRow(s, new Date(from + h * HOUR), value(h, k))));

/**
 * The running rows as stored and as recomputed from the hours (each row's
 * totals are those of every hour before its instant), and the boundaries
 * after delivered hours that have no row (there must be none).
 */
async function runningVersusHours() {
  const rows = await db.$queryRawUnsafe<Array<{ k: number; sid: number; upto: Date; impressions: string; revenue: string; hi: string | null; hr: string | null }>>(
    `SELECT r."boundaryHour" AS k, r."strategyId" AS sid, r."upto", r.impressions::text, r.revenue::text,
       (SELECT sum(impressions) FROM "DeliveryStrategyHourly" h WHERE h."strategyId" = r."strategyId" AND h."hour" < r."upto")::text AS hi,
       (SELECT sum(revenue) FROM "DeliveryStrategyHourly" h WHERE h."strategyId" = r."strategyId" AND h."hour" < r."upto")::text AS hr
     FROM "DeliveryStrategyRunning" r ORDER BY 1, 2, 3`,
  );
  const missing = await db.$queryRawUnsafe<Array<{ k: number; sid: number; upto: Date }>>(
    `SELECT DISTINCT b."boundaryHour" AS k, h."strategyId" AS sid, delivery_next_boundary(h."hour", b."boundaryHour") AS upto
     FROM "DeliveryBoundary" b CROSS JOIN "DeliveryStrategyHourly" h
     WHERE NOT EXISTS (SELECT 1 FROM "DeliveryStrategyRunning" r WHERE r."boundaryHour" = b."boundaryHour" AND r."strategyId" = h."strategyId"
                         AND r."upto" = delivery_next_boundary(h."hour", b."boundaryHour"))`,
  );
  // Each strategy's first row per boundary hour, as kept and as the rows say.
  const firsts = await db.$queryRawUnsafe<Array<{ k: number; sid: number; kept: Date | null; actual: Date | null }>>(
    `SELECT coalesce(f."boundaryHour", r.k) AS k, coalesce(f."strategyId", r.sid) AS sid, f."firstUpto" AS kept, r.first AS actual
     FROM "DeliveryRunningFirst" f
     FULL JOIN (SELECT "boundaryHour" AS k, "strategyId" AS sid, min("upto") AS first FROM "DeliveryStrategyRunning" GROUP BY 1, 2) r
       ON r.k = f."boundaryHour" AND r.sid = f."strategyId"
     WHERE f."firstUpto" IS DISTINCT FROM r.first`,
  );
  const line = (k: number, sid: number, upto: Date, i: string | null, r: string | null) => `${k} ${sid} ${upto.toISOString()} ${i ?? 0} ${Number(r ?? 0)}`;
  return {
    stored: rows.map((r) => line(r.k, r.sid, r.upto, r.impressions, r.revenue)),
    expected: rows.map((r) => line(r.k, r.sid, r.upto, r.hi, r.hr)),
    missing: [...missing.map((m) => `${m.k} ${m.sid} ${m.upto.toISOString()}`), ...firsts.map((f) => `first ${f.k} ${f.sid} ${f.kept?.toISOString()} ${f.actual?.toISOString()}`)],
  };
}

async function registerAndBuild(...boundaryHours: number[]) {
  for (const k of boundaryHours) await buildBoundary(k);
}

test("inserts, updates, deletes and backfills of hours keep every boundary hour's running totals exact", async () => {
  const { strategies } = await world();
  await registerAndBuild(0, 19, 7, 8);
  await db.deliveryStrategyHourly.createMany({ data: hours(strategies, START + 3 * 24 * HOUR, 24 * 4, (h, k) => (h * 7 + k * 3) % 50) });
  let r = await runningVersusHours();
  expect(r.stored.length).toBeGreaterThan(0);
  expect(r.stored).toEqual(r.expected);
  expect(r.missing).toEqual([]);

  // A correction inside the stored hours, a backfill before them, a later day, deletes.
  await db.deliveryStrategyHourly.updateMany({ where: { strategyId: strategies[0].id, hour: { gte: new Date(START + 4 * 24 * HOUR + 10 * HOUR), lt: new Date(START + 4 * 24 * HOUR + 12 * HOUR) } }, data: { impressions: 1000n, revenue: "0.5" } });
  await db.deliveryStrategyHourly.createMany({ data: hours(strategies.slice(1), START, 24 * 2, (h) => h + 1) });
  await db.deliveryStrategyHourly.createMany({ data: hours(strategies.slice(0, 1), START + 9 * 24 * HOUR, 5, () => 3) });
  await db.deliveryStrategyHourly.deleteMany({ where: { strategyId: strategies[1].id, hour: { gte: new Date(START + 5 * 24 * HOUR) } } });
  r = await runningVersusHours();
  expect(r.stored).toEqual(r.expected);
  expect(r.missing).toEqual([]);

  await db.deliveryStrategyHourly.deleteMany({ where: { strategyId: strategies[0].id } });
  r = await runningVersusHours();
  expect(r.stored).toEqual(r.expected);
  expect(r.stored.some((line) => line.split(" ")[1] === String(strategies[0].id))).toBe(false);
});

test("building a boundary hour later gives the rows the triggers keep", async () => {
  const { strategies } = await world();
  await registerAndBuild(0);
  await db.deliveryStrategyHourly.createMany({ data: hours(strategies, START, 24 * 6, (h, k) => (h * 5 + k) % 31) });
  await registerAndBuild(19);
  const r = await runningVersusHours();
  expect(r.stored).toEqual(r.expected);
  expect(r.missing).toEqual([]);
  expect(r.stored.filter((line) => line.startsWith("19 ")).length).toBe(2 * 7); // 6 UTC days reach 7 Kolkata boundaries
});

test("ranges read from running totals equal the sums of the hours in every timezone, stopped and idle strategies included", async () => {
  const { ctx, strategies } = await world(4);
  const [running, stopped, idle, late] = strategies;
  // 12 days across the Los Angeles daylight-saving change (10 March 2030); one
  // strategy stops after 3 days, one never delivers, one starts on day 8.
  await db.deliveryStrategyHourly.createMany({
    data: [
      ...hours([running], START, 24 * 12, (h) => (h * 13) % 97),
      ...hours([stopped], START, 24 * 3, (h) => (h * 3) % 11),
      ...hours([late], START + 8 * 24 * HOUR, 24 * 4, (h) => (h % 5) + 1),
    ],
  });
  await registerAndBuild(...new Set(f.ZONES.flatMap((z) => zoneBoundaryHours(z.ianaName, new Date("2030-03-05T00:00:00Z")))));
  // Proof that the running totals are what is read: the daily rollup the other path reads is emptied.
  await db.deliveryStrategyDaily.deleteMany({});
  for (const zone of f.ZONES) {
    for (const [from, to] of [["2030-03-02", "2030-03-02"], ["2030-03-02", "2030-03-11"], ["2030-03-01", "2030-03-12"], ["2030-03-05", "2030-03-20"], ["2030-02-01", "2030-02-20"]]) {
      const range = { from, to, timezoneId: zone.id };
      const got = await metricsByEntity(ctx, { level: "strategy", ids: strategies.map((s) => s.id), range, metricIds: ["impressions", "clicks", "revenue"] });
      const expected = await db.$queryRawUnsafe<Array<{ sid: number; impressions: string | null; clicks: string | null; revenue: string | null }>>(
        `SELECT s.id AS sid, sum(h.impressions)::text AS impressions, sum(h.clicks)::text AS clicks, sum(h.revenue)::text AS revenue
         FROM "Strategy" s LEFT JOIN "DeliveryStrategyHourly" h ON h."strategyId" = s.id
           AND h."hour" >= ($1::date::timestamp AT TIME ZONE $3) AND h."hour" < (($2::date + 1)::timestamp AT TIME ZONE $3)
         WHERE s.id = ANY($4::int[]) GROUP BY 1`,
        from, to, zone.ianaName, strategies.map((s) => s.id),
      );
      for (const row of expected) {
        const want = { impressions: Number(row.impressions ?? 0), clicks: Number(row.clicks ?? 0), revenue: Number(row.revenue ?? 0) };
        expect([zone.ianaName, from, to, row.sid, got.get(row.sid)]).toEqual([zone.ianaName, from, to, row.sid, want]);
      }
      const total = await metricTotals(ctx, { level: "campaign", id: running.campaignId, range, metricIds: ["impressions"] });
      expect(total.impressions).toBe(expected.reduce((n, row) => n + Number(row.impressions ?? 0), 0));
    }
  }
  expect(idle.id).toBeGreaterThan(0);
  expect(stopped.id).toBeGreaterThan(0);
});

test("a range whose boundary hours are not built is registered, read from the daily rollup meanwhile, and built by the job", async () => {
  const { ctx, strategies } = await world();
  await db.deliveryBoundary.deleteMany({});
  await db.deliveryStrategyHourly.createMany({ data: hours(strategies, START, 24 * 5, (h) => h % 9) });
  const range = { from: "2030-03-02", to: "2030-03-03", timezoneId: 9001 };
  const before = await metricsByEntity(ctx, { level: "strategy", ids: [strategies[0].id], range, metricIds: ["impressions"] });
  expect(await db.deliveryBoundary.findMany({ select: { boundaryHour: true, ready: true } })).toEqual([{ boundaryHour: 19, ready: false }]);
  expect(await buildPendingBoundaries()).toEqual([19]);
  expect((await db.deliveryBoundary.findUniqueOrThrow({ where: { boundaryHour: 19 } })).ready).toBe(true);
  await db.deliveryStrategyDaily.deleteMany({});
  expect(await metricsByEntity(ctx, { level: "strategy", ids: [strategies[0].id], range, metricIds: ["impressions"] })).toEqual(before);
  expect(before.get(strategies[0].id)?.impressions).toBeGreaterThan(0);
});

test("a timezone's boundary hours: one for fixed offsets, two where summer time moves midnight", () => {
  const now = new Date("2030-03-05T00:00:00Z");
  expect(zoneBoundaryHours("UTC", now)).toEqual([0]);
  expect(zoneBoundaryHours("Asia/Kolkata", now)).toEqual([19]);
  expect(zoneBoundaryHours("Asia/Kathmandu", now)).toEqual([19]);
  expect(zoneBoundaryHours("America/Los_Angeles", now)).toEqual([7, 8]);
});

test("the running totals' trigger reads by keys and is not compiled: its planner settings are the function's own", async () => {
  // Planned generically, its statements chose sequential scans of a year of hours and JIT
  // compilation: one row of delivery took 4-7 s at 8.76 M strategy-hours (npm run bench).
  const [row] = await db.$queryRaw<Array<{ config: string[] | null }>>`
    SELECT proconfig AS config FROM pg_proc WHERE proname = 'delivery_running_after_write'`;
  expect(new Set(row.config)).toEqual(new Set(["enable_seqscan=off", "enable_hashjoin=off", "enable_mergejoin=off", "jit=off"]));
  // The boundary build, reading every strategy's whole history, keeps the planner's choice.
  const [build] = await db.$queryRaw<Array<{ config: string[] | null }>>`
    SELECT proconfig AS config FROM pg_proc WHERE proname = 'delivery_running_build'`;
  expect(build.config).toBeNull();
});
