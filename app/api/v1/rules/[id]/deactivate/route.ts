// POST /api/v1/rules/{id}/deactivate ({ unblockApps }): deletes the rule, unblocking its apps when asked (shell.md 4, 7).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/rules/{id}/deactivate", { access: "write" }, (ctx, request, params) => ruleRest.deactivate(ctx, request, params.id));
