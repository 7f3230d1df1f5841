// GET /api/v1/strategies/{id}/targeting-suggestions?entity=aggregator|site:
// the blocking dialog's suggestions (lib/optimization/blocking/suggestions.ts).
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { targetingSuggestionsAction } from "@/lib/optimization/blocking/actions";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/targeting-suggestions", async (ctx, request, params) => {
  const entity = new URL(request.url).searchParams.get("entity") ?? undefined;
  return executeAction(targetingSuggestionsAction.definition, ctx, { strategyId: params.id, entity });
});
