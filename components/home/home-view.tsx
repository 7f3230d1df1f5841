// Home dashboard: the licensee's headline metrics for the user's date range,
// a daily chart and the top advertisers and campaigns by advertiser spend.
import type { HomeDashboard } from "@/lib/metrics/home";
import { DailyMetricChart } from "@/components/charts/daily-metric-chart";
import { MetricTiles } from "@/components/charts/metric-tiles";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { TopEntitiesTable } from "./top-entities-table";

export interface HomeViewProps {
  userName: string;
  licenseeName: string;
  currencyCode: string;
  dateRange: DateRangePickerProps;
  dashboard: HomeDashboard;
}

export function HomeView({ userName, licenseeName, currencyCode, dateRange, dashboard }: HomeViewProps) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">Home</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="welcome">
            Welcome, {userName}. You are working in <span className="font-medium text-slate-800">{licenseeName}</span>.
          </p>
        </div>
        <DateRangePicker {...dateRange} />
      </div>

      <MetricTiles tiles={dashboard.tiles} currencyCode={currencyCode} testIdPrefix="home-tile" />

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="home-daily-title">
        <h2 id="home-daily-title" className="mb-3 text-base font-semibold text-slate-900">
          Daily performance
        </h2>
        <DailyMetricChart metrics={dashboard.chartMetrics} days={dashboard.daily} currencyCode={currencyCode} />
      </section>

      <div className="grid grid-cols-1 gap-6">
        <TopEntitiesTable
          title="Top advertisers"
          testId="top-advertisers"
          kind="advertiser"
          rows={dashboard.topAdvertisers}
          columns={dashboard.topColumns}
          currencyCode={currencyCode}
        />
        <TopEntitiesTable
          title="Top campaigns"
          testId="top-campaigns"
          kind="campaign"
          rows={dashboard.topCampaigns}
          columns={dashboard.topColumns}
          currencyCode={currencyCode}
        />
      </div>
    </div>
  );
}
