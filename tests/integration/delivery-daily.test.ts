// The daily rollup (DeliveryStrategyDaily) is kept in step with the hourly
// one by triggers, whatever writes the hours; and sums over a range, which
// read whole UTC days from it and edge hours from the hourly rollup, equal
// the sums of the hours alone in every timezone.
import { db } from "@/lib/db";
import { metricsByEntity } from "@/lib/metrics/query";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategies = [await f.makeStrategy(campaign), await f.makeStrategy(campaign)];
  await f.makeZones();
  return { ctx, strategies };
}

const hourRow = (s: { id: number; licenseeId: number; advertiserId: number; campaignId: number }, hour: Date, n: number) => ({
  hour, licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id,
  impressions: BigInt(n), revenue: `${n}.000001`,
});

const daily = () => db.deliveryStrategyDaily.findMany({ orderBy: [{ strategyId: "asc" }, { day: "asc" }], select: { strategyId: true, day: true, impressions: true, revenue: true } });
const dailyFromHours = async () =>
  (await db.$queryRawUnsafe<Array<{ strategyId: number; day: Date; impressions: bigint; revenue: string }>>(
    `SELECT "strategyId", ("hour" AT TIME ZONE 'UTC')::date AS day, sum(impressions)::bigint AS impressions, sum(revenue)::text AS revenue
     FROM "DeliveryStrategyHourly" GROUP BY 1, 2 ORDER BY 1, 2`,
  )).map((r) => ({ strategyId: r.strategyId, day: r.day, impressions: r.impressions, revenue: r.revenue }));

test("inserts, updates and deletes of hours rebuild exactly the strategy-days they touch", async () => {
  const { strategies } = await world();
  const start = Date.parse("2030-03-01T00:00:00Z");
  await db.deliveryStrategyHourly.createMany({
    data: strategies.flatMap((s, k) => Array.from({ length: 24 * 5 }, (_, h) => hourRow(s, new Date(start + h * 3_600_000), (h * 7 + k * 3) % 50))),
  });
  const norm = (rows: Array<{ strategyId: number; day: Date; impressions: bigint; revenue: unknown }>) =>
    rows.map((r) => [r.strategyId, r.day.toISOString().slice(0, 10), r.impressions.toString(), String(r.revenue).replace(/\.?0+$/, "")]);
  expect(norm(await daily())).toEqual(norm(await dailyFromHours()));
  expect(await db.deliveryStrategyDaily.count()).toBe(10);

  await db.deliveryStrategyHourly.updateMany({ where: { strategyId: strategies[0].id, hour: { gte: new Date("2030-03-02T10:00:00Z"), lt: new Date("2030-03-02T12:00:00Z") } }, data: { impressions: 1000n } });
  await db.deliveryStrategyHourly.deleteMany({ where: { strategyId: strategies[1].id, hour: { gte: new Date("2030-03-05T00:00:00Z") } } });
  expect(norm(await daily())).toEqual(norm(await dailyFromHours()));
  expect(await db.deliveryStrategyDaily.count()).toBe(9);
});

test("range sums from days plus edge hours equal the sums of the hours, in every timezone", async () => {
  const { ctx, strategies } = await world();
  const start = Date.parse("2030-03-01T00:00:00Z");
  // 12 days of hours across the Los Angeles daylight-saving change (10 March 2030).
  await db.deliveryStrategyHourly.createMany({
    data: strategies.flatMap((s, k) => Array.from({ length: 24 * 12 }, (_, h) => hourRow(s, new Date(start + h * 3_600_000), (h * 13 + k * 5) % 97))),
  });
  for (const zone of f.ZONES) {
    for (const [from, to] of [["2030-03-02", "2030-03-02"], ["2030-03-02", "2030-03-03"], ["2030-03-02", "2030-03-11"], ["2030-03-01", "2030-03-12"]]) {
      const got = await metricsByEntity(ctx, { level: "strategy", ids: strategies.map((s) => s.id), range: { from, to, timezoneId: zone.id }, metricIds: ["impressions", "revenue"] });
      const expected = await db.$queryRawUnsafe<Array<{ sid: number; impressions: string; revenue: string }>>(
        `SELECT "strategyId" AS sid, sum(impressions)::text AS impressions, sum(revenue)::text AS revenue FROM "DeliveryStrategyHourly"
         WHERE "hour" >= ($1::date::timestamp AT TIME ZONE $3) AND "hour" < (($2::date + 1)::timestamp AT TIME ZONE $3) GROUP BY 1`,
        from, to, zone.ianaName,
      );
      for (const row of expected) {
        expect([zone.ianaName, from, to, got.get(row.sid)]).toEqual([zone.ianaName, from, to, { impressions: Number(row.impressions), revenue: Number(row.revenue) }]);
      }
    }
  }
});
