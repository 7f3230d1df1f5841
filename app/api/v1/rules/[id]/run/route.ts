// POST /api/v1/rules/{id}/run: marks the rule RUNNING and queues its run (shell.md 7 orule/{id}/run).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/rules/{id}/run", { access: "write" }, (ctx, _request, params) => ruleRest.run(ctx, params.id));
