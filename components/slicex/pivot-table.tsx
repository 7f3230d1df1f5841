"use client";
// The general analysis's heat map: one metric over rows x columns, each cell
// shaded by its share of the largest, with row and column totals (exact from
// the engine, also for rates). Every cell is a button: it opens the drill-down
// (./drill-dialog.tsx) with the rows behind that number.
import { useState } from "react";
import { formatMetricValue } from "@/lib/format";
import type { MetricType } from "@/lib/metrics/catalogue";
import { DIMENSION_LABELS } from "@/lib/reports/dimensions";
import type { Pivot, PivotHeader } from "@/lib/slicex/pivot";
import type { PivotQuery } from "@/lib/slicex/schema";
import { createDataColumns, DataTable } from "@/components/ui/data-table";
import { DrillDialog } from "./drill-dialog";

export interface PivotTableProps {
  pivot: Pivot;
  query: PivotQuery;
  metric: { id: string; title: string; type: MetricType };
  total: number | null;
  currencyCode: string;
}

/**
 * The shade of a cell: a blue whose strength follows the value. The text stays
 * dark: on the strongest shade (70 % blue over white) slate-900 still reads at
 * about 5.9:1, where white text would fall below 4.5:1 on every shade.
 */
const shadeStyle = (shade: number) => ({ backgroundColor: `rgba(37, 99, 235, ${(0.05 + shade * 0.65).toFixed(3)})`, color: "#0f172a" });

const column = createDataColumns<PivotHeader>();
/** A pivot column's id: prefixed, so no key can take the label's or the total's. */
const columnId = (c: PivotHeader) => `column:${c.key}`;

export function PivotTable({ pivot, query, metric, total, currencyCode }: PivotTableProps) {
  const [cell, setCell] = useState<{ row: number; column: number } | null>(null);
  const show = (v: number | null) => formatMetricValue(v, metric.type, currencyCode);
  if (pivot.rows.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600" data-testid="pivot-empty">
        No delivery in these dates. Choose other dates or dimensions.
      </p>
    );
  }
  const hidden = pivot.hidden.rows + pivot.hidden.columns > 0;
  const columns = [
    column.accessor("label", {
      id: "label",
      header: `${DIMENSION_LABELS[query.rows]} \\ ${DIMENSION_LABELS[query.columns]}`,
      meta: { rowHeader: true, sticky: true, cellClassName: "max-w-64 truncate" },
      cell: ({ row }) => <span title={row.original.label}>{row.original.label}</span>,
    }),
    ...pivot.columns.map((c, ci) =>
      column.display({
        id: columnId(c),
        header: c.label,
        meta: { numeric: true, fill: true },
        cell: ({ row: { original: r, index: ri } }) => (
          <button
            type="button"
            className="w-full rounded px-2 py-1 text-right tabular-nums focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none"
            style={shadeStyle(pivot.shades[ri][ci])}
            aria-label={`${r.label}, ${c.label}: ${show(pivot.values[ri][ci])} ${metric.title}. Drill down`}
            data-testid="pivot-cell"
            onClick={() => setCell({ row: ri, column: ci })}
          >
            {show(pivot.values[ri][ci])}
          </button>
        ),
      }),
    ),
    column.accessor((r) => show(r.total), { id: "total", header: "Total", meta: { numeric: true, cellClassName: "font-semibold" } }),
  ];
  return (
    <section className="space-y-2">
      <DataTable
        columns={columns}
        rows={pivot.rows}
        rowId={(r) => r.key}
        emptyText={null}
        testId="pivot-table"
        caption={`${metric.title} by ${DIMENSION_LABELS[query.rows]} and ${DIMENSION_LABELS[query.columns]}`}
        density="compact"
        rowAttributes={() => ({ "data-testid": "pivot-row" })}
        footer={{
          label: "Total",
          labelColumn: "label",
          cells: {
            ...Object.fromEntries(pivot.columns.map((c) => [columnId(c), show(c.total)])),
            total: <span data-testid="pivot-total">{show(total)}</span>,
          },
        }}
      />
      {hidden ? (
        <p className="text-xs text-slate-600" data-testid="pivot-hidden">
          Showing the {pivot.rows.length} largest rows and {pivot.columns.length} columns; {pivot.hidden.rows} row(s) and {pivot.hidden.columns} column(s) more are in the totals. Narrow the
          dates or use the Advanced report for all of them.
        </p>
      ) : null}
      {cell ? (
        <DrillDialog
          key={`${cell.row}:${cell.column}`}
          query={query}
          metric={metric}
          currencyCode={currencyCode}
          row={pivot.rows[cell.row]}
          column={pivot.columns[cell.column]}
          value={pivot.values[cell.row][cell.column]}
          onClose={() => setCell(null)}
        />
      ) : null}
    </section>
  );
}
