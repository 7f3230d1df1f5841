"use client";
// The blocking dialog's suggestion table (shell.md 2.13): select, name,
// revenue, cost, ecpi, ecpa, ctr, ecpm, ecpc, iti, ctc, roi; sorted and paged
// in the browser (the suggestions of a tab arrive whole), page size 10, a
// select-all header box; 'Add to blocked' moves the chosen rows to the new
// selection. ctr and ctc are percentages, iti a plain number, the rest money
// of the strategy's currency.
import { useMemo } from "react";
import type { RowSelectionState } from "@tanstack/react-table";
import { formatMetricValue } from "@/lib/format";
import type { MetricType } from "@/lib/metrics/catalogue";
import { SUGGESTION_METRICS, SUGGESTION_PAGE_SIZE, type Suggestion, type SuggestionMetric } from "@/lib/optimization/blocking/schema";
import { Button } from "@/components/ui/button";
import { createDataColumns, DataTable, type DataTableSort } from "@/components/ui/data-table";

const TITLES: Record<SuggestionMetric, string> = {
  revenue: "Revenue", cost: "Cost", ecpi: "eCPI", ecpa: "eCPA", ctr: "CTR", ecpm: "eCPM", ecpc: "eCPC", iti: "ITI", ctc: "CTC", roi: "ROI",
};

/** shell.md 2.13 'Metric formatting'. */
export function suggestionMetricType(metric: SuggestionMetric): MetricType {
  if (metric === "ctr" || metric === "ctc") return "percentage";
  if (metric === "iti") return "number";
  return "currency";
}

/** Rows in the chosen order; a metric without a value sorts last either way. */
export function sortSuggestions(rows: readonly Suggestion[], sort: DataTableSort | null): Suggestion[] {
  if (!sort) return [...rows];
  const dir = sort.desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (sort.id === "name") return dir * a.name.localeCompare(b.name) || a.id - b.id;
    const x = a[sort.id as SuggestionMetric];
    const y = b[sort.id as SuggestionMetric];
    if (x === null || y === null) return x === y ? a.id - b.id : x === null ? 1 : -1;
    return dir * (x - y) || a.id - b.id;
  });
}

const columns = createDataColumns<Suggestion>();

export interface SuggestionTableProps {
  rows: Suggestion[];
  currencyCode: string;
  selected: RowSelectionState;
  onSelect(next: RowSelectionState): void;
  sort: DataTableSort | null;
  onSort(next: DataTableSort | null): void;
  pageIndex: number;
  onPage(pageIndex: number): void;
  onAdd(): void;
  loading: boolean;
  error: string | null;
  /** The kind's word in labels ("apps", "inventory sources"). */
  what: string;
}

export function SuggestionTable(props: SuggestionTableProps) {
  const { rows, currencyCode, selected, sort, pageIndex } = props;
  const ordered = useMemo(() => sortSuggestions(rows, sort), [rows, sort]);
  const lastPage = Math.max(0, Math.ceil(ordered.length / SUGGESTION_PAGE_SIZE) - 1);
  const page = Math.min(pageIndex, lastPage);
  const shown = ordered.slice(page * SUGGESTION_PAGE_SIZE, (page + 1) * SUGGESTION_PAGE_SIZE);
  const chosen = rows.filter((r) => selected[String(r.id)]).length;
  const defs = useMemo(
    () => [
      columns.accessor("name", { header: "Name", cell: (c) => <span className="font-medium text-slate-800">{c.getValue()}</span> }),
      ...SUGGESTION_METRICS.map((m) =>
        columns.accessor(m, {
          header: TITLES[m],
          meta: { numeric: true },
          cell: (c) => formatMetricValue(c.getValue(), suggestionMetricType(m), currencyCode),
        }),
      ),
    ],
    [currencyCode],
  );
  return (
    <div className="min-w-0 space-y-2" data-testid="blocking-suggestions">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600" aria-live="polite">
          {rows.length} suggested, {chosen} selected
        </p>
        <Button variant="primary" size="sm" onClick={props.onAdd} disabled={chosen === 0} data-testid="blocking-add">
          Add to blocked
        </Button>
      </div>
      <DataTable
        columns={defs}
        rows={shown}
        rowId={(r) => r.id}
        emptyText="No result"
        loading={props.loading}
        loadingText="Fetching data..."
        error={props.error}
        density="compact"
        label={`Suggested ${props.what} to block`}
        testId="blocking-suggestion-table"
        sort={{ value: sort, onChange: (next) => props.onSort(next) }}
        paging={{ pageIndex: page, pageSize: SUGGESTION_PAGE_SIZE, total: ordered.length, pageSizes: [SUGGESTION_PAGE_SIZE], onChange: (next) => props.onPage(next.pageIndex), compact: true }}
        selection={{
          value: selected,
          // The table reports the page's boxes; rows of other pages keep their state.
          onChange: (next) => props.onSelect(next),
          canSelect: true,
          rowLabel: (r) => `Select ${r.name}`,
          allLabel: `Select all ${props.what} of this page`,
        }}
        rowAttributes={(r) => ({ "data-testid": `blocking-row-${r.id}` })}
      />
    </div>
  );
}
