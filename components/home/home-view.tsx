// Home dashboard: the licensee's headline metrics for the user's date range,
// a daily chart and the top advertisers and campaigns by advertiser spend.
import type { HomeDashboard } from "@/lib/metrics/home";
import { MetricsOverview } from "@/components/charts/metrics-overview";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { TopEntitiesTable } from "./top-entities-table";

export interface HomeViewProps {
  userName: string;
  licenseeName: string;
  currencyCode: string;
  dateRange: DateRangePickerProps;
  dashboard: HomeDashboard;
}

/** The two rankings below the chart, advertisers first. */
const TOP_TABLES = [
  { title: "Top advertisers", testId: "top-advertisers", kind: "advertiser", rowsOf: (d: HomeDashboard) => d.topAdvertisers },
  { title: "Top campaigns", testId: "top-campaigns", kind: "campaign", rowsOf: (d: HomeDashboard) => d.topCampaigns },
] as const;

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

      <MetricsOverview metrics={dashboard} currencyCode={currencyCode} tileTestIdPrefix="home-tile" chartTitleId="home-daily-title" />

      <div className="grid grid-cols-1 gap-6">
        {TOP_TABLES.map(({ rowsOf, ...table }) => (
          <TopEntitiesTable key={table.kind} {...table} rows={rowsOf(dashboard)} columns={dashboard.topColumns} currencyCode={currencyCode} />
        ))}
      </div>
    </div>
  );
}
