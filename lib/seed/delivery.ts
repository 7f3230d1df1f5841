// Hourly delivery facts, generated inside the database: one INSERT ... SELECT
// over generate_series for all strategies. Node only decides each strategy's
// rates (seeded PRNG); the per-hour noise is a hash of (strategy id, UTC hour
// number), so a given calendar hour always gets the same numbers and nothing
// depends on the order PostgreSQL happens to produce rows in. Money is
// rounded to NUMERIC(18,6) in SQL, so every stored amount is an exact decimal.
import type { RawSql } from "../db/connect";
import type { Dictionaries } from "./dictionaries";
import { timezoneOffset } from "./dictionaries";
import type { SeededStrategy } from "./entities";
import type { Rng } from "../random";

export interface DeliverySpec {
  sid: number;
  lid: number;
  aid: number;
  cid: number;
  startAt: string;
  stopAt: string | null;
  /** Mean impressions per day before shape and noise. */
  imps: number;
  ctr: number;
  /** Installs per click. */
  installRate: number;
  /** Conversions per click. */
  convRate: number;
  /** View-through conversions per impression. */
  viewConvRate: number;
  /** App opens per click (engagement). */
  openRate: number;
  /** Share of app opens that are re-engagements. */
  reEngageShare: number;
  /** Advertiser spend per thousand impressions. */
  cpm: string;
  /** Share of advertiser spend kept as margin (cost = revenue x (1 - margin)). */
  margin: string;
  /** Advertiser's own revenue per install or conversion (ROI). */
  outcomeValue: string;
  winRate: number;
  bidRate: number;
  /** Probability an hour's row is a website rather than an app. */
  webShare: number;
  weekend: number;
  /** UTC hour of the daily peak (evening in the advertiser's timezone). */
  peak: number;
  skan: boolean;
  creatives: number[];
  sites: number[];
  apps: number[];
}

export function deliverySpecs(rng: Rng, strategies: SeededStrategy[], dict: Dictionaries): DeliverySpec[] {
  return strategies.map((s) => {
    const ctv = s.channel === "CTV";
    const installs = s.objective === "MOBILE_APP_INSTALLS";
    const engagement = s.objective === "MOBILE_APP_ENGAGEMENT";
    const appChannel = s.channel === "ANDROID" || s.channel === "IOS";
    const ctr = ctv ? rng.range(0.002, 0.004, 5) : rng.range(0.005, 0.02, 5);
    const installRate = installs ? rng.range(0.08, 0.2) : engagement ? rng.range(0.005, 0.02) : appChannel ? 0.01 : 0;
    const convRate =
      s.objective === "WEBSITE" ? rng.range(0.03, 0.08) : engagement ? rng.range(0.05, 0.12) : installs ? rng.range(0.02, 0.05) : rng.range(0.002, 0.01);
    const viewConvRate = rng.range(0.00002, 0.0001, 6);
    const cpm = ctv ? rng.range(18, 28, 2) : rng.range(2.5, 9, 2);
    const roas = rng.range(1.3, 3.2, 2);
    // Value per outcome chosen so the advertiser's ROI lands near `roas`.
    const outcomesPerImp = ctr * (installRate + convRate) + viewConvRate;
    const apps = ctv
      ? rng.sample([...dict.androidAppIds, ...dict.iosAppIds], 6)
      : s.channel === "ANDROID"
        ? rng.sample(dict.androidAppIds, 8)
        : s.channel === "IOS"
          ? rng.sample(dict.iosAppIds, 8)
          : rng.sample([...dict.androidAppIds, ...dict.iosAppIds], 4);
    return {
      sid: s.id,
      lid: s.licenseeId,
      aid: s.advertiserId,
      cid: s.campaignId,
      startAt: s.startAt.toISOString(),
      stopAt: s.stopAt ? s.stopAt.toISOString() : null,
      // Sized so 90 days of spend roughly fits the campaigns' lifetime budgets.
      imps: ctv ? rng.int(3_000, 9_000) : s.channel === "WEB" ? rng.int(12_000, 45_000) : rng.int(15_000, 60_000),
      ctr,
      installRate,
      convRate,
      viewConvRate,
      openRate: engagement ? rng.range(0.3, 0.5) : appChannel ? 0.02 : 0,
      reEngageShare: engagement ? 0.6 : 0,
      cpm: cpm.toFixed(2),
      margin: rng.range(0.18, 0.38, 2).toFixed(2),
      outcomeValue: ((roas * cpm) / 1000 / outcomesPerImp).toFixed(2),
      winRate: rng.range(0.12, 0.35),
      bidRate: rng.range(0.35, 0.6),
      webShare: s.channel === "WEB" ? 0.9 : ctv ? 0 : 0.08,
      weekend: s.advertiser.weekend,
      peak: Math.round((20 - timezoneOffset(s.advertiser.timezoneId) + 48) % 24),
      skan: s.skad,
      creatives: s.creativeIds,
      sites: ctv ? [] : rng.sample(dict.siteIds, 6),
      apps,
    };
  });
}

const COLUMNS = `"hour", "licenseeId", "advertiserId", "campaignId", "strategyId", "creativeId", "siteId", "appId",
  "eligibleBids", "bidsPlaced", "impressions", "clicks", "invalidClicks", "installs", "appOpens", "reEngagements", "reInstalls",
  "conversions", "clickConversions", "viewConversions", "skanViewInstalls", "skanClickInstalls",
  "eligibleUniqUsers", "impressionUniqUsers", "clickUniqUsers", "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers",
  "userReach", "totalUU", "dailyUU", "revenue", "cost", "advRevenue"`;

// Uniform in [0,1) number k of a strategy-hour. hashint8extended is the hash
// behind hash partitioning, so PostgreSQL keeps it stable across versions and
// platforms (PGlite gives the same values as a server); it is also ~8x faster
// than slicing md5 digests.
const u = (k: number, key = "hn") => `((hashint8extended(${key}, s.sid * 64 + ${k}) & 4503599627370495)::float8 / 4503599627370496.0)`;

// Each LATERAL (... OFFSET 0) step is evaluated once per row and then
// referenced by name: without the OFFSET 0 fence the planner inlines the
// steps and recomputes impressions in every expression that uses them.
// The daily curve 0.35 + 1.75 * cos^4(θ/2) averages ~1.0 over a day and peaks at "peak".
// Arguments are SQL literals (the statement runs through exec, which takes no parameters).
const insertSql = (specs: string, first: string, last: string) => `
INSERT INTO "DeliveryHourly" (${COLUMNS})
SELECT g.h, s.lid, s.aid, s.cid, s.sid,
  s.creatives[1 + floor(r.u4 * cardinality(s.creatives))::int],
  CASE WHEN o.web THEN s.sites[1 + floor(r.u5 * cardinality(s.sites))::int] END,
  CASE WHEN NOT o.web THEN s.apps[1 + floor(r.u6 * cardinality(s.apps))::int] END,
  e.eb, f.bp, i.impressions, c.clicks,
  floor(c.clicks * 0.04 * r.u8)::bigint,
  o.installs, f.opens,
  floor(f.opens * s."reEngageShare" + r.u9)::bigint,
  floor(o.installs * 0.06 + r.u10)::bigint,
  o.cc + o.vc, o.cc, o.vc,
  CASE WHEN s.skan THEN floor(o.installs * 0.08 + r.u11)::bigint ELSE 0 END,
  CASE WHEN s.skan THEN floor(o.installs * 0.3 + r.u12)::bigint ELSE 0 END,
  floor(e.eb * 0.32)::bigint,
  f.iu,
  c.clicks - floor(c.clicks * 0.08)::bigint,
  o.installs - floor(o.installs * 0.03)::bigint,
  (o.cc + o.vc) - floor((o.cc + o.vc) * 0.15)::bigint,
  f.opens - floor(f.opens * 0.35)::bigint,
  floor(f.iu * 0.93)::bigint,
  floor(e.eb * 0.32 * 0.6)::bigint,
  floor(f.iu * 0.85)::bigint,
  f.rev,
  round(f.rev * (1 - s.margin), 6),
  round((o.installs + o.cc + o.vc) * s."outcomeValue" * (0.6 + 0.8 * r.u2)::numeric, 6)
FROM jsonb_to_recordset(${specs}::jsonb) AS s(
    sid int, lid int, aid int, cid int, "startAt" timestamptz, "stopAt" timestamptz,
    imps float8, ctr float8, "installRate" float8, "convRate" float8, "viewConvRate" float8, "openRate" float8,
    "reEngageShare" float8, cpm numeric, margin numeric, "outcomeValue" numeric, "winRate" float8, "bidRate" float8,
    "webShare" float8, weekend float8, peak int, skan boolean, creatives int[], sites int[], apps int[])
CROSS JOIN generate_series(${first}::timestamptz, ${last}::timestamptz, interval '1 hour') AS g(h)
CROSS JOIN LATERAL (SELECT extract(epoch FROM g.h)::bigint / 3600 AS hn OFFSET 0) t
CROSS JOIN LATERAL (SELECT ${Array.from({ length: 12 }, (_, k) => `${u(k + 1)} AS u${k + 1}`).join(", ")},
    ${u(0, "t.hn / 24")} AS d1,
    (t.hn % 24)::int AS hod,
    -- ISO weekday from the day number: 1970-01-01 was a Thursday (4).
    ((t.hn / 24 + 3) % 7 + 1)::int AS dow,
    (t.hn / 24)::float8 AS dn
  OFFSET 0) r
CROSS JOIN LATERAL (SELECT floor(
      s.imps / 24.0
      * (0.35 + 1.75 * power(0.5 + 0.5 * cos(2 * pi() * (r.hod - s.peak) / 24.0), 2))
      * CASE WHEN r.dow >= 6 THEN s.weekend ELSE 1 END
      * (1 + 0.12 * sin(2 * pi() * r.dn / 41.0 + s.sid))
      * (0.8 + 0.4 * r.d1)
      * (0.85 + 0.3 * r.u1)
      + r.u2)::bigint AS impressions
  OFFSET 0) i
CROSS JOIN LATERAL (SELECT floor(i.impressions * s.ctr * (0.8 + 0.4 * r.u3) + r.u4)::bigint AS clicks OFFSET 0) c
CROSS JOIN LATERAL (SELECT
    floor(c.clicks * s."installRate" * (0.7 + 0.6 * r.u5) + r.u6)::bigint AS installs,
    floor(c.clicks * s."convRate" * (0.7 + 0.6 * r.u7) + r.u8)::bigint AS cc,
    floor(i.impressions * s."viewConvRate" + r.u9)::bigint AS vc,
    (r.u10 < s."webShare") AS web
  OFFSET 0) o
CROSS JOIN LATERAL (SELECT
    (i.impressions + floor(i.impressions * (1 / s."winRate" - 1) * (0.9 + 0.2 * r.u11)) + 1)::bigint AS bp,
    floor(o.installs * 0.8 + c.clicks * s."openRate" + r.u12)::bigint AS opens,
    floor(i.impressions * (0.62 + 0.15 * r.u1))::bigint AS iu,
    round((i.impressions * s.cpm / 1000) * (0.95 + 0.1 * r.u3)::numeric, 6) AS rev
  OFFSET 0) f
CROSS JOIN LATERAL (SELECT (f.bp + floor(f.bp * (1 / s."bidRate" - 1) * (0.9 + 0.2 * r.u7)) + 1)::bigint AS eb OFFSET 0) e
WHERE g.h >= s."startAt" AND (s."stopAt" IS NULL OR g.h < s."stopAt")
ORDER BY g.h, s.sid`;

/**
 * Inserts facts for every hour in [from, to) of the given strategies and
 * returns the table's row count. Meant for an empty DeliveryHourly (a fresh
 * seed): foreign keys and secondary indexes are dropped for the load and
 * recreated after it, which on PGlite is several times faster than checking
 * six foreign keys and maintaining four indexes row by row. Everything runs as
 * one simple-protocol message, i.e. one transaction: a failure restores them.
 */
export async function generateDelivery(raw: RawSql, specs: DeliverySpec[], from: Date, to: Date): Promise<number> {
  if (specs.length > 0 && to > from) {
    const fks = await raw.query<{ name: string; def: string }>(
      `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE conrelid = '"DeliveryHourly"'::regclass AND contype = 'f' ORDER BY conname`,
    );
    const indexes = await raw.query<{ name: string; def: string }>(
      `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
       WHERE i.indrelid = '"DeliveryHourly"'::regclass AND NOT i.indisprimary AND NOT i.indisunique ORDER BY c.relname`,
    );
    const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const json = JSON.stringify(specs);
    if (json.includes("$spec$")) throw new Error("delivery specs cannot contain the quote tag");
    const lastHour = new Date(to.getTime() - 3_600_000);
    await raw.exec(
      [
        ...fks.map((f) => `ALTER TABLE "DeliveryHourly" DROP CONSTRAINT ${ident(f.name)}`),
        ...indexes.map((i) => `DROP INDEX ${ident(i.name)}`),
        insertSql(`$spec$${json}$spec$`, `'${from.toISOString()}'`, `'${lastHour.toISOString()}'`),
        ...indexes.map((i) => i.def),
        ...fks.map((f) => `ALTER TABLE "DeliveryHourly" ADD CONSTRAINT ${ident(f.name)} ${f.def}`),
      ].join(";\n"),
    );
  }
  const rows = await raw.query<{ n: string | number }>(`SELECT count(*) AS n FROM "DeliveryHourly"`);
  return Number(rows[0]?.n ?? 0);
}
