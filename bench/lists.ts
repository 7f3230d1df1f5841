// Figures (a)-(d) of npm run bench: 10,000 strategies under one advertiser
// with 365 days of delivery (hourly for the last 7 days, at the daily rollup
// grain before that: daily rows and running totals), read by an Asia/Kolkata user.
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "../lib/db/connect";
import type { SessionContext } from "../lib/auth/context";
import { ROLLUP_METRICS } from "../lib/metrics/rollup";

export const STRATEGIES = 10_000;
const KOLKATA = 9001;
const RUNS = 50;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const p50p95 = (ms: number[]) => `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`;

async function timed(runs: number, fn: () => Promise<unknown>, beforeEach?: () => Promise<void>): Promise<number[]> {
  await fn(); // warm-up: plans and caches, as a running server has them
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    await beforeEach?.();
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

/** Builds the data in SQL (facts are not needed for lists: the rollups are what they read). */
export async function buildListData(handle: DatabaseHandle, ids: { licenseeId: number; advertiserId: number; campaignId: number; userId: number }) {
  const { licenseeId, advertiserId, campaignId, userId } = ids;
  await handle.raw.exec(`
    INSERT INTO "Timezone" (id, name, "ianaName") VALUES (${KOLKATA}, '(GMT+05:30) Asia/Kolkata', 'Asia/Kolkata') ON CONFLICT DO NOTHING;
    INSERT INTO "UserSettings" ("userId", "timezoneId", "updatedAt") VALUES (${userId}, ${KOLKATA}, now())
      ON CONFLICT ("userId") DO UPDATE SET "timezoneId" = ${KOLKATA};
    INSERT INTO "Strategy" ("licenseeId", "advertiserId", "campaignId", name, type, "startTime", "pricingType", "pricingValue", "updatedAt")
      SELECT ${licenseeId}, ${advertiserId}, ${campaignId}, 'Bench strategy ' || g, 'MULTI_DEVICE', now() - interval '400 days', 'CPM', 1.5, now()
      FROM generate_series(1, ${STRATEGIES}) g;`);
  const metric = (c: string, seed: string) =>
    c === "revenue" || c === "cost" || c === "advRevenue" ? `round(((${seed}) % 1000)::numeric / 7, 6)` : `((${seed}) % 5000)::bigint`;
  const cols = ROLLUP_METRICS.map((c) => `"${c}"`).join(", ");
  // The 358 days before the last 7 at the daily grain...
  await handle.raw.exec(`
    INSERT INTO "DeliveryStrategyDaily" ("day", "licenseeId", "advertiserId", "campaignId", "strategyId", ${cols})
    SELECT d::date, s."licenseeId", s."advertiserId", s."campaignId", s.id, ${ROLLUP_METRICS.map((c, i) => metric(c, `s.id * 17 + (d::date - date '2000-01-01') * ${i + 5}`)).join(", ")}
    FROM "Strategy" s CROSS JOIN generate_series((now() AT TIME ZONE 'UTC')::date - 365, (now() AT TIME ZONE 'UTC')::date - 8, interval '1 day') d
    WHERE s."campaignId" = ${campaignId};`);
  // ...and their running totals, built by the app's own build for the two
  // boundary hours an Asia/Kolkata (19:00 UTC) and a UTC (00:00) reader use
  // (days without hours count as delivered before 19:00 UTC). From here on
  // the triggers keep them, as they do in production.
  for (const k of [0, 19]) await handle.raw.exec(`SELECT delivery_running_build(${k}::smallint);`);
  // The last 7 days hour by hour: the triggers build their daily rows and running totals.
  await handle.raw.exec(`
    INSERT INTO "DeliveryStrategyHourly" ("hour", "licenseeId", "advertiserId", "campaignId", "strategyId", ${cols})
    SELECT h, s."licenseeId", s."advertiserId", s."campaignId", s.id, ${ROLLUP_METRICS.map((c, i) => metric(c, `s.id * 31 + extract(epoch FROM h)::bigint / 3600 * ${i + 3}`)).join(", ")}
    FROM "Strategy" s CROSS JOIN generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '7 days',
                                                 date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 hour', interval '1 hour') h
    WHERE s."campaignId" = ${campaignId};
    ANALYZE;`);
}

/** The date range of a Kolkata user's last `days` days (custom, so the exact window is known). */
export async function setRange(handle: DatabaseHandle, userId: number, days: number, today: string) {
  const to = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  await handle.raw.exec(`UPDATE "UserSettings" SET "dateRange" = '{"preset":"custom","from":"${from}","to":"${to}"}' WHERE "userId" = ${userId};`);
  return { from, to };
}

/**
 * The page the list shows, through the app's own module (lib/entities/lists.ts),
 * sorted by advertiser spend: "uncached" runs every statement (the read cache
 * of lib/data/read-cache.ts dropped before each run), "cached" is a page asked
 * again with nothing changed since.
 */
export async function measureList(ctx: SessionContext, loadListView: (typeof import("../lib/entities/lists"))["loadListView"], mode: "cached" | "uncached") {
  const { dropReadCache } = await import("../lib/data/read-cache");
  return timed(RUNS, () => loadListView(ctx, "strategy", { sort: "-revenue", page: "100", size: "20" }), mode === "uncached" ? dropReadCache : undefined);
}

/**
 * The same page as one hand-written statement over the hourly rollup, the
 * way lists read before the daily rollup (every hour of the range). Here only
 * the last 7 days have hours, so it reads fewer rows than a real 30-day window would.
 */
export async function measureHandWritten(handle: DatabaseHandle, licenseeId: number, range: { from: string; to: string }) {
  const sql = `
    SELECT s.id, s.name, coalesce(sum(h.revenue), 0) AS revenue FROM "Strategy" s
    LEFT JOIN "DeliveryStrategyHourly" h ON h."strategyId" = s.id
      AND h."hour" >= ('${range.from}'::date::timestamp AT TIME ZONE 'Asia/Kolkata')
      AND h."hour" < (('${range.to}'::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata')
    WHERE s."licenseeId" = ${licenseeId} AND NOT s."isArchived"
    GROUP BY s.id, s.name ORDER BY revenue DESC, s.id LIMIT 20 OFFSET 1980`;
  return timed(RUNS, () => handle.raw.query(sql));
}
