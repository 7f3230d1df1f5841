// What the home dashboard shows for the user's date range: headline totals,
// a daily series and the top advertisers and campaigns by advertiser spend.
// Only plain values leave this module (no rows), already filtered by role.
import "server-only";
import { tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { allowedMetricIds, getMetric, type MetricType } from "./catalogue";
import { metricsByEntity, metricsDaily, metricTotals, type DateRange, type MetricValues } from "./query";
import { readFromReplica } from "../data/read-replica";

export const TILE_METRICS = ["impressions", "clicks", "ctr", "installs", "conversions", "revenue", "cost", "margin"];
export const CHART_METRICS = ["impressions", "clicks", "installs", "conversions", "revenue", "cost"];
export const TOP_METRICS = ["impressions", "clicks", "ctr", "conversions", "revenue", "cost", "margin"];
const TOP_N = 5;

export interface MetricColumn {
  id: string;
  title: string;
  hover: string;
  type: MetricType;
}

export interface TopEntity {
  id: number;
  name: string;
  /** For campaigns: the advertiser's name. */
  parentName?: string;
  values: MetricValues;
}

export interface HomeDashboard {
  tiles: Array<MetricColumn & { value: number | null }>;
  chartMetrics: MetricColumn[];
  daily: Array<{ day: string; values: MetricValues }>;
  topColumns: MetricColumn[];
  topAdvertisers: TopEntity[];
  topCampaigns: TopEntity[];
}

export function columns(ctx: SessionContext, ids: string[]): MetricColumn[] {
  return allowedMetricIds(ctx.role, ids).map((id) => {
    const m = getMetric(id)!;
    return { id, title: m.title, hover: m.hover, type: m.type };
  });
}

/** The n entities with the highest advertiser spend; ties (and entities without spend) by id, none without delivery. */
export function top(values: Map<number, MetricValues>, n: number): Array<[number, MetricValues]> {
  return [...values.entries()]
    .filter(([, v]) => (v.impressions ?? 0) > 0 || (v.revenue ?? 0) > 0)
    .sort(([ia, a], [ib, b]) => (b.revenue ?? 0) - (a.revenue ?? 0) || ia - ib)
    .slice(0, n);
}

export type MetricsOverview = Pick<HomeDashboard, "tiles" | "chartMetrics" | "daily">;

/**
 * Headline tiles and the daily chart over a range: of the licensee (home),
 * an advertiser (its ANALYTICS tab), a campaign or a strategy (their details
 * pages). The one module every dashboard reads.
 */
export async function loadMetricsOverview(
  ctx: SessionContext,
  q: { level: "licensee"; range: DateRange } | { level: "advertiser" | "campaign" | "strategy"; id: number; range: DateRange },
): Promise<MetricsOverview> {
  const [totals, daily] = await readFromReplica(ctx, () =>
    Promise.all([metricTotals(ctx, { ...q, metricIds: TILE_METRICS }), metricsDaily(ctx, { ...q, metricIds: CHART_METRICS })]),
  );
  return { tiles: columns(ctx, TILE_METRICS).map((c) => ({ ...c, value: totals[c.id] ?? null })), chartMetrics: columns(ctx, CHART_METRICS), daily };
}

function only(values: Map<number, MetricValues>, kept: Array<{ id: number }>): Map<number, MetricValues> {
  return new Map(kept.flatMap(({ id }) => (values.has(id) ? [[id, values.get(id)!] as const] : [])));
}

export function loadHomeDashboard(ctx: SessionContext, range: DateRange): Promise<HomeDashboard> {
  return readFromReplica(ctx, () => homeDashboardOf(ctx, range));
}

async function homeDashboardOf(ctx: SessionContext, range: DateRange): Promise<HomeDashboard> {
  const topIds = allowedMetricIds(ctx.role, TOP_METRICS);
  const [overview, byAdvertiser, byCampaign] = await Promise.all([
    loadMetricsOverview(ctx, { level: "licensee", range }),
    metricsByEntity(ctx, { level: "advertiser", range, metricIds: topIds }),
    metricsByEntity(ctx, { level: "campaign", range, metricIds: topIds }),
  ]);
  // Lists exclude archived items (shell.md 4): an archived entity's delivery still
  // counts in the totals and chart, but it is not ranked among the top ones.
  const db = tenantDb(ctx);
  const [advertiserNames, campaignRows] = await Promise.all([
    db.advertiser.findMany({
      where: { isArchived: false, id: { in: [...byAdvertiser.keys()] } },
      select: { id: true, name: true },
    }),
    db.campaign.findMany({
      where: { isArchived: false, id: { in: [...byCampaign.keys()] } },
      select: { id: true, name: true, advertiser: { select: { name: true } } },
    }),
  ]);
  const advertisers = top(only(byAdvertiser, advertiserNames), TOP_N);
  const campaigns = top(only(byCampaign, campaignRows), TOP_N);
  const advName = new Map(advertiserNames.map((a) => [a.id, a.name]));
  const campaign = new Map(campaignRows.map((c) => [c.id, c]));
  return {
    ...overview,
    topColumns: columns(ctx, TOP_METRICS),
    topAdvertisers: advertisers.map(([id, values]) => ({ id, name: advName.get(id) ?? `#${id}`, values })),
    topCampaigns: campaigns.map(([id, values]) => ({
      id,
      name: campaign.get(id)?.name ?? `#${id}`,
      parentName: campaign.get(id)?.advertiser.name,
      values,
    })),
  };
}
