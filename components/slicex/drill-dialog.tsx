"use client";
// The drill-down of a pivot cell: the number clicked, broken down by a third
// dimension (by day unless the columns are days), as bars; another breakdown
// on demand; and the same question opened in the Advanced report.
import { useEffect, useState } from "react";
import Link from "next/link";
import { drillPivotCellAction } from "@/lib/slicex/actions";
import { formatMetricValue } from "@/lib/format";
import type { MetricType } from "@/lib/metrics/catalogue";
import { DIMENSION_IDS, DIMENSION_LABELS, isTimeDimension, type DimensionId } from "@/lib/reports/dimensions";
import type { PivotHeader } from "@/lib/slicex/pivot";
import type { PivotQuery } from "@/lib/slicex/schema";
import { Modal } from "@/components/ui/modal";
import { SelectField } from "@/components/ui/field";
import { Spinner, buttonClass } from "@/components/ui/button";
import { createDataColumns, DataTable } from "@/components/ui/data-table";

type Drill = Extract<Awaited<ReturnType<typeof drillPivotCellAction>>, { ok: true }>["data"];

interface DrillDialogProps {
  query: PivotQuery;
  metric: { id: string; title: string; type: MetricType };
  currencyCode: string;
  row: PivotHeader;
  column: PivotHeader;
  value: number | null;
  onClose(): void;
}

type DrillRow = Drill["rows"][number];
const column = createDataColumns<DrillRow>();

/** Each part's label, its bar (its share of the largest, for the eye) and its value. */
function drillColumns(show: (v: number | null) => string, max: number) {
  return [
    column.accessor("label", {
      id: "label",
      header: "Part",
      meta: { rowHeader: true, cellClassName: "w-2/5 truncate" },
      cell: ({ row }) => <span title={row.original.label}>{row.original.label}</span>,
    }),
    column.display({
      id: "bar",
      header: "Share",
      cell: ({ row: { original: r } }) => (
        <div className="h-3 rounded bg-blue-600" style={{ width: `${max > 0 && r.value ? Math.max(1, (r.value / max) * 100) : 0}%` }} aria-hidden="true" />
      ),
    }),
    column.accessor((r) => show(r.value), { id: "value", header: "Value", meta: { numeric: true, cellClassName: "w-28" } }),
  ];
}

function defaultBreakdown(q: PivotQuery): DimensionId {
  if (!isTimeDimension(q.columns)) return "date";
  return q.rows === "strategy" ? "creative" : "strategy";
}

/** The Advanced report asking the same: the breakdown, filtered to the cell. */
function advancedHref(q: PivotQuery, by: DimensionId, row: PivotHeader, column: PivotHeader, range: { from: string; to: string }): string {
  const p = new URLSearchParams({ dims: by, metrics: q.metric, from: range.from, to: range.to, tz: String(q.timezoneId) });
  if (row.key) p.append("f", `${q.rows}.in.${row.key}`);
  if (!isTimeDimension(q.columns) && column.key) p.append("f", `${q.columns}.in.${column.key}`);
  return `/report/advanced?${p.toString()}`;
}

export function DrillDialog({ query, metric, currencyCode, row, column, value, onClose }: DrillDialogProps) {
  const [by, setBy] = useState<DimensionId>(defaultBreakdown(query));
  const [drill, setDrill] = useState<Drill | null>(null);
  const [error, setError] = useState<string | null>(null);
  const show = (v: number | null) => formatMetricValue(v, metric.type, currencyCode);

  useEffect(() => {
    let current = true;
    void drillPivotCellAction({ query, rowKey: row.key, columnKey: column.key, by })
      .then((result) => {
        if (!current) return;
        if (result.ok) setDrill(result.data);
        else setError(result.formError ?? "The breakdown could not be loaded.");
      })
      .catch(() => current && setError("The breakdown could not be loaded."));
    return () => {
      current = false;
    };
  }, [query, row.key, column.key, by]);

  const choices = DIMENSION_IDS.filter((d) => d !== "hour" && d !== query.rows && d !== query.columns);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${row.label} · ${column.label}`}
      description={`${metric.title}: ${show(value)}`}
      width="min(94vw, 720px)"
      height="80vh"
      testId="pivot-drill"
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <SelectField id="drill-by" label="Break down by" value={by} onChange={(e) => {
              setDrill(null);
              setError(null);
              setBy(e.target.value as DimensionId);
            }} controlWidth="w-56">
            {choices.map((d) => (
              <option key={d} value={d}>
                {DIMENSION_LABELS[d]}
              </option>
            ))}
          </SelectField>
          {drill ? (
            <Link href={advancedHref(query, by, row, column, drill.range)} className={buttonClass("secondary", "sm")} data-testid="drill-open-advanced">
              Open in Advanced report
            </Link>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : !drill ? (
          <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
            <Spinner /> Loading the breakdown…
          </p>
        ) : drill.rows.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing delivered here.</p>
        ) : (
          <DataTable
            columns={drillColumns(show, Math.max(0, ...drill.rows.map((r) => r.value ?? 0)))}
            rows={drill.rows}
            rowId={(r) => r.key}
            emptyText={null}
            testId="drill-rows"
            caption={`${metric.title} by ${DIMENSION_LABELS[by]}`}
            headerRow="none"
            density="compact"
            className="overflow-hidden rounded-lg border border-slate-200"
            rowAttributes={() => ({ "data-testid": "drill-row" })}
            footer={{
              label: `Total${drill.totalRows > drill.rows.length ? ` (top ${drill.rows.length} of ${drill.totalRows} shown)` : ""}`,
              labelColumn: "label",
              cells: { value: <span data-testid="drill-total">{show(drill.total)}</span> },
            }}
          />
        )}
      </div>
    </Modal>
  );
}
