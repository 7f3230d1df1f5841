// ANALYTICS tab content: tiles, daily chart, campaigns of the advertiser.
import type { AdvertiserAnalytics } from "@/lib/advertisers/analytics";
import { DailyMetricChart } from "@/components/charts/daily-metric-chart";
import { MetricTiles } from "@/components/charts/metric-tiles";
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
      <MetricTiles tiles={analytics.tiles} currencyCode={currencyCode} testIdPrefix="analytics-tile" />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="adv-daily-title">
        <h2 id="adv-daily-title" className="mb-3 text-base font-semibold text-slate-900">
          Daily performance
        </h2>
        <DailyMetricChart metrics={analytics.chartMetrics} days={analytics.daily} currencyCode={currencyCode} />
      </section>
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
