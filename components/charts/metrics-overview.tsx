// The headline tiles and the daily chart of a date range, as the home
// dashboard and an advertiser's ANALYTICS tab both show them.
import type { HomeDashboard } from "@/lib/metrics/home";
import { DailyMetricChart } from "./daily-metric-chart";
import { MetricTiles } from "./metric-tiles";

export function MetricsOverview({
  metrics,
  currencyCode,
  tileTestIdPrefix,
  chartTitleId,
}: {
  metrics: Pick<HomeDashboard, "tiles" | "chartMetrics" | "daily">;
  currencyCode: string;
  tileTestIdPrefix: string;
  /** The chart heading's id, unique on the page (the section is labelled by it). */
  chartTitleId: string;
}) {
  return (
    <>
      <MetricTiles tiles={metrics.tiles} currencyCode={currencyCode} testIdPrefix={tileTestIdPrefix} />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby={chartTitleId}>
        <h2 id={chartTitleId} className="mb-3 text-base font-semibold text-slate-900">
          Daily performance
        </h2>
        <DailyMetricChart metrics={metrics.chartMetrics} days={metrics.daily} currencyCode={currencyCode} />
      </section>
    </>
  );
}
