// The answer of POST /api/v1/reports as the OpenAPI document describes it
// (./rest.ts): what runReport (./run.ts) returns, one page of rows and the totals.
import { z } from "../validation/z";
import { DIMENSION_IDS } from "./dimensions";

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
