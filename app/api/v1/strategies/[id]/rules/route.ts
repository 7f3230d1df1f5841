// GET /api/v1/strategies/{id}/rules: the strategy's optimization rules; POST creates one (shell.md 7 orule/all, orule).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/rules", (ctx, _request, params) => ruleRest.list(ctx, params.id));
export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/rules", { access: "write" }, (ctx, request, params) => ruleRest.create(ctx, request, params.id));
