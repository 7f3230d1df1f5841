// The delivery part of a details page (campaign, strategy): the user's date
// range, the pacing of the record's budgets, its headline tiles and daily
// chart (one metric at a time, chosen above the chart), and what the page adds
// below them (a campaign's strategies). Parts a role may not see come as null
// and are left out: pacing without the spend column, tiles and chart for demo users.
import type { ReactNode } from "react";
import type { MetricsOverview as Overview } from "@/lib/metrics/home";
import type { EntityPacing } from "@/lib/delivery/pacing-load";
import { MetricsOverview } from "@/components/charts/metrics-overview";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { PacingView } from "@/components/pacing/pacing-view";

export interface DeliveryPerformanceProps {
  /** Prefix of the test ids and element ids: <prefix>-performance, <prefix>-pacing, <prefix>-tile-*, <prefix>-daily-title. */
  idPrefix: string;
  currencyCode: string;
  dateRange: DateRangePickerProps;
  /** null: the role gets no analytics (demo). */
  overview: Overview | null;
  /** null: the role may not see the spend the budgets limit. */
  pacing: EntityPacing | null;
  /** "Pacing (media spend)": which spend the budgets are compared with. */
  pacingTitle: string;
  children?: ReactNode;
}

export function DeliveryPerformance({ idPrefix, currencyCode, dateRange, overview, pacing, pacingTitle, children }: DeliveryPerformanceProps) {
  return (
    <div className="space-y-4" data-testid={`${idPrefix}-performance`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Performance</h2>
        <DateRangePicker {...dateRange} />
      </div>
      {pacing ? <PacingView {...pacing} currencyCode={currencyCode} title={pacingTitle} testId={`${idPrefix}-pacing`} /> : null}
      {overview ? <MetricsOverview metrics={overview} currencyCode={currencyCode} tileTestIdPrefix={`${idPrefix}-tile`} chartTitleId={`${idPrefix}-daily-title`} /> : null}
      {children}
    </div>
  );
}
