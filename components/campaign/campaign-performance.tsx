// The delivery part of /campaign/details/{id}: the user's date range, the
// campaign's headline tiles and daily chart (one metric at a time, chosen
// above the chart), and its strategies with their metrics for the same range.
import type { ListView } from "@/lib/list/types";
import type { MetricsOverview as Overview } from "@/lib/metrics/home";
import { MetricsOverview } from "@/components/charts/metrics-overview";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { EntityList } from "@/components/list/entity-list";
import type { EntityPacing } from "@/lib/delivery/pacing-load";
import { PacingView } from "@/components/pacing/pacing-view";

export function CampaignPerformance({
  currencyCode,
  dateRange,
  overview,
  pacing,
  strategies,
}: {
  currencyCode: string;
  dateRange: DateRangePickerProps;
  /** null: the role gets no analytics (demo). */
  overview: Overview | null;
  /** null: the role may not see media spend. */
  pacing: EntityPacing | null;
  strategies: ListView;
}) {
  return (
    <div className="space-y-4" data-testid="campaign-performance">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Performance</h2>
        <DateRangePicker {...dateRange} />
      </div>
      {pacing ? <PacingView {...pacing} currencyCode={currencyCode} title="Pacing (media spend)" testId="campaign-pacing" /> : null}
      {overview ? <MetricsOverview metrics={overview} currencyCode={currencyCode} tileTestIdPrefix="campaign-tile" chartTitleId="campaign-daily-title" /> : null}
      <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="campaign-strategies-title" data-testid="campaign-strategies">
        <h2 id="campaign-strategies-title" className="text-base font-semibold text-slate-900">
          Strategies
        </h2>
        <EntityList view={strategies} />
      </section>
    </div>
  );
}
