// SliceX (shell.md 2.6: general analysis /report/slicex/revenue, business
// report /report/slicex/business-report): what each page is asked for, in
// its URL, as zod schemas over the report definition's parts. Client-safe.
//
// General analysis is a pivot: one metric over two dimensions (rows x
// columns). Rows are an entity or attribute dimension (the drill-down
// filters on a row's key); columns may also be time (date, week, month: the
// drill-down narrows the date range to the column's days).
import { z } from "../validation/z";
import { DIMENSION_IDS, isTimeDimension, type DimensionId } from "../reports/dimensions";
import { isReportMetricId } from "../reports/metrics";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD");
/** Hours make a pivot of 24 x days columns: not offered. */
export const PIVOT_COLUMN_DIMENSIONS = DIMENSION_IDS.filter((d) => d !== "hour");
export const PIVOT_ROW_DIMENSIONS = DIMENSION_IDS.filter((d) => !isTimeDimension(d));
/** The most rows and columns a pivot shows: the largest by the metric's total. */
export const PIVOT_LIMITS = { rows: 25, columns: 15 } as const;

const dimensionOf = (allowed: readonly DimensionId[], message: string) => z.enum(allowed as [DimensionId, ...DimensionId[]], { error: message });
const metric = z.string({ error: "Choose a metric" }).refine(isReportMetricId, { error: (i) => `Unknown metric '${String(i.input)}'` });

export const PivotQuerySchema = z
  .object({
    rows: dimensionOf(PIVOT_ROW_DIMENSIONS, "Choose what the rows are"),
    columns: dimensionOf(PIVOT_COLUMN_DIMENSIONS, "Choose what the columns are"),
    metric,
    from: day,
    to: day,
    timezoneId: z.coerce.number().int().positive(),
  })
  .superRefine((q, ctx) => {
    if (q.rows === q.columns) ctx.addIssue({ code: "custom", path: ["columns"], message: "Rows and columns must be different dimensions" });
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The start date must not be after the end date" });
  });
export type PivotQuery = z.output<typeof PivotQuerySchema>;

/** A cell to drill into: its row and column keys, broken down by another dimension. */
export const PivotCellSchema = z.object({
  query: PivotQuerySchema,
  rowKey: z.string().max(64),
  columnKey: z.string().max(64),
  by: dimensionOf(DIMENSION_IDS.filter((d) => d !== "hour"), "Choose how to break the cell down"),
});
export type PivotCell = z.output<typeof PivotCellSchema>;

export const BUSINESS_GRAINS = ["week", "month"] as const;
export const BusinessQuerySchema = z.object({
  grain: z.enum(BUSINESS_GRAINS, { error: "Choose weeks or months" }),
  from: day,
  to: day,
  timezoneId: z.coerce.number().int().positive(),
});
export type BusinessQuery = z.output<typeof BusinessQuerySchema>;
