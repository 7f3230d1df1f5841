// The OpenAPI document's report operations: run a report
// definition (POST /api/v1/reports, JSON or CSV) and download the advanced
// report's URL state as a file (GET /api/v1/reports/download). Client-safe:
// the schemas are the ones the routes parse with (lib/reports/definition.ts).
import { z } from "../validation/z";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { DIMENSION_IDS } from "../reports/dimensions";
import { ReportDefinitionSchema } from "../reports/definition";
import { envelope, errors } from "./openapi-parts";

const Values = z.record(z.string(), z.number().nullable()).meta({ description: "Metric id → value (null: a ratio over zero)." });
const Range = z.object({ from: z.string(), to: z.string() });

export const ReportResultSchema = z.object({
  dimensions: z.array(z.enum(DIMENSION_IDS)),
  metrics: z.array(z.string()).meta({ description: "The metrics returned: those asked for that the caller's role may see." }),
  rows: z.array(
    z.object({
      keys: z.record(z.string(), z.string()).meta({ description: "Dimension → key: an id, a day (yyyy-MM-dd), app:<id> / site:<id>, a code; \"\" for none." }),
      labels: z.record(z.string(), z.string()).meta({ description: "Dimension → what a person reads (names)." }),
      values: Values,
      previous: Values.optional().meta({ description: "The row in the previous period (compare, reports without a time dimension)." }),
    }),
  ),
  totalRows: z.number().int(),
  totals: Values,
  page: z.number().int(),
  pageSize: z.number().int(),
  range: Range,
  timezone: z.string(),
  currencyCode: z.string(),
  previousRange: Range.optional(),
  previousTotals: Values.optional(),
  tooManyRows: z.string().optional(),
  source: z.enum(["running", "daily", "hourly", "facts"]).meta({ description: "What was read: range sums, the daily or hourly rollup, or the hourly facts." }),
});

const FILE = { description: "The file.", content: { "text/csv": { schema: z.string() }, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": { schema: z.string().meta({ format: "binary" }) } } };

export function reportOperations(): ZodOpenApiPathsObject {
  return {
    "/reports": {
      post: {
        operationId: "runReport",
        summary: "Run a report definition: metrics by dimensions over a date range (JSON page, or every row as CSV)",
        description:
          "The definition is the advanced report's (the same schema). Days are days of `timezoneId`. Metrics the caller's role may not see are left out " +
          "of the answer. JSON answers one page (`page`, `pageSize`) with the totals; `?format=csv` or `Accept: text/csv` answers every row (up to 100,000) " +
          "and a totals row. Another licensee's ids in filters match nothing. A POST: read-only keys get 403 (use GET /reports/download).",
        tags: ["reports"],
        requestParams: { query: z.object({ format: z.enum(["json", "csv"]).optional() }) },
        requestBody: { required: true, content: { "application/json": { schema: ReportDefinitionSchema } } },
        responses: {
          "200": { description: "The report.", content: { "application/json": { schema: envelope(ReportResultSchema) }, "text/csv": { schema: z.string() } } },
          ...errors(400, 403),
        },
      },
    },
    "/reports/download": {
      get: {
        operationId: "downloadReport",
        summary: "A report as CSV or XLSX, from the advanced report page's query (dims, metrics, from, to, tz, f, compare, sort, desc)",
        tags: ["reports"],
        requestParams: {
          query: z.object({
            format: z.enum(["csv", "xlsx"]),
            dims: z.string().meta({ description: "Dimensions, comma separated." }),
            metrics: z.string().meta({ description: "Metric ids, comma separated." }),
            from: z.string(),
            to: z.string(),
            tz: z.string().optional(),
            f: z.string().optional().meta({ description: "A filter, repeatable: dimension.in|notIn.value1,value2" }),
          }),
        },
        responses: { "200": FILE, ...errors(400) },
      },
    },
  };
}
