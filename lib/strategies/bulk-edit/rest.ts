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
