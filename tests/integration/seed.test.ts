import { db } from "@/lib/db";
import { verifyPassword } from "@/lib/auth/password";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { runNotificationSweep } from "@/lib/notification-events/generate";
import { DEMO_PASSWORD, isDatabaseEmpty, seedDatabase } from "@/lib/seed";
import { parseStrategyInventory, parseStrategyTargeting } from "@/lib/strategies/schema";
import { createTestDatabase, useTestDatabase } from "../helpers/db";

const t = useTestDatabase();
// A month's seed, or every documented operation in turn: on a loaded two-core CI machine these took over 30 s.
jest.setTimeout(120_000);

// A fixed day keeps dates in assertions simple; the seed counts back from it.
const TODAY = new Date("2026-03-15T09:30:00Z");
const MIDNIGHT = new Date("2026-03-15T00:00:00Z");

async function one<T>(sql: string, params?: unknown[]): Promise<T> {
  const rows = await t.handle.raw.query<T>(sql, params);
  return rows[0];
}

test("an empty database is reported empty, a seeded one is not; a second seed is refused or skipped", async () => {
  expect(await isDatabaseEmpty(t.handle)).toBe(true);
  const summary = await seedDatabase(t.handle, { days: 1, today: TODAY });
  expect(summary.skipped).toBe(false);
  expect(await isDatabaseEmpty(t.handle)).toBe(false);

  const again = await seedDatabase(t.handle, { days: 1, today: TODAY, ifEmpty: true });
  expect(again.skipped).toBe(true);
  await expect(seedDatabase(t.handle, { days: 1, today: TODAY })).rejects.toThrow(/already has data/);
  expect(await db.licensee.count()).toBe(2);
});

test("the seeded inbox already holds what the periodic notification sweep finds, so it does not jump after start", async () => {
  // 30 days: long enough for a strategy to spend its lifetime budget (the delivery stops there).
  await seedDatabase(t.handle, { days: 30, today: TODAY });
  const sweepNotifications = await db.notification.count({
    where: { OR: [{ dedupeKey: { contains: "-ended:" } }, { dedupeKey: { contains: "-budget-spent:" } }] },
  });
  expect(sweepNotifications).toBeGreaterThan(0);
  expect(await runNotificationSweep(new Date("2026-03-15T12:05:00Z"), db)).toEqual({ created: 0 });

  // Two demo optimization rules per licensee, run once at seed time: each run
  // is in the rule's activity and in the inbox of the licensee's RW members.
  const rules = await db.optimizationRule.findMany();
  expect(rules).toHaveLength(4);
  expect(rules.every((r) => r.state === "STOPPED" && r.lastRunAt?.toISOString() === "2026-03-15T12:00:00.000Z")).toBe(true);
  const runNotes = await db.notification.findMany({ where: { content: { startsWith: "Optimization rule run finished" }, user: { email: "rw@acme.test" } } });
  expect(runNotes).toHaveLength(2);
  expect(await db.ruleAuditLog.count()).toBeGreaterThan(0);
});

test("licensees, themes, demo users with their roles, memberships and password", async () => {
  await seedDatabase(t.handle, { days: 1, today: TODAY });

  const licensees = await db.licensee.findMany({ include: { theme: true }, orderBy: { id: "asc" } });
  expect(licensees.map((l) => [l.name, l.currencyCode, l.theme?.subDomain, l.theme?.palette, l.theme?.oidcClient])).toEqual([
    ["Default Media", "USD", "default", 1, "GOOGLE"],
    ["Acme Agency", "EUR", "acme", 3, "OKTA"],
  ]);
  expect(licensees[1].theme).toMatchObject({ oidcClientId: "acme-okta-client", oidcIssuer: "http://127.0.0.1:4011", logoLg: "/brand/acme-logo.svg" });

  const users = await db.user.findMany({ include: { memberships: { include: { licensee: true } }, settings: true }, orderBy: { email: "asc" } });
  const view = Object.fromEntries(
    users.map((u) => [
      u.email,
      {
        name: u.name,
        twoFactor: u.twoFactorEnabled,
        tz: u.settings?.timezoneId,
        memberships: u.memberships
          .map((m) => `${m.licensee.name}:${m.role}${m.isDefault ? ":default" : ""}${m.canSwitch ? ":switch" : ""}`)
          .sort(),
      },
    ]),
  );
  expect(view).toEqual({
    "rw@default.test": { name: "Riley Writer", twoFactor: false, tz: 805, memberships: ["Acme Agency:RW:switch", "Default Media:RW:default:switch"] },
    "ro@default.test": { name: "Robin Reader", twoFactor: false, tz: 805, memberships: ["Default Media:RO:default"] },
    "demo@default.test": { name: "Dana Demo", twoFactor: false, tz: 805, memberships: ["Default Media:DEMO:default"] },
    "otp@default.test": { name: "Otto Twofactor", twoFactor: true, tz: 805, memberships: ["Default Media:RW:default"] },
    "rw@acme.test": { name: "Ada Acme", twoFactor: false, tz: 805, memberships: ["Acme Agency:RW:default"] },
  });
  expect(DEMO_PASSWORD).toBe("Demo@12345");
  for (const u of users) expect(await verifyPassword("Demo@12345", u.passwordHash)).toBe(true);
  expect(await verifyPassword("wrong-password", users[0].passwordHash)).toBe(false);

  expect(await db.timezone.findUnique({ where: { id: 805 } })).toEqual({ id: 805, name: "(GMT+00:00) UTC", ianaName: "UTC" });
  expect(await db.preferencePreset.count({ where: { userId: null, licenseeId: null, custom: false } })).toBeGreaterThanOrEqual(3);
  expect(await db.notification.count({ where: { user: { email: "rw@default.test" } } })).toBeGreaterThan(3);
  expect(await db.activityLogField.count()).toBeGreaterThan(3);
  // Exchange reviews of demo creatives: some approved, some rejected (the review column, filter and strategy warning show them).
  expect(await db.creativeReview.count({ where: { status: "APPROVED" } })).toBeGreaterThan(0);
  expect(await db.creativeReview.count({ where: { status: "REJECTED", reason: { not: null } } })).toBeGreaterThan(0);
});

test("three advertisers per licensee with pixels, campaigns, strategies, creatives and audiences", async () => {
  await seedDatabase(t.handle, { days: 1, today: TODAY });
  for (const licensee of await db.licensee.findMany()) {
    const advertisers = await db.advertiser.findMany({ where: { licenseeId: licensee.id } });
    expect(advertisers).toHaveLength(3);
    expect(advertisers.filter((a) => !a.active)).toHaveLength(1);
    expect(advertisers.every((a) => a.currencyCode === licensee.currencyCode)).toBe(true);
    for (const a of advertisers) {
      expect(await db.pixel.count({ where: { advertiserId: a.id } })).toBe(2);
      expect(await db.clickDestination.count({ where: { advertiserId: a.id } })).toBe(2);
      expect(await db.campaign.count({ where: { advertiserId: a.id } })).toBe(2);
      expect(await db.creativeSet.count({ where: { advertiserId: a.id } })).toBe(2);
      expect(await db.advertiserSetting.count({ where: { advertiserId: a.id, key: { not: "IS_DMP_ACCESS" } } })).toBe(4);
      expect(await db.appSetting.count({ where: { advertiserId: a.id, key: "DEFAULT_LOGO" } })).toBe(1);
    }
    // One advertiser has partner-data (DMP) access (lib/audiences/dmp).
    expect(await db.advertiserSetting.count({ where: { licenseeId: licensee.id, key: "IS_DMP_ACCESS", value: "true" } })).toBe(1);
    expect(await db.campaign.count({ where: { licenseeId: licensee.id, active: false } })).toBeGreaterThan(0);
    expect(await db.audience.count({ where: { licenseeId: licensee.id, source: "LOOK_ALIKE", lookAlikeStatus: "LIVE" } })).toBe(1);
  }
  // Every demo set and creative has the click destination business.md 5 requires (none needs the migration report).
  expect(await db.creativeSet.count({ where: { clickDestinationId: null } })).toBe(0);
  expect(await db.creative.count({ where: { clickDestinationId: null } })).toBe(0);
  const strategies = await db.strategy.findMany({ include: { creatives: true, creativeSets: true, pixels: true } });
  expect(strategies.length).toBeGreaterThanOrEqual(24);
  expect(strategies.some((s) => s.type === "CTV_OTT")).toBe(true);
  expect(strategies.every((s) => s.creatives.length > 0 && s.creativeSets.length === 1 && s.pixels.length > 0)).toBe(true);
  // The JSON columns hold the shapes lib/strategies/schema.ts describes, with
  // real choices in them (not just the "all" default).
  for (const s of strategies) {
    expect(() => parseStrategyInventory(s.inventory)).not.toThrow();
    expect(() => parseStrategyTargeting(s.targeting)).not.toThrow();
    // Every strategy targets some exchanges, but one buys on all of them (the blocking dialog's demo, lib/seed/blueprints.ts allExchanges).
    if (s.name !== "Display - Lifestyle") expect(parseStrategyInventory(s.inventory).rtbAggregators?.targetList.length).toBeGreaterThan(0);
    expect(parseStrategyTargeting(s.targeting).targetGeographies?.country.targetList.length).toBeGreaterThan(0);
  }
  // Money is stored exactly as written.
  const campaign = await db.campaign.findFirstOrThrow({ where: { name: "UrbanCart - Website Sales" } });
  expect(campaign.pricingValue.toFixed(2)).toBe("12.50");
  expect(await db.campaign.count({ where: { lifetimeBudget: null } })).toBeGreaterThan(0);
  expect(await db.campaign.count({ where: { endTime: null } })).toBeGreaterThan(0);
  // The demo A/B experiment (lib/seed/experiments.ts): two arms of one campaign, their strategies out of the ordinary lists.
  const experiment = await db.experiment.findFirstOrThrow({ include: { arms: { include: { strategy: true } } } });
  expect([experiment.status, experiment.arms.map((a) => [a.strategy.name, a.trafficPercent, a.strategy.campaignId === experiment.campaignId])]).toEqual([
    "RUNNING",
    [["Web - Cart abandoners", 50, true], ["Mobile web - Deals", 50, true]],
  ]);
  expect(await db.strategy.count({ where: { isAbTestStrategy: true } })).toBe(2);
});

test("a few days of delivery: every day covered, funnel ordered, revenue above cost, rollup equal to the facts", async () => {
  const summary = await seedDatabase(t.handle, { days: 3, today: TODAY });
  expect(summary).toMatchObject({ days: 3, from: "2026-03-12T00:00:00.000Z", to: MIDNIGHT.toISOString() });
  expect(summary.deliveryRows).toBeGreaterThan(0);
  expect(summary.rollupRows).toBe(Number((await one<{ n: string }>(`SELECT count(*)::text AS n FROM "DeliveryStrategyHourly"`)).n));

  const span = await one<{ days: number; first: Date; last: Date }>(
    `SELECT count(DISTINCT ("hour" AT TIME ZONE 'UTC')::date)::int AS days, min("hour") AS first, max("hour") AS last FROM "DeliveryHourly"`,
  );
  expect(span.days).toBe(3);
  expect(new Date(span.first).toISOString()).toBe("2026-03-12T00:00:00.000Z");
  expect(new Date(span.last).toISOString()).toBe(new Date(MIDNIGHT.getTime() - 3_600_000).toISOString());

  const totals = await one<Record<string, boolean>>(`
    SELECT sum(revenue) > sum(cost) AND sum(cost) > 0 AS "marginPositive",
           sum("eligibleBids") > sum("bidsPlaced") AND sum("bidsPlaced") > sum(impressions) AS "bidFunnel",
           sum(impressions) > sum(clicks) AND sum(clicks) > 0 AND sum(installs) > 0 AND sum(conversions) > 0 AS "outcomeFunnel",
           sum("impressionUniqUsers") < sum(impressions) AND sum("clickUniqUsers") <= sum(clicks) AS "uniquesBelowTotals",
           -- Simulated facts (source ''); credited pixel conversions carry no site or app.
           bool_and(("siteId" IS NULL) <> ("appId" IS NULL)) FILTER (WHERE source = '') AS "siteOrApp",
           sum("advRevenue") > sum(revenue) AS "roiAboveOne"
    FROM "DeliveryHourly"`);
  expect(totals).toEqual({ marginPositive: true, bidFunnel: true, outcomeFunnel: true, uniquesBelowTotals: true, siteOrApp: true, roiAboveOne: true });

  const facts = await one<{ n: string; imps: string; rev: string; cost: string }>(
    `SELECT count(DISTINCT ("strategyId", "hour"))::text AS n, sum(impressions)::text AS imps, sum(revenue)::text AS rev, sum(cost)::text AS cost FROM "DeliveryHourly"`,
  );
  const rollup = await one<{ n: string; imps: string; rev: string; cost: string }>(
    `SELECT count(*)::text AS n, sum(impressions)::text AS imps, sum(revenue)::text AS rev, sum(cost)::text AS cost FROM "DeliveryStrategyHourly"`,
  );
  expect(rollup).toEqual(facts);

  // Demo pixel fires credited to the seeded ads: kept by pixel as in delivery.
  const pixel = await one<{ byPixel: string; inDelivery: string }>(
    `SELECT (SELECT sum(conversions) FROM "PixelConversionHourly")::text AS "byPixel",
            (SELECT sum(conversions) FROM "DeliveryHourly" WHERE source = 'pixel')::text AS "inDelivery"`,
  );
  expect(Number(pixel.byPixel)).toBeGreaterThan(0);
  expect(pixel.inDelivery).toBe(pixel.byPixel);

  // Inactive strategies stopped before the window have no delivery in it.
  const stopped = await one<{ n: string }>(
    `SELECT count(*)::text AS n FROM "DeliveryHourly" d JOIN "Advertiser" a ON a.id = d."advertiserId" WHERE NOT a.active`,
  );
  expect(stopped.n).toBe("0");
});

test("refreshing the rollup for one day and licensee rebuilds only that slice", async () => {
  await seedDatabase(t.handle, { days: 2, today: TODAY });
  const before = await one<{ n: string; rev: string }>(`SELECT count(*)::text AS n, sum(revenue)::text AS rev FROM "DeliveryStrategyHourly"`);
  await t.handle.raw.exec(`DELETE FROM "DeliveryStrategyHourly"`);
  const day = { licenseeId: 1, from: new Date("2026-03-14T00:00:00Z"), to: MIDNIGHT };
  await refreshStrategyRollup(t.handle.raw, day);
  const slice = await one<{ n: string; other: string }>(
    `SELECT count(*)::text AS n, count(*) FILTER (WHERE "licenseeId" <> 1 OR "hour" < '2026-03-14T00:00:00Z')::text AS other FROM "DeliveryStrategyHourly"`,
  );
  expect(Number(slice.n)).toBeGreaterThan(0);
  expect(slice.other).toBe("0");
  await refreshStrategyRollup(t.handle.raw, day); // idempotent
  expect((await one<{ n: string }>(`SELECT count(*)::text AS n FROM "DeliveryStrategyHourly"`)).n).toBe(slice.n);
  await refreshStrategyRollup(t.handle.raw);
  expect(await one(`SELECT count(*)::text AS n, sum(revenue)::text AS rev FROM "DeliveryStrategyHourly"`)).toEqual(before);
});

test("two fresh databases seeded for the same day hold identical data", async () => {
  const other = await createTestDatabase();
  try {
    // One day: delivery, pixel fires and events all take part; more days only repeat the same code.
    await seedDatabase(t.handle, { days: 1, today: TODAY });
    await seedDatabase(other, { days: 1, today: TODAY });
    const fingerprint = async (raw: typeof t.handle.raw) => ({
      advertisers: (await raw.query<{ name: string }>(`SELECT name FROM "Advertiser" ORDER BY id`)).map((r) => r.name),
      campaigns: await raw.query(`SELECT id, name, "lifetimeBudget"::text, "dailyBudget"::text, "pricingValue"::text FROM "Campaign" ORDER BY id`),
      strategies: await raw.query(`SELECT id, name, "bidCapMax"::text, "pacingTypeId", inventory, targeting FROM "Strategy" ORDER BY id`),
      delivery: await raw.query(
        `SELECT count(*)::text AS n, sum(impressions)::text AS imps, sum(clicks)::text AS clicks, sum(revenue)::text AS rev, sum("advRevenue")::text AS adv FROM "DeliveryHourly"`,
      ),
    });
    const a = await fingerprint(t.handle.raw);
    expect(a.advertisers).toHaveLength(6);
    expect(await fingerprint(other.raw)).toEqual(a);
  } finally {
    await other.close();
  }
});
