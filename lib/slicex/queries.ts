// SliceX reads, through the report engine (lib/reports/run.ts): one
// definition per question, so metrics, timezone days, tenancy and the
// read-only metric filter are the reports' own.
//   loadPivot: the cells (rows x columns) plus the exact row and column totals;
//   loadCellBreakdown: one cell broken down by a third dimension (drill-down);
//   loadBusinessReport: the licensee's weeks or months of spend and margin.
import "server-only";
import { addDays, format, parseISO, startOfMonth, startOfWeek } from "date-fns";
import type { SessionContext } from "../auth/context";
import { ReportDefinitionSchema, type ReportDefinition, type ReportFilter } from "../reports/definition";
import { isTimeDimension, type DimensionId } from "../reports/dimensions";
import { runReport, type ReportResult } from "../reports/run";
import { businessPeriods, type BusinessPeriod } from "./business";
import { buildPivot, type Pivot } from "./pivot";
import { PIVOT_LIMITS, type BusinessQuery, type PivotCell, type PivotQuery } from "./schema";

const ALL_ROWS = { page: 1, pageSize: 100 } as const;

function definition(q: { from: string; to: string; timezoneId: number }, dimensions: DimensionId[], metrics: string[], filters: ReportFilter[] = []): ReportDefinition {
  return ReportDefinitionSchema.parse({ dimensions, metrics, filters, from: q.from, to: q.to, timezoneId: q.timezoneId, ...ALL_ROWS });
}

const headersOf = (r: ReportResult, dim: DimensionId, metric: string) =>
  r.rows.map((row) => ({ key: row.keys[dim], label: row.labels[dim], total: row.values[metric] ?? null }));

export interface PivotView {
  pivot: Pivot;
  /** The metric as the role may see it: false when a read-only user asked for a hidden one. */
  allowed: boolean;
  total: number | null;
  currencyCode: string;
}

export async function loadPivot(ctx: SessionContext, q: PivotQuery): Promise<PivotView> {
  const [cells, rows, columns] = await Promise.all([
    runReport(ctx, definition(q, [q.rows, q.columns], [q.metric]), { all: true }),
    runReport(ctx, definition(q, [q.rows], [q.metric]), { all: true }),
    runReport(ctx, definition(q, [q.columns], [q.metric]), { all: true }),
  ]);
  const allowed = cells.metrics.includes(q.metric);
  const pivot = buildPivot({
    cells: allowed ? cells.rows.map((r) => ({ rowKey: r.keys[q.rows], columnKey: r.keys[q.columns], value: r.values[q.metric] ?? null })) : [],
    rows: allowed ? headersOf(rows, q.rows, q.metric) : [],
    columns: allowed ? headersOf(columns, q.columns, q.metric) : [],
    timeColumns: isTimeDimension(q.columns),
    limits: { rows: PIVOT_LIMITS.rows, columns: isTimeDimension(q.columns) ? 31 : PIVOT_LIMITS.columns },
  });
  return { pivot, allowed, total: cells.totals[q.metric] ?? null, currencyCode: cells.currencyCode };
}

/** The days a time column's key stands for, within the query's range. */
function columnDays(q: PivotQuery, key: string): { from: string; to: string } {
  const start = parseISO(key.length === 7 ? `${key}-01` : key);
  const end = q.columns === "month" ? addDays(startOfMonth(addDays(start, 32)), -1) : q.columns === "week" ? addDays(start, 6) : start;
  const from = format(start, "yyyy-MM-dd");
  const to = format(end, "yyyy-MM-dd");
  return { from: from > q.from ? from : q.from, to: to < q.to ? to : q.to };
}

/** One cell of a pivot, broken down by `by`: the rows behind the number clicked. */
export async function loadCellBreakdown(ctx: SessionContext, cell: PivotCell): Promise<ReportResult> {
  const q = cell.query;
  const filters: ReportFilter[] = [{ dimension: q.rows, op: "in", values: [cell.rowKey] }];
  let range = { from: q.from, to: q.to };
  if (isTimeDimension(q.columns)) range = columnDays(q, cell.columnKey);
  else filters.push({ dimension: q.columns, op: "in", values: [cell.columnKey] });
  return runReport(ctx, definition({ ...range, timezoneId: q.timezoneId }, [cell.by], [q.metric], filters));
}

export interface BusinessReport {
  periods: BusinessPeriod[];
  /** The range actually read: `from` moved back to the start of its week or month, so the first period is whole. */
  range: { from: string; to: string };
  showsCost: boolean;
  currencyCode: string;
}

export async function loadBusinessReport(ctx: SessionContext, q: BusinessQuery): Promise<BusinessReport> {
  const start = parseISO(q.from);
  const from = format(q.grain === "week" ? startOfWeek(start, { weekStartsOn: 1 }) : startOfMonth(start), "yyyy-MM-dd");
  const result = await runReport(ctx, definition({ ...q, from }, [q.grain], ["revenue", "cost"]), { all: true });
  const showsCost = result.metrics.includes("cost");
  const periods = businessPeriods(
    result.rows.map((r) => ({ period: r.keys[q.grain], label: r.labels[q.grain], revenue: r.values.revenue ?? null, cost: showsCost ? (r.values.cost ?? null) : null })),
  );
  return { periods, range: { from, to: q.to }, showsCost, currencyCode: result.currencyCode };
}
