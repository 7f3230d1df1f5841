"use client";
// The report's rows in the shared data table: a column per dimension and per
// metric, sorted and paged by the server (the URL holds sort, page and size),
// the totals row under them, and with compare each value's previous-period
// value and change.
import { useMemo } from "react";
import { DataTable, createDataColumns, type DataColumn } from "@/components/ui/data-table";
import { formatMetricValue } from "@/lib/format";
import { DIMENSION_LABELS } from "@/lib/reports/dimensions";
import { PAGE_SIZES } from "@/lib/reports/definition";
import { changePercent } from "@/lib/reports/periods";
import type { ReportResult, ReportRow } from "@/lib/reports/run";
import type { MetricType } from "@/lib/metrics/catalogue";

export interface ColumnMetric {
  id: string;
  title: string;
  type: MetricType;
}

type Row = ReportRow & { index: number };

function Value({ value, previous, type, currency }: { value: number | null; previous?: number | null; type: MetricType; currency: string }) {
  const change = previous === undefined ? null : changePercent(value, previous);
  return (
    <span className="flex flex-col items-end">
      <span>{formatMetricValue(value, type, currency)}</span>
      {previous !== undefined ? (
        <span className="text-xs font-normal text-slate-500" title="Previous period">
          {formatMetricValue(previous, type, currency)}
          {change !== null ? <span className={change >= 0 ? " text-emerald-700" : " text-red-700"}> {`${change >= 0 ? "▲" : "▼"}${Math.abs(change).toFixed(2)}%`}</span> : null}
        </span>
      ) : null}
    </span>
  );
}

export function ReportTable({
  result,
  metrics,
  sort,
  loading = false,
  onSort,
  onPage,
}: {
  result: ReportResult;
  metrics: ColumnMetric[];
  sort: { id: string; desc: boolean } | null;
  /** Another page or sort is on its way (the rows shown are the previous ones). */
  loading?: boolean;
  onSort(next: { id: string; desc: boolean } | null): void;
  onPage(next: { pageIndex: number; pageSize: number }): void;
}) {
  const rows: Row[] = useMemo(() => result.rows.map((r, index) => ({ ...r, index })), [result.rows]);
  const columns = useMemo(() => {
    const c = createDataColumns<Row>();
    const dims: DataColumn<Row>[] = result.dimensions.map((d) =>
      c.display({ id: d, header: DIMENSION_LABELS[d], cell: ({ row }) => <span data-testid={`report-cell-${d}`}>{row.original.labels[d]}</span> }),
    );
    const values: DataColumn<Row>[] = metrics.map((m) =>
      c.display({
        id: m.id,
        header: m.title,
        meta: { numeric: true },
        cell: ({ row }) => <Value value={row.original.values[m.id] ?? null} previous={row.original.previous ? (row.original.previous[m.id] ?? null) : undefined} type={m.type} currency={result.currencyCode} />,
      }),
    );
    return [...dims, ...values];
  }, [result.dimensions, metrics, result.currencyCode]);
  const footerCells = Object.fromEntries(
    metrics.map((m) => [m.id, <Value key={m.id} value={result.totals[m.id] ?? null} previous={result.previousTotals ? (result.previousTotals[m.id] ?? null) : undefined} type={m.type} currency={result.currencyCode} />]),
  );
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowId={(r) => r.index}
      emptyText="No delivery matches this report."
      label="Report"
      testId="report-table"
      loading={loading}
      sort={{ value: sort, onChange: onSort }}
      paging={{ pageIndex: result.page - 1, pageSize: result.pageSize, total: result.totalRows, pageSizes: PAGE_SIZES, onChange: onPage }}
      footer={{ label: "Total", labelColumn: result.dimensions[0], cells: footerCells, testId: "report-totals" }}
      stickyHeader
      scrollFocusable
      density="compact"
    />
  );
}
