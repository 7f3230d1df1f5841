// POST /api/v1/strategies/{id}/clone ({ name, campaignId, copyCreatives,
// copyCreativeSets }): the clone dialog's action for an API caller, answering
// the new (inactive) strategy. See lib/strategy-templates/clone-api.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { cloneStrategyOperation } from "@/lib/strategy-templates/clone-api";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/clone", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  return cloneStrategyOperation(ctx, params.id, await readJsonObject(request));
});
