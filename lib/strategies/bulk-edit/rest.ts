// POST /api/v1/strategies/bulk-edit (the console's bulk edit over the API,
// with a dry-run flag): { strategyIds, changes, dryRun, versions }.
// dryRun true (the default) answers the review (./plan.ts) and writes nothing;
// dryRun false applies all or nothing with the versions the review answered
// (id → version). Both run the console's action definitions; a message about
// the strategies (an A/B experiment's arm among them) is keyed strategyIds, as
// the body names them.
import "server-only";
import { z } from "../../validation/z";
import { executeAction } from "../../actions/define-action";
import type { SessionContext } from "../../auth/context";
import { readJsonBody } from "../../net/read-body";
import { defineOperation } from "../../rest/operation";
import { BulkEditAnswerSchema, BulkEditBodyDocSchema } from "./api-schema";
import { applyStrategyBulkEditAction, planStrategyBulkEditAction } from "./actions";
import { BULK_EDIT_MESSAGES, BulkFieldChangeSchema } from "./schema";

export const BulkEditBodySchema = z.object({
  strategyIds: z.array(z.union([z.number(), z.string().max(20)])).min(1, BULK_EDIT_MESSAGES.selectStrategies).max(2000, BULK_EDIT_MESSAGES.tooMany),
  changes: z.array(BulkFieldChangeSchema).max(100),
  dryRun: z.boolean().optional(),
  versions: z.record(z.string(), z.number()).optional(),
});

export async function bulkEditOperation(ctx: SessionContext, body: unknown) {
  const input = BulkEditBodySchema.parse(body);
  const run = () => {
    if (input.dryRun === false) {
      const versions = input.versions ?? {};
      return executeAction(applyStrategyBulkEditAction.definition, ctx, { ids: input.strategyIds, changes: input.changes, versions });
    }
    return executeAction(planStrategyBulkEditAction.definition, ctx, { ids: input.strategyIds, changes: input.changes });
  };
  return run().catch((e: unknown) => {
    if (!(e instanceof z.ZodError)) throw e;
    throw new z.ZodError(e.issues.map((i) => (i.path[0] === "ids" ? { ...i, path: ["strategyIds", ...i.path.slice(1)] } : i)));
  });
}

export const bulkEditRestOperation = defineOperation({
  method: "POST", path: "/strategies/bulk-edit", access: "write", operationId: "bulkEditStrategies", tags: ["strategies"],
  summary: "Bulk edit strategies: a dry-run review or an all-or-nothing apply",
  description:
    "Each change names a field, an action the field allows and its items or value. With dryRun (the default) the answer lists per strategy " +
    "what would change (old -> new, list fields as items removed and added), the strategies left unchanged and those whose result breaks a " +
    "strategy rule; nothing is written. With dryRun false and the versions of the review, every strategy is written with its activity row, or " +
    "none: a strategy changed since the review answers 409 naming it, a broken rule 400. Either way an A/B experiment's arm among strategyIds " +
    "answers 400 naming it and its experiment under fieldErrors.strategyIds (arms are changed one at a time, from their experiment).",
  body: BulkEditBodyDocSchema,
  response: { description: "The review, or how many strategies changed.", schema: BulkEditAnswerSchema },
  errors: [400, 403, 404, 409],
  handle: async ({ ctx, request }) => bulkEditOperation(ctx, await readJsonBody(request)),
});
