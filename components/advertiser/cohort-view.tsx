// COHORT tab content: cohort info and the daily installs and revenue.
import type { CohortDay, CohortInfo } from "@/lib/advertisers/cohort";
import { formatDate, formatMetricValue } from "@/lib/format";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";

export function CohortView({
  info,
  days,
  currencyCode,
  dateRange,
}: {
  info: CohortInfo;
  days: CohortDay[];
  currencyCode: string;
  dateRange: DateRangePickerProps;
}) {
  return (
    <div className="space-y-4" data-testid="cohort-view">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs">
        <dl className="flex flex-wrap gap-8 text-sm">
          <div>
            <dt className="text-slate-500">Cohort</dt>
            <dd className="font-medium text-slate-900" data-testid="cohort-enabled">{info.isCohortEnabled ? "Enabled" : "Disabled"}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Exchange rate</dt>
            <dd className="font-medium text-slate-900 tabular-nums" data-testid="cohort-rate">{info.exchangeRate}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Currency</dt>
            <dd className="font-medium text-slate-900" data-testid="cohort-currency">{info.currencyCode}</dd>
          </div>
        </dl>
        <DateRangePicker {...dateRange} />
      </div>
      {info.isCohortEnabled ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-xs">
          <table className="w-full text-left text-sm" data-testid="cohort-table">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-2">Day</th>
                <th className="px-4 py-2 text-right">Installs</th>
                <th className="px-4 py-2 text-right">Revenue</th>
                <th className="px-4 py-2 text-right">Revenue ({info.currencyCode})</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {days.map((d) => (
                <tr key={d.day}>
                  <td className="px-4 py-2">{formatDate(d.day)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatMetricValue(d.installs, "number", currencyCode)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatMetricValue(d.revenue, "currency", currencyCode)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatMetricValue(d.cohortRevenue, "currency", info.currencyCode)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-xs">Cohort is not enabled for this advertiser.</p>
      )}
    </div>
  );
}
