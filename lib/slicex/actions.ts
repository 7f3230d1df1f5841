"use server";
// SliceX's server action: the drill-down into a pivot cell (read-only, any role;
// the engine drops the metrics a read-only user may not see).
import { defineReadAction } from "../actions/define-action";
import { loadCellBreakdown } from "./queries";
import { PivotCellSchema } from "./schema";

export const drillPivotCellAction = defineReadAction("slicex.drill", PivotCellSchema, async ({ ctx, input }) => {
  const result = await loadCellBreakdown(ctx, input);
  return {
    dimension: input.by,
    metric: input.query.metric,
    allowed: result.metrics.includes(input.query.metric),
    rows: result.rows.map((r) => ({ key: r.keys[input.by], label: r.labels[input.by], value: r.values[input.query.metric] ?? null })),
    total: result.totals[input.query.metric] ?? null,
    totalRows: result.totalRows,
    range: result.range,
  };
});
