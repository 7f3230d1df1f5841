// THE report definition: one zod schema for the advanced report's
// builder, its URL state (./url-state.ts), POST /api/v1/reports, the typed
// reports and (later) saved templates and schedules. Client-safe.
//
// How to call it:
//   const parsed = ReportDefinitionSchema.safeParse(input);      // messages per field
//   if (parsed.success) await runReport(ctx, parsed.data);       // lib/reports/run.ts (server)
// A template stores `ReportDefinitionSchema.parse(...)`'s output as JSON and
// parses it again when read; `page` and `pageSize` only matter on screen. A
// page size the reports offered before (50) is read as the nearest one offered
// now, so templates and links saved with it keep working.
//
// Metric ids are checked against the report metrics (lib/reports/metrics.ts);
// which of them a role may receive is decided by the server (runReport drops
// the others for read-only users), not by the schema, so a template saved by
// a read-write user still runs for a read-only one, without the hidden metrics.
import { differenceInCalendarDays, isValid, parseISO } from "date-fns";
import { z } from "../validation/z";
import { PAGE_SIZE_OPTIONS } from "../list/url-state";
import { DEFAULT_TIMEZONE_ID, MAX_RANGE_DAYS } from "../user-settings/date-range";
import { DIMENSION_IDS, filterValueProblem } from "./dimensions";
import { isReportMetricId } from "./metrics";

export const MAX_DIMENSIONS = 5;
export const MAX_METRICS = 40;
export const MAX_FILTERS = 20;
export const MAX_FILTER_VALUES = 500;
/** shell.md 9: the table page-size options, the same as the lists'. */
export const PAGE_SIZES = PAGE_SIZE_OPTIONS;
export const DEFAULT_PAGE_SIZE = 25;
/** Sizes once offered (stored in templates, bookmarked in URLs): read as the nearest of PAGE_SIZES. */
const RETIRED_PAGE_SIZES: readonly number[] = [50];

/** The offered size nearest to `size` (the smaller one on a tie). */
export function nearestPageSize(size: number): number {
  return PAGE_SIZES.reduce<number>((best, n) => (Math.abs(n - size) < Math.abs(best - size) ? n : best), PAGE_SIZES[0]);
}

const day = z
  .string({ error: "Enter a date as YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
  .refine((s) => isValid(parseISO(s)), "Enter a valid date");

const dimension = z.enum(DIMENSION_IDS, { error: (i) => (typeof i.input === "string" ? `Unknown dimension '${i.input.slice(0, 40)}'` : "Choose a dimension") });

export const ReportFilterSchema = z
  .object({
    dimension,
    op: z.enum(["in", "notIn"], { error: "A filter is 'in' or 'notIn'" }).default("in"),
    values: z
      .array(z.string({ error: "A filter value is text" }).max(64, "A filter value has at most 64 characters"), { error: "Give the filter's values" })
      .min(1, "Give at least one value")
      .max(MAX_FILTER_VALUES, `At most ${MAX_FILTER_VALUES} values per filter`),
  })
  .superRefine((f, ctx) => {
    f.values.forEach((v, i) => {
      const problem = filterValueProblem(f.dimension, v);
      if (problem) ctx.addIssue({ code: "custom", path: ["values", i], message: problem });
    });
  });

export const ReportSortSchema = z.object({
  by: z.string({ error: "Choose a column to sort by" }).min(1, "Choose a column to sort by").max(64),
  desc: z.boolean().default(true),
});

export const ReportDefinitionSchema = z
  .object({
    dimensions: z
      .array(dimension, { error: "Choose the dimensions" })
      .min(1, "Choose at least one dimension")
      .max(MAX_DIMENSIONS, `At most ${MAX_DIMENSIONS} dimensions`)
      .refine((d) => new Set(d).size === d.length, "A dimension can be chosen once"),
    metrics: z
      .array(z.string().refine(isReportMetricId, { error: (i) => `Unknown metric '${String(i.input)}'` }), { error: "Choose the metrics" })
      .min(1, "Choose at least one metric")
      .max(MAX_METRICS, `At most ${MAX_METRICS} metrics`)
      .refine((m) => new Set(m).size === m.length, "A metric can be chosen once"),
    filters: z.array(ReportFilterSchema).max(MAX_FILTERS, `At most ${MAX_FILTERS} filters`).default([]),
    from: day,
    to: day,
    timezoneId: z.number({ error: "Choose a timezone" }).int("Choose a timezone").positive("Choose a timezone").default(DEFAULT_TIMEZONE_ID),
    compare: z.boolean().default(false),
    sort: ReportSortSchema.optional(),
    page: z.number().int("A page is a whole number").min(1, "Pages start at 1").max(100_000).default(1),
    pageSize: z
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n) || RETIRED_PAGE_SIZES.includes(n), `A page holds ${PAGE_SIZES.join(", ")} rows`)
      .transform(nearestPageSize)
      .default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((d, ctx) => {
    if (d.sort && !d.dimensions.some((x) => x === d.sort?.by) && !d.metrics.includes(d.sort.by)) {
      ctx.addIssue({ code: "custom", path: ["sort", "by"], message: "Sort by a chosen dimension or metric" });
    }
    const validDays = [d.from, d.to].every((x) => day.safeParse(x).success);
    if (!validDays) return;
    if (d.from > d.to) ctx.addIssue({ code: "custom", path: ["to"], message: "The start date must not be after the end date" });
    else if (differenceInCalendarDays(parseISO(d.to), parseISO(d.from)) >= MAX_RANGE_DAYS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `A date range can span at most ${MAX_RANGE_DAYS} days` });
    }
  });

/** A definition as callers write it (defaults optional). */
export type ReportDefinitionInput = z.input<typeof ReportDefinitionSchema>;
/** A parsed definition (defaults filled in). */
export type ReportDefinition = z.output<typeof ReportDefinitionSchema>;
export type ReportFilter = z.output<typeof ReportFilterSchema>;

export { DIMENSION_IDS };
