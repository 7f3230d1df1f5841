// GET /api/v1/strategies/{id}/rules/logs: each rule's blocked apps, keyed by rule id (shell.md 7 orule/logs).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/rules/logs", (ctx, _request, params) => ruleRest.logs(ctx, params.id));
