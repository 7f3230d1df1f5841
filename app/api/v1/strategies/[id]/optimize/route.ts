// POST /api/v1/strategies/{id}/optimize {siteIds, aggregatorIds, version?}:
// blocks them with the dialog's merge rules (lib/optimization/blocking/optimize.ts).
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { optimizeStrategyAction } from "@/lib/optimization/blocking/actions";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/optimize", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  return executeAction(optimizeStrategyAction.definition, ctx, { ...(await readJsonObject(request)), strategyId: params.id });
});
