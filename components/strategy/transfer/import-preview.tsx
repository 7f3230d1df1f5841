"use client";
// What a re-import would do, or why it cannot: the problems by row and
// column (the row number the spreadsheet shows), the strategies changed by
// someone since the export, each change (strategy, field, old -> new) and
// the rows left as they are. Built from the console's DataTable.
import { useMemo, useState } from "react";
import { createDataColumns, DataTable, type DataColumn } from "@/components/ui/data-table";
import type { ImportResult, StaleRow, UnchangedRow } from "@/lib/strategies/transfer/import";
import type { RowError } from "@/lib/strategies/transfer/rows";
import { PAGE_SIZE_OPTIONS } from "@/lib/list/url-state";

interface ChangeLine {
  key: string;
  row: number;
  strategy: string;
  field: string;
  oldValue: string;
  newValue: string;
}

/** shell.md 9's table page sizes; a section that fits on one page of the default shows no bar. */
const PAGE_SIZE = 25;
const dash = (v: string | null) => (v === null || v === "" ? "-" : v);

const errorColumns = (() => {
  const c = createDataColumns<RowError>();
  return [
    c.accessor("row", { header: "Row", meta: { numeric: true } }),
    c.accessor("column", { header: "Column" }),
    c.accessor("message", { header: "Problem" }),
  ] as DataColumn<RowError>[];
})();

const staleColumns = (() => {
  const c = createDataColumns<StaleRow>();
  return [
    c.accessor("row", { header: "Row", meta: { numeric: true } }),
    c.accessor((r) => `${r.strategyName} (${r.strategyId})`, { id: "strategy", header: "Strategy" }),
    c.accessor((r) => `${r.exportedVersion} -> ${r.currentVersion}`, { id: "version", header: "Version (file -> now)" }),
  ] as DataColumn<StaleRow>[];
})();

const changeColumns = (() => {
  const c = createDataColumns<ChangeLine>();
  return [
    c.accessor("row", { header: "Row", meta: { numeric: true } }),
    c.accessor("strategy", { header: "Strategy" }),
    c.accessor("field", { header: "Field" }),
    c.accessor((r) => `${r.oldValue} -> ${r.newValue}`, { id: "change", header: "Old -> New" }),
  ] as DataColumn<ChangeLine>[];
})();

const unchangedColumns = (() => {
  const c = createDataColumns<UnchangedRow>();
  return [
    c.accessor("row", { header: "Row", meta: { numeric: true } }),
    c.accessor((r) => `${r.strategyName} (${r.strategyId})`, { id: "strategy", header: "Strategy" }),
  ] as DataColumn<UnchangedRow>[];
})();

/** One section: a heading with its count and a client-paged table. */
function Section<Row>({ title, rows, columns, rowId, testId, empty }: { title: string; rows: Row[]; columns: DataColumn<Row & object>[]; rowId(r: Row): string | number; testId: string; empty: string }) {
  const [paging, setPaging] = useState({ pageIndex: 0, pageSize: PAGE_SIZE });
  const shown = rows.slice(paging.pageIndex * paging.pageSize, (paging.pageIndex + 1) * paging.pageSize);
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-800">
        {title} ({rows.length.toLocaleString("en-US")})
      </h3>
      <DataTable
        columns={columns}
        rows={shown as (Row & object)[]}
        rowId={rowId as (r: Row & object) => string | number}
        emptyText={empty}
        density="compact"
        testId={testId}
        label={title}
        paging={rows.length > PAGE_SIZE ? { ...paging, total: rows.length, pageSizes: PAGE_SIZE_OPTIONS, onChange: setPaging, compact: true } : undefined}
      />
    </section>
  );
}

export function ImportPreviewTables({ result }: { result: ImportResult }) {
  const changes = useMemo<ChangeLine[]>(
    () =>
      result.changed.flatMap((r) =>
        r.changes.map((c, i) => ({ key: `${r.row}-${i}`, row: r.row, strategy: `${r.strategyName} (${r.strategyId})`, field: c.fieldName, oldValue: dash(c.oldValue), newValue: dash(c.newValue) })),
      ),
    [result],
  );
  return (
    <div className="space-y-6" data-testid="strategy-import-preview">
      <p className="text-sm text-slate-700" data-testid="strategy-import-summary">
        {result.total.toLocaleString("en-US")} rows read: {result.changed.length.toLocaleString("en-US")} to change,{" "}
        {result.unchanged.length.toLocaleString("en-US")} unchanged, {result.errors.length.toLocaleString("en-US")} problems,{" "}
        {result.conflicts.length.toLocaleString("en-US")} changed since the export.
        {result.errors.length > 0 || result.conflicts.length > 0 ? " Nothing can be applied until the file is corrected." : ""}
      </p>
      {result.errors.length > 0 ? (
        <Section title="Problems" rows={result.errors} columns={errorColumns} rowId={(r) => `${r.row}-${r.column}-${r.message}`} testId="strategy-import-errors" empty="No problem" />
      ) : null}
      {result.conflicts.length > 0 ? (
        <Section title="Changed since the export" rows={result.conflicts} columns={staleColumns} rowId={(r) => r.strategyId} testId="strategy-import-conflicts" empty="None" />
      ) : null}
      <Section title="Changes" rows={changes} columns={changeColumns} rowId={(r) => r.key} testId="strategy-import-changes" empty="No strategy changes." />
      <Section title="Unchanged" rows={result.unchanged} columns={unchangedColumns} rowId={(r) => r.strategyId} testId="strategy-import-unchanged" empty="None" />
    </div>
  );
}
