"use client";
// The conversion estimator's answer: the reach, the goal rate and the
// expected goal users of the next 30 days; the daily chart (the reach falls
// as memberships run out); each target audience's share; and how it is
// estimated, with the delivery it learned from (lib/audiences/estimator/estimate.ts).
import type { Estimate } from "@/lib/audiences/estimator/estimate";
import { ESTIMATOR_WINDOW_DAYS, GOAL_LABELS } from "@/lib/audiences/estimator/schema";
import { formatDate } from "@/lib/format";
import { DailyMetricChart } from "@/components/charts/daily-metric-chart";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

const count = (n: number) => n.toLocaleString("en-US");
const decimal = (n: number | null) => (n === null ? "—" : n.toLocaleString("en-US", { maximumFractionDigits: n < 10 ? 2 : 0 }));
const percent = (rate: number | null) => (rate === null ? "—" : `${(rate * 100).toLocaleString("en-US", { maximumSignificantDigits: 3 })}%`);

const column = createDataColumns<Estimate["byAudience"][number]>();
const audienceColumns = (goal: string) => [
  column.accessor("name", { id: "name", header: "Audience" }),
  column.accessor((a) => count(a.reach), { id: "reach", header: "Reach today", meta: { numeric: true } }),
  column.accessor((a) => decimal(a.expected), { id: "expected", header: `Expected ${goal}`, meta: { numeric: true } }),
];

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</div>
      <div className="mt-1 text-2xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

export function EstimateResult({ estimate: e }: { estimate: Estimate }) {
  const goal = GOAL_LABELS[e.goal].toLowerCase();
  const verb = { INSTALL: "installed", CONVERSION: "converted", CLICK: "clicked" }[e.goal];
  return (
    <div className="space-y-4" data-testid="estimator-result">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat label="Reach today (users)" value={count(e.reach)} testId="estimator-reach" />
        <Stat label={`${GOAL_LABELS[e.goal]} per reached user`} value={percent(e.rate)} testId="estimator-rate" />
        <Stat label={`Expected ${goal}, next ${ESTIMATOR_WINDOW_DAYS} days`} value={decimal(e.expected)} testId="estimator-expected" />
      </div>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-label="Expected by day">
        <DailyMetricChart
          metrics={[
            { id: "expected", title: `Expected ${goal}`, type: "decimal" },
            { id: "reach", title: "Reach", type: "number" },
          ]}
          days={e.days.map((d) => ({ day: d.day, values: { expected: d.expected, reach: d.reach } }))}
          currencyCode="USD"
          height={240}
        />
      </section>

      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs" aria-labelledby="estimator-by-audience">
        <h2 id="estimator-by-audience" className="text-sm font-semibold tracking-wide text-slate-800 uppercase">
          By target audience
        </h2>
        <DataTable
          columns={audienceColumns(goal)}
          rows={e.byAudience}
          rowId={(a) => a.id}
          emptyText={null}
          density="compact"
          className="mt-3 overflow-hidden rounded-lg border border-slate-200"
          rowAttributes={() => ({ "data-testid": "estimator-audience-row" })}
        />
      </section>

      <section className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-sm text-slate-700" data-testid="estimator-how" aria-labelledby="estimator-how-title">
        <h2 id="estimator-how-title" className="font-semibold text-slate-800">
          How this is estimated
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>
            <strong>Reach</strong>: the users who are members of any target audience and of no blocked audience, counted once, whose membership has not
            expired. Day by day it falls as memberships run out (members renewed by new events or uploads are not foreseen).
          </li>
          <li>
            <strong>Rate</strong>: from {formatDate(e.basis.from)} to {formatDate(e.basis.to)} the advertiser&apos;s delivery reached {count(e.basis.reachedUsers)} daily
            unique users, and {count(e.basis.goalUsers)} daily unique users {verb}: {percent(e.rate)} per reached user and day.
            {e.rate === null ? " Without delivery in that period there is no rate, so only the reach is estimated." : null}
          </li>
          <li>
            <strong>Expected {goal}</strong>: each day&apos;s reach times the rate, added up over the next {ESTIMATOR_WINDOW_DAYS} days. It supposes every member is reached
            once a day, as the advertiser&apos;s users were: an upper estimate. Target audiences may overlap, so their rows can add up to more than the total.
          </li>
        </ul>
      </section>
    </div>
  );
}
