// POST /api/v1/strategies/{id}/clone (app/api/v1/strategies/[id]/clone/route.ts):
// the clone dialog's action (lib/strategy-templates/actions.ts
// cloneStrategyAction: the strategy schema's rules, reference checks, audit;
// the clone is inactive) run for an API caller, answering the new strategy
// as the strategies resource shows it. Kept apart from ./rest.ts, which the
// entity registry loads: this file reads records through lib/api/execute.ts,
// which itself reads the registry.
import "server-only";
import type { SessionContext } from "../auth/context";
import { executeAction } from "../actions/define-action";
import { getResource } from "../api/execute";
import type { ResourceView } from "../api/resource";
import { requireWrite } from "../data/gate";
import { strategyResource } from "../strategies/rest";
import { cloneStrategyAction } from "./actions";



export async function cloneStrategyOperation(ctx: SessionContext, id: string, body: Record<string, unknown>): Promise<ResourceView> {
  requireWrite(ctx);
  const created = (await executeAction(cloneStrategyAction.definition, ctx, { ...body, id })) as { id: number };
  return getResource(strategyResource, ctx, created.id);
}
