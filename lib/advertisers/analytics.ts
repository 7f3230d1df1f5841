// The ANALYTICS tab of an advertiser: its headline metrics over the user's
// date range, a daily chart and its campaigns ranked by advertiser spend.
// Same catalogue and role filtering as the home dashboard.
import "server-only";
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { ForbiddenError } from "../data/errors";
import { shellVisibility } from "../auth/roles";
import { CHART_METRICS, columns, TILE_METRICS, TOP_METRICS, top, type HomeDashboard, type TopEntity } from "../metrics/home";
import { metricsByEntity, metricsDaily, metricTotals, type DateRange } from "../metrics/query";

export type AdvertiserAnalytics = Omit<HomeDashboard, "topAdvertisers" | "topCampaigns"> & { campaigns: TopEntity[] };

const CAMPAIGN_ROWS = 20;

export async function loadAdvertiserAnalytics(ctx: SessionContext, advertiserId: number, range: DateRange): Promise<AdvertiserAnalytics> {
  // Demo users do not get analytics (business.md 6), whatever the UI shows.
  if (!shellVisibility(ctx.role).analyticsTabs) throw new ForbiddenError();
  const campaignRows = await db.campaign.findMany({
    where: { licenseeId: ctx.licenseeId, advertiserId },
    select: { id: true, name: true },
  });
  const [totals, daily, byCampaign] = await Promise.all([
    metricTotals(ctx, { level: "advertiser", id: advertiserId, range, metricIds: TILE_METRICS }),
    metricsDaily(ctx, { level: "advertiser", id: advertiserId, range, metricIds: CHART_METRICS }),
    campaignRows.length
      ? metricsByEntity(ctx, { level: "campaign", ids: campaignRows.map((c) => c.id), range, metricIds: TOP_METRICS })
      : Promise.resolve(new Map()),
  ]);
  const names = new Map(campaignRows.map((c) => [c.id, c.name]));
  return {
    tiles: columns(ctx, TILE_METRICS).map((c) => ({ ...c, value: totals[c.id] ?? null })),
    chartMetrics: columns(ctx, CHART_METRICS),
    daily,
    topColumns: columns(ctx, TOP_METRICS),
    campaigns: top(byCampaign, CAMPAIGN_ROWS).map(([id, values]) => ({ id, name: names.get(id) ?? `#${id}`, values })),
  };
}
