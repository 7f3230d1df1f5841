"use server";
// The bulk edit's server actions (defineAction: session, role, input schema,
// result shape): the review (a dry run that writes nothing) and the apply.
// Both are writes in the role sense: read-only and demo users are refused
// before anything is read. The apply opens its own transaction (./apply.ts)
// with a time limit fit for hundreds of strategies.
import { defineAction } from "../../actions/define-action";
import { applyStrategyBulkEdit } from "./apply";
import { planStrategyBulkEdit } from "./plan";
import { BulkEditApplyInputSchema, BulkEditPlanInputSchema } from "./schema";

export const planStrategyBulkEditAction = defineAction({
  name: "strategy.bulkEdit.plan",
  access: "write",
  transaction: false,
  input: BulkEditPlanInputSchema,
  run: ({ ctx, db, input }) => planStrategyBulkEdit({ ctx, db }, input.ids, { changes: input.changes }),
});

export const applyStrategyBulkEditAction = defineAction({
  name: "strategy.bulkEdit.apply",
  access: "write",
  transaction: false,
  input: BulkEditApplyInputSchema,
  revalidate: [{ path: "/strategy", type: "layout" }, { path: "/campaign", type: "layout" }],
  run: ({ ctx, db, input }) => applyStrategyBulkEdit({ ctx, db }, input.ids, input.versions, { changes: input.changes }),
});
