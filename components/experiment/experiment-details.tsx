// /experiment/details/{id}: the header (campaign and advertiser, status,
// Start / Pause / Resume / Stop, Edit), the experiment's fields, and its
// results over the user's date range: each arm's metrics side by side, its
// compared conversion rate as a bar, the difference from the control (the
// first arm) and its significance (a two-proportion z-test; below 95%
// confidence 'not significant yet').
import Link from "next/link";
import { formatTimestamp } from "@/lib/format";
import type { ExperimentMetrics } from "@/lib/experiments/metrics";
import type { ExperimentPage } from "@/lib/experiments/page";
import { EXPERIMENT_METRICS, STATUS_LABELS } from "@/lib/experiments/rules";
import { DetailsSection } from "@/components/common/details-section";
import { DateRangePicker, type DateRangePickerProps } from "@/components/date-range/date-range-picker";
import { Button, buttonClass } from "@/components/ui/button";
import { ExperimentStatusActions } from "./experiment-status-actions";
import { ExperimentArms } from "./experiment-arms";

const STATUS_CLASS = {
  DRAFT: "bg-slate-100 text-slate-700",
  RUNNING: "bg-emerald-50 text-emerald-700",
  PAUSED: "bg-amber-50 text-amber-800",
  COMPLETED: "bg-sky-50 text-sky-800",
} as const;

export interface ExperimentDetailsViewProps extends Omit<ExperimentPage, "ctx"> {
  /** null for roles without analytics (demo). */
  results: ExperimentMetrics | null;
  dateRange: DateRangePickerProps;
  /** The role may write (the status buttons; Edit also needs the experiment not completed). */
  roleCanWrite: boolean;
}

export function ExperimentDetailsView({ experiment: e, campaign, advertiser, canWrite, roleCanWrite, results, dateRange }: ExperimentDetailsViewProps) {
  const metric = EXPERIMENT_METRICS[e.metric];
  return (
    <div className="space-y-4" data-testid="experiment-details">
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="experiment-header">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">
            <Link href={`/advertiser/details/${advertiser.id}`} className="hover:underline">
              {advertiser.name}
            </Link>
            {" › "}
            <Link href={`/campaign/details/${campaign.id}`} className="hover:underline" data-testid="experiment-campaign-link">
              {campaign.name}
            </Link>{" "}
            · Experiment
          </p>
          <h1 className="mt-1 flex flex-wrap items-center gap-3 text-2xl font-semibold text-slate-900">
            <span data-testid="experiment-title">{e.name}</span>
            <span className="text-sm font-normal text-slate-500">ID {e.id}</span>
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS_CLASS[e.status]}`} data-testid="experiment-status">
              {STATUS_LABELS[e.status]}
            </span>
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExperimentStatusActions id={e.id} version={e.version} status={e.status} disabled={!roleCanWrite} />
          {canWrite ? (
            <Link href={`/experiment/create/${e.id}`} className={buttonClass("secondary")} data-testid="experiment-edit">
              Edit
            </Link>
          ) : (
            <Button disabled data-testid="experiment-edit">
              Edit
            </Button>
          )}
        </div>
      </div>

      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <DetailsSection
          title="Basic Details"
          testId="experiment-basic"
          rows={[
            ["Name", e.name],
            ["Campaign", campaign.name],
            ["Advertiser", advertiser.name],
            ["Compared rate", metric.label],
            ["Description", e.description],
            ["Created", formatTimestamp(e.createdAt, "UTC")],
          ]}
        />
        <DetailsSection
          title="Schedule (UTC)"
          testId="experiment-schedule"
          rows={[
            ["Start", formatTimestamp(e.startTime, "UTC")],
            ["End", e.endTime === null ? "Runs until stopped" : formatTimestamp(e.endTime, "UTC")],
            ["Status", STATUS_LABELS[e.status]],
            ["Traffic split", e.arms.map((a) => `${a.trafficPercent}%`).join(" / ")],
          ]}
        />
      </div>

      <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-xs" data-testid="experiment-results" aria-labelledby="experiment-results-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="experiment-results-title" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
              Arms side by side
            </h2>
            <p className="mt-1 text-xs text-slate-500">
              Compared on {metric.label}. Each arm against the control (the first): a two-proportion z-test; below 95% confidence the difference is not
              significant yet.
            </p>
          </div>
          <DateRangePicker {...dateRange} />
        </div>
        {results === null ? (
          <p className="text-sm text-slate-500">Your role does not show delivery metrics.</p>
        ) : (
          <ExperimentArms results={results} currencyCode={advertiser.currencyCode} metricLabel={metric.label} />
        )}
      </section>
    </div>
  );
}
