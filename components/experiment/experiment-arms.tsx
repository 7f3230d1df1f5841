"use client";
// The experiment's results: the arms side by side (traffic, the metrics the
// role may see, the compared rate with its counts, the difference from the
// control, the first arm, and its significance), then the compared rate as a
// bar per arm. A client part of the server-rendered details page: the shared
// table renders its cells with functions.
import Link from "next/link";
import { formatMetricValue } from "@/lib/format";
import { getMetric } from "@/lib/metrics/catalogue";
import type { ArmMetrics, ExperimentMetrics } from "@/lib/experiments/metrics";
import { significanceText } from "@/lib/experiments/significance";
import { createDataColumns, DataTable, type DataColumn } from "@/components/ui/data-table";

const percent = (fraction: number | null, digits = 2) => (fraction === null ? "-" : `${(fraction * 100).toFixed(digits)}%`);
const signed = (text: string, value: number) => (value > 0 ? `+${text}` : text);

const column = createDataColumns<ArmMetrics>();
/** The arm's place: the first is the control. */
const isControl = (index: number) => index === 0;

function Difference({ arm, index }: { arm: ArmMetrics; index: number }) {
  if (isControl(index) || !arm.test) return "-";
  const { difference, relativeDifference } = arm.test;
  return (
    <>
      {signed(`${(difference * 100).toFixed(2)} pp`, difference)}
      {relativeDifference === null ? null : <span className="block text-xs text-slate-500">{signed(percent(relativeDifference, 1), relativeDifference)}</span>}
    </>
  );
}

function columnsOf(metricIds: string[], currencyCode: string): DataColumn<ArmMetrics>[] {
  return [
    column.display({
      id: "arm",
      header: "Arm",
      cell: ({ row }) => (
        <>
          <Link href={`/strategy/details/${row.original.strategyId}`} className="font-medium text-primary hover:underline" data-testid="experiment-arm-name">
            {row.original.name}
          </Link>
          <span className="ml-2 text-xs text-slate-500">{isControl(row.index) ? "Control" : `Arm ${row.index + 1}`}</span>
        </>
      ),
    }),
    column.accessor((arm) => `${arm.trafficPercent}%`, { id: "traffic", header: "Traffic", meta: { numeric: true } }),
    ...metricIds.map((id) => {
      const metric = getMetric(id);
      return column.accessor((arm) => formatMetricValue(arm.values[id], metric?.type ?? "number", currencyCode), {
        id: `metric-${id}`,
        header: metric?.title ?? id,
        meta: { numeric: true, cellTestId: `experiment-arm-${id}`, headerTitle: metric?.hover },
      });
    }),
    column.display({
      id: "rate",
      header: "Compared rate",
      meta: { numeric: true, cellTestId: "experiment-arm-rate" },
      cell: ({ row }) => (
        <>
          {percent(row.original.rate)}
          <span className="block text-xs text-slate-500">
            {row.original.successes.toLocaleString("en-US")} / {row.original.trials.toLocaleString("en-US")}
          </span>
        </>
      ),
    }),
    column.display({
      id: "difference",
      header: "Difference",
      meta: { numeric: true, cellTestId: "experiment-arm-difference" },
      cell: ({ row }) => <Difference arm={row.original} index={row.index} />,
    }),
    column.display({
      id: "significance",
      header: "Significance",
      meta: { cellTestId: "experiment-arm-significance" },
      cell: ({ row }) =>
        isControl(row.index) ? (
          <span className="text-slate-500">Control</span>
        ) : (
          <span className={row.original.test?.significant ? "font-medium text-emerald-700" : "text-slate-600"}>{significanceText(row.original.test)}</span>
        ),
    }),
  ];
}

export function ExperimentArms({ results, currencyCode, metricLabel }: { results: ExperimentMetrics; currencyCode: string; metricLabel: string }) {
  const top = Math.max(0, ...results.arms.map((a) => a.rate ?? 0));
  return (
    <>
      <DataTable
        columns={columnsOf(results.metricIds, currencyCode)}
        rows={results.arms}
        rowId={(arm) => arm.strategyId}
        emptyText={null}
        testId="experiment-arms-table"
        density="compact"
        className="overflow-hidden rounded-lg border border-slate-200"
        rowAttributes={() => ({ "data-testid": "experiment-arm-row" })}
      />
      <figure aria-label={`${metricLabel} by arm`} data-testid="experiment-rate-chart">
        <ul className="space-y-2">
          {results.arms.map((arm, i) => (
            <li key={arm.strategyId} className="grid grid-cols-[10rem_1fr_5rem] items-center gap-3 text-sm">
              <span className="truncate text-slate-700">{arm.name}</span>
              <span className="h-3 rounded bg-slate-100">
                <span
                  className={`block h-3 rounded ${isControl(i) ? "bg-slate-400" : "bg-primary"}`}
                  style={{ width: `${top > 0 ? Math.max(1, ((arm.rate ?? 0) / top) * 100) : 0}%` }}
                />
              </span>
              <span className="text-right tabular-nums text-slate-700">{percent(arm.rate)}</span>
            </li>
          ))}
        </ul>
        <figcaption className="mt-2 text-xs text-slate-500">{metricLabel} by arm over the date range.</figcaption>
      </figure>
    </>
  );
}
