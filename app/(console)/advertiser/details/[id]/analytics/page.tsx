// ANALYTICS tab (business.md 2): the advertiser's metrics over the user's date range.
import { loadAdvertiserAnalytics } from "@/lib/advertisers/analytics";
import { loadAnalyticsTab } from "@/lib/advertisers/tab-loaders";
import { AdvertiserAnalyticsView } from "@/components/advertiser/advertiser-analytics";
import { TabUnavailable } from "@/components/advertiser/tab-unavailable";

export const dynamic = "force-dynamic";

export default async function AdvertiserAnalyticsPage({ params }: { params: Promise<{ id: string }> }) {
  const tab = await loadAnalyticsTab((await params).id);
  if (!tab) return <TabUnavailable />;
  const analytics = await loadAdvertiserAnalytics(tab.ctx, tab.advertiser.id, tab.range);
  return <AdvertiserAnalyticsView currencyCode={tab.ctx.currencyCode} dateRange={tab.picker} analytics={analytics} />;
}
