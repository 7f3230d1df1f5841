// The ANALYTICS tab of an advertiser: its headline metrics over the user's
// date range, a daily chart and its campaigns ranked by advertiser spend.
// Same catalogue and role filtering as the home dashboard.
import "server-only";
import type { SessionContext } from "../auth/context";
import { ForbiddenError } from "../errors";
import { tenantDb } from "../data/tenant-db";
import { shellVisibility } from "../auth/roles";
import { columns, loadMetricsOverview, TOP_METRICS, top, type HomeDashboard, type TopEntity } from "../metrics/home";
import { metricsByEntity, type DateRange } from "../metrics/query";

export type AdvertiserAnalytics = Omit<HomeDashboard, "topAdvertisers" | "topCampaigns"> & { campaigns: TopEntity[] };

const CAMPAIGN_ROWS = 20;

export async function loadAdvertiserAnalytics(ctx: SessionContext, advertiserId: number, range: DateRange): Promise<AdvertiserAnalytics> {
  // Demo users do not get analytics (business.md 6), whatever the UI shows.
  if (!shellVisibility(ctx.role).analyticsTabs) throw new ForbiddenError();
  // The campaign table is a list, so archived campaigns are left out (business.md 7,
  // shell.md 4). The tiles and chart still sum all of the advertiser's delivery:
  // spend that happened stays in its history after a campaign is archived.
  const campaignRows = await tenantDb(ctx).campaign.findMany({
    where: { advertiserId, isArchived: false },
    select: { id: true, name: true },
  });
  const [overview, byCampaign] = await Promise.all([
    loadMetricsOverview(ctx, { level: "advertiser", id: advertiserId, range }),
    campaignRows.length
      ? metricsByEntity(ctx, { level: "campaign", ids: campaignRows.map((c) => c.id), range, metricIds: TOP_METRICS })
      : Promise.resolve(new Map()),
  ]);
  const names = new Map(campaignRows.map((c) => [c.id, c.name]));
  return {
    ...overview,
    topColumns: columns(ctx, TOP_METRICS),
    campaigns: top(byCampaign, CAMPAIGN_ROWS).map(([id, values]) => ({ id, name: names.get(id) ?? `#${id}`, values })),
  };
}
