// /campaign/details/{id} (business.md 2): the campaign's status and actions,
// its pacing (media spend against the lifetime and today's budget), its
// delivery over the user's date range (tiles and a daily chart), its
// strategies with their metrics on the shared list stack (page, size, sort,
// search and status from the URL), and every field grouped by the form's sections.
import { shellVisibility } from "@/lib/auth/roles";
import { campaignForPage } from "@/lib/campaigns/page";
import { loadCampaignPacing } from "@/lib/campaigns/pacing";
import { pacingOptionOf } from "@/lib/campaigns/queries";
import { loadListView } from "@/lib/entities/lists";
import { loadMetricsOverview } from "@/lib/metrics/home";
import { getPageDateRange } from "@/lib/user-settings/queries";
import { CampaignDetailsView } from "@/components/campaign/campaign-details";
import { CampaignPerformance } from "@/components/campaign/campaign-performance";

export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function CampaignDetailsPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { id } = await params;
  const { ctx, campaign, advertiser, pixel, canWrite, zone } = await campaignForPage(id);
  const { range, picker } = await getPageDateRange(ctx);
  const [overview, pacing, strategies] = await Promise.all([
    // Demo users get no analytics (business.md 6); the strategies list filters its metric columns by role itself.
    shellVisibility(ctx.role).analyticsTabs ? loadMetricsOverview(ctx, { level: "campaign", id: campaign.id, range }) : null,
    loadCampaignPacing(ctx, campaign, zone.iana),
    loadListView(ctx, "strategy", await searchParams, { campaignId: campaign.id }),
  ]);
  return (
    <CampaignDetailsView
      campaign={campaign}
      advertiser={advertiser}
      pixel={pixel}
      pacingOption={pacingOptionOf(campaign.budgetPacing, campaign.flowRate)}
      canWrite={canWrite}
      zone={zone}
    >
      <CampaignPerformance currencyCode={campaign.currencyCode} dateRange={picker} overview={overview} pacing={pacing} strategies={strategies} />
    </CampaignDetailsView>
  );
}
