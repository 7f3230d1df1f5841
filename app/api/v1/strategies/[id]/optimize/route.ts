// POST /api/v1/strategies/{id}/optimize {siteIds, aggregatorIds, version?}:
// blocks them with the dialog's merge rules (lib/optimization/blocking/optimize.ts).
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { readJsonBody } from "@/lib/net/read-body";
import { optimizeStrategyAction } from "@/lib/optimization/blocking/actions";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/optimize", { access: "write" }, async (ctx, request, params) => executeAction(optimizeStrategyAction.definition, ctx, { ...(await readJsonBody(request)), strategyId: params.id }));
