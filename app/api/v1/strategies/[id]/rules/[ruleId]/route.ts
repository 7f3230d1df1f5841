// POST /api/v1/strategies/{id}/rules/{ruleId} ({ version, ...rule }): updates a rule that is not running (shell.md 7).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string; ruleId: string }>("POST /api/v1/strategies/{id}/rules/{ruleId}", { access: "write" }, (ctx, request, params) =>
  ruleRest.update(ctx, request, params.id, params.ruleId),
);
