// ANALYTICS tab (business.md 2): the advertiser's metrics over the user's date range.
import { advertiserForPage } from "@/lib/advertisers/page";
import { loadAdvertiserAnalytics } from "@/lib/advertisers/analytics";
import { shellVisibility } from "@/lib/auth/roles";
import { getUserDateRangeSettings } from "@/lib/user-settings/queries";
import { AdvertiserAnalyticsView } from "@/components/advertiser/advertiser-analytics";
import { TabUnavailable } from "@/components/advertiser/tab-unavailable";

export const dynamic = "force-dynamic";

export default async function AdvertiserAnalyticsPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { ctx, advertiser } = await advertiserForPage(id);
  if (!shellVisibility(ctx.role).analyticsTabs) return <TabUnavailable />;
  const { settings, stored } = await getUserDateRangeSettings(ctx);
  const analytics = await loadAdvertiserAnalytics(ctx, advertiser.id, settings.range);
  return (
    <AdvertiserAnalyticsView
      currencyCode={ctx.currencyCode}
      dateRange={{ stored, from: settings.range.from, to: settings.range.to, timezoneName: settings.timezoneName }}
      analytics={analytics}
    />
  );
}
