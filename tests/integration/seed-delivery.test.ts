// The demo seed's delivery comes from the simulator (lib/delivery/simulate.ts)
// through ingestion's write path: it keeps each strategy's schedule, stop time,
// pricing, budgets, inventory and creatives, and `npm run simulate` over the
// same hours (lib/delivery/simulate-run.ts, through the ingestion API's
// module) replaces the seeded rows instead of adding to them.
import { db } from "@/lib/db";
import { DEFAULT_SIMULATION_SEED } from "@/lib/delivery/simulate";
import { simulateLicensee } from "@/lib/delivery/simulate-run";
import { seedDatabase } from "@/lib/seed";
import { useTestDatabase } from "../helpers/db";
import { ctxFor } from "../helpers/factories";

const t = useTestDatabase();

const TODAY = new Date("2026-03-15T09:30:00Z");
const MIDNIGHT = new Date("2026-03-15T00:00:00Z");
const DAY_MS = 86_400_000;

async function rows<T>(sql: string): Promise<T[]> {
  return t.handle.raw.query<T>(sql);
}

test("the seeded delivery keeps each strategy's schedule, stop time, pricing, budgets, inventory and creatives", async () => {
  const foreignKeys = () => rows(`SELECT conname::text, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = '"DeliveryHourly"'::regclass AND contype = 'f' ORDER BY 1`);
  const keysBefore = await foreignKeys();
  await seedDatabase(t.handle, { days: 14, today: TODAY });
  expect(await foreignKeys()).toEqual(keysBefore); // checked once for the whole load, and back

  // Nothing outside the schedule; paused strategies stop at their stop time (blueprints: 12 and 8 days ago).
  expect(await rows(`SELECT d.id FROM "DeliveryHourly" d JOIN "Strategy" s ON s.id = d."strategyId" WHERE d.hour < s."startTime" OR d.hour >= s."endTime"`)).toEqual([]);
  const lastHour = async (name: string) =>
    (await db.deliveryHourly.aggregate({ where: { strategy: { name } }, _max: { hour: true } }))._max.hour?.toISOString();
  expect(await lastHour("Android - Broad reach")).toBe(new Date(MIDNIGHT.getTime() - 12 * DAY_MS - 3_600_000).toISOString());
  expect(await lastHour("Web - Visitors 14 days")).toBe(new Date(MIDNIGHT.getTime() - 8 * DAY_MS - 3_600_000).toISOString());
  expect(await lastHour("Android - US - Tier 1")).toBe("2026-03-14T23:00:00.000Z");

  // CPM: Adv Spend is impressions x price / 1000 (an hour cut by a budget buys what the budget pays for).
  const cpm = await rows<{ n: string; off: string }>(`
    SELECT count(*)::text AS n, count(*) FILTER (WHERE abs(d.revenue - d.impressions * s."pricingValue" / 1000) >= s."pricingValue" / 1000)::text AS off
    FROM "DeliveryHourly" d JOIN "Strategy" s ON s.id = d."strategyId" WHERE s."pricingType" = 'CPM'`);
  expect(Number(cpm[0].n)).toBeGreaterThan(0);
  expect(cpm[0].off).toBe("0");
  const cpi = await rows<{ off: string }>(`
    SELECT count(*) FILTER (WHERE d.revenue > d.installs * s."pricingValue")::text AS off
    FROM "DeliveryHourly" d JOIN "Strategy" s ON s.id = d."strategyId" WHERE s."pricingType" = 'CPI'`);
  expect(cpi[0].off).toBe("0");

  // Budgets: lifetime (strategy, campaign) and daily advertiser spend budgets (per UTC day) are reached at
  // most: exactly when priced per impression, by the outcomes of the last impression when priced per outcome.
  const over = (budget: string) => `sum(d.revenue) >= min(${budget}) + CASE WHEN min(s."pricingType"::text) IN ('CPC', 'CPI', 'CPA') THEN 2 * min(s."pricingValue") ELSE 0.000001 END`;
  const strategyDay = `GROUP BY s.id, (d.hour AT TIME ZONE 'UTC')::date`;
  expect(await rows(`SELECT s.id FROM "Strategy" s JOIN "DeliveryHourly" d ON d."strategyId" = s.id GROUP BY s.id HAVING ${over(`s."budgetValue"`)}`)).toEqual([]);
  expect(await rows(`SELECT s.id FROM "Strategy" s JOIN "DeliveryHourly" d ON d."strategyId" = s.id ${strategyDay} HAVING ${over(`s."dailyAdvSpendBudget"`)}`)).toEqual([]);
  const campaign = (group: string, budget: string) =>
    rows(`SELECT c.id FROM "Campaign" c JOIN "DeliveryHourly" d ON d."campaignId" = c.id GROUP BY ${group} HAVING sum(d.revenue) >= min(${budget}) + CASE WHEN min(c."pricingType"::text) IN ('CPC', 'CPI', 'CPA') THEN 2.3 * min(c."pricingValue") ELSE 0.000001 END`); // strategies price within 15% of their campaign
  expect(await campaign("c.id", `c."lifetimeBudget"`)).toEqual([]);
  expect(await campaign(`c.id, (d.hour AT TIME ZONE 'UTC')::date`, `c."dailyAdvSpendBudget"`)).toEqual([]);

  // Creatives are the strategy's own; CTV runs on CTV devices with video quartiles, banners have none;
  // app strategies deliver on apps of their platform, web strategies on sites (the simulated facts,
  // source '': credited pixel conversions carry no device, site or app).
  expect(await rows(`SELECT d.id FROM "DeliveryHourly" d LEFT JOIN "StrategyCreative" sc ON sc."strategyId" = d."strategyId" AND sc."creativeId" = d."creativeId" WHERE sc."creativeId" IS NULL`)).toEqual([]);
  const kinds = await rows<{ kind: string; rows: string; video: boolean; devices: string }>(`
    SELECT CASE WHEN s.type = 'CTV_OTT' THEN 'ctv' WHEN c.type::text LIKE '%VIDEO%' THEN 'video' ELSE 'banner' END AS kind,
           count(*)::text AS rows, sum(d."videoStarts") > 0 AS video,
           string_agg(DISTINCT d.device, ',' ORDER BY d.device) AS devices
    FROM "DeliveryHourly" d JOIN "Strategy" s ON s.id = d."strategyId" JOIN "Creative" c ON c.id = d."creativeId" WHERE d.source = '' GROUP BY 1 ORDER BY 1`);
  expect(kinds.map((k) => [k.kind, k.video])).toEqual([["banner", false], ["ctv", true], ["video", true]]);
  expect(kinds.find((k) => k.kind === "ctv")!.devices).toBe("CTV");
  expect((await rows<{ n: string }>(`SELECT count(*)::text AS n FROM "DeliveryHourly" d JOIN "Creative" c ON c.id = d."creativeId" WHERE c.type::text NOT LIKE '%VIDEO%' AND d."videoStarts" > 0`))[0].n).toBe("0");
  const platforms = await rows<{ os: string; placed: string }>(`
    SELECT s.targeting #>> '{targetMobileDevices,targetOperatingSystems,0}' AS os,
           string_agg(DISTINCT CASE WHEN d."appId" IS NOT NULL THEN a.platform::text ELSE 'SITE' END, ',') AS placed
    FROM "DeliveryHourly" d JOIN "Strategy" s ON s.id = d."strategyId" LEFT JOIN "InventoryApp" a ON a.id = d."appId"
    WHERE s.type <> 'CTV_OTT' AND d.source = '' GROUP BY 1 ORDER BY 1 NULLS LAST`);
  expect(platforms).toEqual([{ os: "Android", placed: "ANDROID" }, { os: "iOS", placed: "IOS" }, { os: null, placed: "SITE" }]);
}, 120_000);

test("npm run simulate over the seeded hours replaces them: totals unchanged, only today's new hours added", async () => {
  await seedDatabase(t.handle, { days: 3, today: TODAY });
  const totals = () =>
    rows<{ licenseeId: number; n: string; imps: string; revenue: string; rollup: string }>(`
      SELECT d."licenseeId", count(*)::text AS n, sum(d.impressions)::text AS imps, sum(d.revenue)::text AS revenue,
             (SELECT sum(r.revenue)::text FROM "DeliveryStrategyHourly" r WHERE r."licenseeId" = d."licenseeId" AND r.hour < '${MIDNIGHT.toISOString()}') AS rollup
      FROM "DeliveryHourly" d WHERE d.hour < '${MIDNIGHT.toISOString()}' GROUP BY 1 ORDER BY 1`);
  const before = await totals();
  expect(before).toHaveLength(2);

  for (const email of ["rw@default.test", "rw@acme.test"]) {
    const user = await db.user.findUniqueOrThrow({ where: { email }, include: { memberships: { where: { isDefault: true } } } });
    const run = await simulateLicensee(await ctxFor(user.id, user.memberships[0].licenseeId), { days: 3, strategies: 50, seed: DEFAULT_SIMULATION_SEED, now: TODAY });
    const rowsSent = run.batches.reduce((n, b) => n + b.rows, 0);
    const replaced = run.batches.reduce((n, b) => n + b.replaced, 0);
    expect(replaced).toBeGreaterThan(0);
    expect(rowsSent - replaced).toBeGreaterThan(0); // today's hours up to 09:00
  }
  expect(await totals()).toEqual(before);
  const today = await rows<{ first: Date; last: Date }>(`SELECT min(hour) AS first, max(hour) AS last FROM "DeliveryHourly" WHERE hour >= '${MIDNIGHT.toISOString()}'`);
  expect([new Date(today[0].first).toISOString(), new Date(today[0].last).toISOString()]).toEqual(["2026-03-15T00:00:00.000Z", "2026-03-15T08:00:00.000Z"]);

  // Another seed replaces the same rows with other numbers: no row is added to the seeded hours.
  const user = await db.user.findUniqueOrThrow({ where: { email: "rw@acme.test" }, include: { memberships: true } });
  await simulateLicensee(await ctxFor(user.id, user.memberships[0].licenseeId), { days: 3, strategies: 50, seed: 99, now: TODAY });
  const after = await totals();
  expect(after.map((r) => r.n)).toEqual(before.map((r) => r.n));
  expect(after[1].imps).not.toBe(before[1].imps);
  expect(after[1].rollup).toBe(after[1].revenue);
}, 120_000);
