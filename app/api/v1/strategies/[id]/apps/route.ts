// GET /api/v1/strategies/{id}/apps?search=: apps that delivered for the strategy over the past 30 days, by name or package (shell.md 9).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/apps", (ctx, request, params) => ruleRest.searchApps(ctx, params.id, new URL(request.url)));
