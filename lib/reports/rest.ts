// The REST operations of reports (lib/reports/api.ts runs them): run a report
// definition (JSON page or CSV) and download the advanced report's URL state
// as a file. No entity's: the router lists them (lib/api/operations.ts).
import "server-only";
import { z } from "../validation/z";
import { defineOperation, type RestOperation } from "../rest/operation";
import { downloadReportOperation, postReportOperation } from "./api";
import { ReportResultSchema } from "./api-schema";
import { ReportDefinitionSchema } from "./definition";

const tags = ["reports"];

export const reportOperations: readonly RestOperation[] = [
  defineOperation({
    method: "POST", path: "/reports", access: "read", operationId: "runReport", tags,
    summary: "Run a report definition: metrics by dimensions over a date range (JSON page, or every row as CSV)",
    description:
      "The definition is the advanced report's (the same schema). Days are days of `timezoneId`. Metrics the caller's role may not see are left out " +
      "of the answer. JSON answers one page (`page`, `pageSize`) with the totals; `?format=csv` or `Accept: text/csv` answers every row (up to 100,000) " +
      "and a totals row. Another licensee's ids in filters match nothing. A POST: read-only keys get 403 (use GET /reports/download).",
    query: z.object({ format: z.enum(["json", "csv"]).optional() }),
    body: ReportDefinitionSchema,
    response: { description: "The report.", schema: ReportResultSchema, content: { "text/csv": z.string() } },
    errors: [400, 403],
    handle: ({ ctx, request }) => postReportOperation(ctx, request),
  }),
  defineOperation({
    method: "GET", path: "/reports/download", access: "read", operationId: "downloadReport", tags,
    summary: "A report as CSV or XLSX, from the advanced report page's query (dims, metrics, from, to, tz, f, compare, sort, desc)",
    query: z.object({
      format: z.enum(["csv", "xlsx"]),
      dims: z.string().meta({ description: "Dimensions, comma separated." }),
      metrics: z.string().meta({ description: "Metric ids, comma separated." }),
      from: z.string(),
      to: z.string(),
      tz: z.string().optional(),
      f: z.string().optional().meta({ description: "A filter, repeatable: dimension.in|notIn.value1,value2" }),
    }),
    response: {
      description: "The file.",
      content: { "text/csv": z.string(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": z.string().meta({ format: "binary" }) },
    },
    errors: [400],
    handle: ({ ctx, request }) => downloadReportOperation(ctx, request),
  }),
];
