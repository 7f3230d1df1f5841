// Figure (g) of npm run bench: the dashboards over 365 days, on the demo
// licensees as the seed builds them (the seed's 365 days of delivery through
// the simulator), read by the read-write demo user through the app's one
// module (lib/metrics/home.ts): the home dashboard, an advertiser's
// ANALYTICS tab, a campaign's and a strategy's details tiles and chart.
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "../lib/db/connect";

const RUNS = 20;
const DAYS = 365;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(fn: () => Promise<unknown>): Promise<string> {
  await fn(); // warm-up, as a running server has its plans and caches
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms`;
}

/** Seeds `handle` with 365 days of demo delivery and prints one line per dashboard. */
export async function benchDashboards(handle: DatabaseHandle, engine: string): Promise<void> {
  const { seedDatabase } = await import("../lib/seed");
  const { db } = await import("../lib/db");
  const { ctxFor } = await import("../tests/helpers/factories");
  const { loadHomeDashboard, loadMetricsOverview } = await import("../lib/metrics/home");
  const { loadAdvertiserAnalytics } = await import("../lib/advertisers/analytics");
  const { todayIn } = await import("../lib/user-settings/date-range");
  const t0 = performance.now();
  const seeded = await seedDatabase(handle, { days: DAYS });
  console.log(`setup (g) ${engine}: demo seed with ${DAYS} days (${seeded.deliveryRows} hourly rows) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const user = await db.user.findFirstOrThrow({ where: { email: "rw@default.test" } });
  const membership = await db.membership.findFirstOrThrow({ where: { userId: user.id, isDefault: true } });
  const ctx = await ctxFor(user.id, membership.licenseeId);
  const strategy = await db.strategy.findFirstOrThrow({ where: { licenseeId: membership.licenseeId, isArchived: false }, orderBy: { id: "asc" } });
  const to = todayIn("UTC");
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const range = { from, to, timezoneId: 805 };
  const line = (name: string, result: string) => console.log(`(g) ${name} ${engine}, ${DAYS} days: ${result} (${RUNS} runs); target < 1 s`);
  line("home dashboard", await timed(() => loadHomeDashboard(ctx, range)));
  line("advertiser analytics", await timed(() => loadAdvertiserAnalytics(ctx, strategy.advertiserId, range)));
  line("campaign details tiles and chart", await timed(() => loadMetricsOverview(ctx, { level: "campaign", id: strategy.campaignId, range })));
  line("strategy details tiles and chart", await timed(() => loadMetricsOverview(ctx, { level: "strategy", id: strategy.id, range })));
  // Reports (issue 20) through the engine: from the strategy rollups, and from the facts.
  const { runReport } = await import("../lib/reports/run");
  const { ReportDefinitionSchema } = await import("../lib/reports/definition");
  const report = (dimensions: string[], metrics: string[], timezoneId = 805) => () => runReport(ctx, ReportDefinitionSchema.parse({ dimensions, metrics, from, to, timezoneId }));
  line("report by campaign and day (daily rollup)", await timed(report(["campaign", "date"], ["impressions", "clicks", "ctr", "revenue"])));
  line("report by campaign, 365 days (range sums)", await timed(report(["campaign"], ["impressions", "clicks", "ctr", "revenue"])));
  line("inventory report (facts)", await timed(report(["aggregator", "inventory"], ["impressions", "clicks", "revenue", "cost", "ecpm", "ecpi"])));
  line("loss-bid report by aggregator (facts)", await timed(report(["aggregator"], ["bidsPlaced", "bidsWon", "winRate", "bidsLost"])));
}
