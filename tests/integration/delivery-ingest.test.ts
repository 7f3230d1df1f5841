// Ingestion of hourly delivery: a batch is all or nothing, with
// each problem at its row and field; a replayed batch replaces and never
// doubles; the lists' metrics are the sums of what was sent; days are cut in
// the reader's timezone (half-hour offsets and daylight-saving days included).
import { z } from "zod";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { CSV_UNREADABLE } from "@/lib/delivery/csv";
import { ingestDelivery } from "@/lib/delivery/ingest";
import { DELIVERY_MESSAGES as M } from "@/lib/delivery/schema";
import { metricsByEntity, metricsDaily } from "@/lib/metrics/query";
import { ROLLUP_METRICS } from "@/lib/metrics/rollup";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";

const t = useTestDatabase();

const NOW = new Date("2030-12-01T00:00:00Z");
const KOLKATA = 9001;
const LOS_ANGELES = 9002;

async function world() {
  const chain = await f.makeServedCreative();
  const aggregator = await db.aggregator.create({ data: { name: `Exchange ${chain.strategy.id}` } });
  return { ...chain, aggregator };
}

const facts = () => db.deliveryHourly.count();
const rollup = () => db.deliveryStrategyHourly.findMany({ orderBy: { hour: "asc" }, select: { hour: true, impressions: true, revenue: true, videoQ25: true, lossOutbid: true } });

async function refusalOf(promise: Promise<unknown>): Promise<{ message: string; problems: Record<string, string> }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(z.ZodError);
  const issues = (error as z.ZodError).issues;
  return {
    message: issues.find((i) => i.path.length === 0)?.message ?? "",
    problems: Object.fromEntries(issues.filter((i) => i.path.length).map((i) => [i.path.join("."), i.message])),
  };
}

test("a batch is applied, then replayed without doubling; the list metrics are the sums sent", async () => {
  const { ctx, strategy, creative, aggregator } = await world();
  const row = (hour: string, impressions: number, revenue: string, device = "PHONE") => ({
    hour, strategyId: strategy.id, creativeId: creative.id, aggregatorId: aggregator.id, country: "in", device,
    impressions, clicks: 3, bidsWon: impressions, lossOutbid: "7", videoQ25: 2, revenue, cost: "0.5",
  });
  const batch = { rows: [row("2030-11-01T10:00:00Z", 100, "1.234567"), row("2030-11-01T10:00:00Z", 50, "0.000001", "TABLET"), row("2030-11-01T11:00:00Z", 25, "2")] };

  expect(await ingestDelivery(ctx, batch, NOW)).toEqual({ rows: 3, inserted: 3, replaced: 0, strategyHours: 2 });
  const afterFirst = await rollup();
  expect(afterFirst.map((r) => [r.hour.toISOString(), Number(r.impressions), r.revenue.toString(), Number(r.videoQ25), Number(r.lossOutbid)])).toEqual([
    ["2030-11-01T10:00:00.000Z", 150, "1.234568", 4, 14],
    ["2030-11-01T11:00:00.000Z", 25, "2", 2, 7],
  ]);

  // The same batch again: every row replaced, nothing added, the rollup unchanged.
  expect(await ingestDelivery(ctx, batch, NOW)).toEqual({ rows: 3, inserted: 0, replaced: 3, strategyHours: 2 });
  expect(await facts()).toBe(3);
  expect(await rollup()).toEqual(afterFirst);

  // A corrected row replaces its old numbers in the facts and the rollup.
  await ingestDelivery(ctx, { rows: [row("2030-11-01T11:00:00Z", 40, "3")] }, NOW);
  const range = { from: "2030-11-01", to: "2030-11-01", timezoneId: 805 };
  await f.makeUtcTimezone();
  const metrics = (await metricsByEntity(ctx, { level: "strategy", ids: [strategy.id], range, metricIds: ["impressions", "clicks", "revenue"] })).get(strategy.id);
  expect(metrics).toEqual({ impressions: 190, clicks: 9, revenue: 1.234568 + 3 });
  expect(await rollupDrift()).toEqual([]);
});

/** Strategy-hours whose rollup row is not the exact sum of their facts, in any metric (none: []). */
async function rollupDrift() {
  const sums = ROLLUP_METRICS.map((c) => `sum(f."${c}")::text AS "${c}"`).join(", ");
  const kept = ROLLUP_METRICS.map((c) => `r."${c}"::text AS "${c}"`).join(", ");
  return t.handle.raw.query(`
    (SELECT f."strategyId", f."hour", ${sums} FROM "DeliveryHourly" f GROUP BY 1, 2
     EXCEPT SELECT r."strategyId", r."hour", ${kept} FROM "DeliveryStrategyHourly" r)
    UNION ALL
    (SELECT r."strategyId", r."hour", ${kept} FROM "DeliveryStrategyHourly" r
     EXCEPT SELECT f."strategyId", f."hour", ${sums} FROM "DeliveryHourly" f GROUP BY 1, 2)`);
}

test("batches over several chunks, replayed and corrected, keep every rollup row the sum of its facts", async () => {
  const { ctx, strategy, creative, aggregator } = await world();
  const other = await f.makeStrategy(await f.makeCampaign(await f.makeAdvertiser(ctx.licenseeId)));
  const otherCreative = await f.makeCreative((await db.advertiser.findUniqueOrThrow({ where: { id: other.advertiserId } })));
  // 12,000 rows: more than one chunk of the write (10,000), with strategy-hours in both
  // chunks. Unique keys by construction: 500 hours x 12 countries x 2 strategies.
  const countries = ["de", "fr", "in", "us", "gb", "es", "it", "nl", "pl", "se", "jp", "br"];
  const rows = Array.from({ length: 12_000 }, (_, i) => {
    const own = i < 6_000;
    return {
      hour: new Date(Date.UTC(2030, 10, 1) + (i % 500) * 3_600_000).toISOString(),
      strategyId: own ? strategy.id : other.id,
      creativeId: own ? creative.id : otherCreative.id,
      aggregatorId: aggregator.id,
      country: countries[Math.floor(i / 500) % countries.length],
      device: "PHONE",
      impressions: 1 + (i % 97), clicks: i % 5, videoQ25: i % 3, revenue: `${i % 11}.${String(i % 1000).padStart(3, "0")}`, cost: "0.25",
    };
  });
  expect(rows.length).toBeGreaterThan(10_000);
  await ingestDelivery(ctx, { rows }, NOW);
  expect(await rollupDrift()).toEqual([]);
  // Replayed whole, then a third of it corrected and sent again in another order.
  await ingestDelivery(ctx, { rows }, NOW);
  const corrected = rows.filter((_, i) => i % 3 === 1).reverse().map((r) => ({ ...r, impressions: r.impressions * 2, revenue: "0.5" }));
  expect(await ingestDelivery(ctx, { rows: corrected }, NOW)).toMatchObject({ inserted: 0, replaced: corrected.length });
  expect(await rollupDrift()).toEqual([]);
  const total = await db.deliveryStrategyHourly.aggregate({ _sum: { impressions: true } });
  const expected = rows.reduce((sum, r, i) => sum + (i % 3 === 1 ? r.impressions * 2 : r.impressions), 0);
  expect(Number(total._sum.impressions)).toBe(expected);
});

test("one bad row refuses the whole batch, each problem at its row and field, and nothing is written", async () => {
  const { ctx, strategy, creative } = await world();
  const other = await world();
  const good = { hour: "2030-11-01T10:00:00Z", strategyId: strategy.id, creativeId: creative.id, impressions: 1 };
  const before = await facts();

  const fields = await refusalOf(
    ingestDelivery(
      ctx,
      {
        rows: [
          good,
          { ...good, impressions: -1, hour: "2030-11-01T10:30:00Z" },
          { ...good, hour: "2030-11-01T12:00:00Z", revenue: "1.1234567", country: "IND", device: "WATCH", siteId: 1, appId: 2 },
          { ...good, hour: "2031-01-01T00:00:00Z" },
          good,
        ],
      },
      NOW,
    ),
  );
  expect(fields.message).toBe("4 of 5 rows were refused; nothing was written");
  expect(fields.problems).toMatchObject({
    "rows.2.impressions": M.count,
    "rows.2.hour": M.hour,
    "rows.3.revenue": M.amount,
    "rows.3.country": M.country,
    "rows.3.device": M.device,
    "rows.3.appId": M.siteOrApp,
    "rows.4.hour": M.hourRange,
  });
  expect(fields.problems["rows.5.row"]).toMatch(/^Repeats the row .* \(row 1\)$/);

  // Another licensee's strategy is unknown here; a creative of another advertiser does not go with the strategy.
  const otherAdvertiser = await f.makeAdvertiser(strategy.licenseeId);
  const foreignCreative = await f.makeCreative(otherAdvertiser);
  const refs = await refusalOf(
    ingestDelivery(ctx, { rows: [good, { ...good, strategyId: other.strategy.id, creativeId: other.creative.id }, { ...good, hour: "2030-11-01T11:00:00Z", creativeId: foreignCreative.id, aggregatorId: 999999 }] }, NOW),
  );
  expect(refs.problems).toEqual({
    "rows.2.strategyId": M.unknownStrategy,
    "rows.2.creativeId": M.unknownCreative,
    "rows.3.creativeId": M.creativeOfOtherAdvertiser,
    "rows.3.aggregatorId": M.unknownAggregator,
  });
  expect(await facts()).toBe(before);
  expect(await db.deliveryStrategyHourly.count()).toBe(0);
});

test("read-only and demo users are refused (403 through the API); an empty batch is a clear 400", async () => {
  const { strategy, creative, licensee } = await world();
  for (const role of ["RO", "DEMO"] as const) {
    // The key is made while the user may make one; a key then acts with the user's current role.
    const user = await f.makeUser(`${role.toLowerCase()}-${strategy.id}@t.test`, [{ licenseeId: licensee.id, role: "RW" }]);
    const key = (await createApiKey(scopeOf(await f.ctxFor(user.id, licensee.id)), { name: role, scope: "READ_WRITE" })).secret;
    await db.membership.updateMany({ where: { userId: user.id }, data: { role } });
    const answer = await callApi("POST", "/delivery", key, { rows: [{ hour: "2030-11-01T10:00:00Z", strategyId: strategy.id, creativeId: creative.id }] });
    expect(answer.status).toBe(403);
  }
  const { ctx } = await world();
  expect((await refusalOf(ingestDelivery(ctx, { rows: [] }, NOW))).problems).toEqual({ rows: M.empty });
  expect(await facts()).toBe(0);
});

describe("days are cut in the reader's timezone", () => {
  test("an hour starting 20:00 UTC on 1 March counts on 2 March in Asia/Kolkata and on 1 March in UTC", async () => {
    const { ctx, strategy, creative } = await world();
    await f.makeUtcTimezone();
    await db.timezone.create({ data: { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
    await ingestDelivery(ctx, { rows: [{ hour: "2030-03-01T20:00:00Z", strategyId: strategy.id, creativeId: creative.id, impressions: 5 }] }, NOW);
    const daily = async (timezoneId: number) =>
      (await metricsDaily(ctx, { level: "strategy", id: strategy.id, range: { from: "2030-03-01", to: "2030-03-02", timezoneId }, metricIds: ["impressions"] })).map((d) => [d.day, d.values.impressions]);
    expect(await daily(KOLKATA)).toEqual([["2030-03-01", 0], ["2030-03-02", 5]]);
    expect(await daily(805)).toEqual([["2030-03-01", 5], ["2030-03-02", 0]]);
  });

  test("America/Los_Angeles has a 23-hour day when daylight saving starts and a 25-hour day when it ends", async () => {
    const { ctx, strategy, creative } = await world();
    await db.timezone.create({ data: { id: LOS_ANGELES, name: "(GMT-08:00) America/Los_Angeles", ianaName: "America/Los_Angeles" } });
    const hours = (fromIso: string, count: number) => Array.from({ length: count }, (_, i) => new Date(Date.parse(fromIso) + i * 3_600_000).toISOString());
    const rows = [...hours("2030-03-09T00:00:00Z", 96), ...hours("2030-11-02T00:00:00Z", 96)].map((hour) => ({ hour, strategyId: strategy.id, creativeId: creative.id, impressions: 1 }));
    await ingestDelivery(ctx, { rows }, NOW);
    const daily = async (from: string, to: string) =>
      (await metricsDaily(ctx, { level: "strategy", id: strategy.id, range: { from, to, timezoneId: LOS_ANGELES }, metricIds: ["impressions"] })).map((d) => d.values.impressions);
    expect(await daily("2030-03-09", "2030-03-11")).toEqual([24, 23, 24]);
    expect(await daily("2030-11-02", "2030-11-04")).toEqual([24, 25, 24]);
  });
});

describe("POST /api/v1/delivery", () => {
  test("takes CSV (a header of the JSON field names) and JSON alike; refusals name the row and field", async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ["nextTick", "setImmediate", "setTimeout", "setInterval", "queueMicrotask"] });
    try {
      const { ctx, strategy, creative } = await world();
      const key = (await createApiKey(scopeOf(ctx), { name: "ad server", scope: "READ_WRITE" })).secret;
      const csv = [
        "hour,strategyId,creativeId,appId,country,device,impressions,clicks,videoStarts,videoQ25,revenue",
        `2030-11-01T10:00:00Z,${strategy.id},${creative.id},,IN,PHONE,100,4,80,60,1.250000`,
        `2030-11-01T11:00:00Z,${strategy.id},${creative.id},,IN,PHONE,50,,,,0.5`,
      ].join("\n");
      const answer = await callApi("POST", "/delivery", key, csv, "text/csv");
      expect([answer.status, (answer.body as { respObject: unknown }).respObject]).toEqual([200, { rows: 2, inserted: 2, replaced: 0, strategyHours: 2 }]);
      const json = await callApi("POST", "/delivery", key, { rows: [{ hour: "2030-11-01T10:00:00Z", strategyId: strategy.id, creativeId: creative.id, country: "IN", device: "PHONE", impressions: 100, clicks: 4, videoStarts: 80, videoQ25: 60, revenue: "1.25" }] });
      expect((json.body as { respObject: unknown }).respObject).toEqual({ rows: 1, inserted: 0, replaced: 1, strategyHours: 1 });

      const bad = await callApi("POST", "/delivery", key, `hour,strategyId,creativeId,impressions\n2030-11-01T10:00:00Z,${strategy.id},${creative.id},-3`, "text/csv");
      expect([bad.status, (bad.body as { error: { fieldErrors: unknown } }).error.fieldErrors]).toEqual([400, { "rows.1.impressions": M.count }]);
      const unreadable = await callApi("POST", "/delivery", key, 'hour,strategyId\n"2030-11-01T10:00:00Z,1', "text/csv");
      expect([unreadable.status, (unreadable.body as { error: { message: string } }).error.message]).toEqual([400, CSV_UNREADABLE]);
      expect(await facts()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
