// POST /api/v1/strategies/{id}/clone ({ name, campaignId, copyCreatives,
// copyCreativeSets }): the clone dialog's action for an API caller, answering
// the new (inactive) strategy. See lib/strategy-templates/clone-api.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { cloneStrategyOperation } from "@/lib/strategy-templates/clone-api";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/clone", { access: "write" }, async (ctx, request, params) => cloneStrategyOperation(ctx, params.id, await readJsonBody(request)));
