"use client";
// The Users section of the audience details page: the date range picker
// (the user's saved range; choosing another re-reads the page) and the chart
// of total and new users per day, or why there is none. recharts is loaded
// only when there is something to draw.
import dynamic from "next/dynamic";
import type { AudienceChart } from "@/lib/audiences/chart/schema";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";

export const NO_USERS_YET = "No users yet.";
export const NO_USERS_IN_RANGE = "No users in these dates.";

const AudienceUsersChart = dynamic(() => import("./audience-users-chart").then((m) => m.AudienceUsersChart), {
  ssr: false,
  // The chart's own height, so the page does not move when it arrives.
  loading: () => <div className="h-[280px] w-full rounded-md bg-slate-50" data-testid="audience-users-loading" />,
});

/** Nothing to draw: the audience never had a member, or none in these days. */
function emptyText(chart: AudienceChart): string | null {
  if (!chart.hasUsers) return NO_USERS_YET;
  return chart.days.some((d) => (d.totalUsers ?? 0) > 0 || (d.newUsers ?? 0) > 0) ? null : NO_USERS_IN_RANGE;
}

export function AudienceUsersSection({ chart, dateRange }: { chart: AudienceChart; dateRange: DateRangePickerProps }) {
  const empty = emptyText(chart);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="audience-users" aria-labelledby="audience-users-title">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="audience-users-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          Users
        </h2>
        <DateRangePicker {...dateRange} />
      </div>
      {empty ? (
        <p className="flex h-[280px] items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600" data-testid="audience-users-empty">
          {empty}
        </p>
      ) : (
        <figure
          data-testid="audience-users-chart"
          data-points={chart.days.length}
          aria-label={`Total users at the end of each day and new users per day, ${chart.from} to ${chart.to}`}
        >
          <AudienceUsersChart days={chart.days} />
        </figure>
      )}
    </section>
  );
}
