// COHORT tab content: cohort info and the daily installs and revenue.
import type { CohortDay, CohortInfo } from "@/lib/advertisers/cohort";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { CohortTable } from "./cohort-table";

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
        <CohortTable days={days} currencyCode={currencyCode} cohortCurrency={info.currencyCode} />
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600 shadow-xs">Cohort is not enabled for this advertiser.</p>
      )}
    </div>
  );
}
