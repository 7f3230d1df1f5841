// GET /api/v1/strategies/{id}/targeting?entity=aggregator|site: the strategy's
// aggregator or site lists by name, with its version
// (lib/optimization/blocking/existing-targeting.ts).
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { existingTargetingAction } from "@/lib/optimization/blocking/actions";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/targeting", async (ctx, request, params) => {
  const entity = new URL(request.url).searchParams.get("entity") ?? undefined;
  return executeAction(existingTargetingAction.definition, ctx, { strategyId: params.id, entity });
});
