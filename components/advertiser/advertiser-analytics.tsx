// ANALYTICS tab content: tiles, daily chart, campaigns of the advertiser.
import type { AdvertiserAnalytics } from "@/lib/advertisers/analytics";
import { MetricsOverview } from "@/components/charts/metrics-overview";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { TopEntitiesTable } from "@/components/home/top-entities-table";

export function AdvertiserAnalyticsView({
  currencyCode,
  dateRange,
  analytics,
}: {
  currencyCode: string;
  dateRange: DateRangePickerProps;
  analytics: AdvertiserAnalytics;
}) {
  return (
    <div className="space-y-6" data-testid="advertiser-analytics">
      <div className="flex justify-end">
        <DateRangePicker {...dateRange} />
      </div>
      <MetricsOverview metrics={analytics} currencyCode={currencyCode} tileTestIdPrefix="analytics-tile" chartTitleId="adv-daily-title" />
      <TopEntitiesTable
        title="Campaigns"
        testId="advertiser-campaigns"
        kind="campaign"
        rows={analytics.campaigns}
        columns={analytics.topColumns}
        currencyCode={currencyCode}
      />
    </div>
  );
}
