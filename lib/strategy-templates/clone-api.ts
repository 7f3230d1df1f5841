// POST /api/v1/strategies/{id}/clone: the clone dialog's action
// (lib/strategy-templates/actions.ts cloneStrategyAction: the strategy
// schema's rules, reference checks, audit; the clone is inactive) run for an
// API caller, answering the new strategy as the strategies resource shows it.
// The strategy templates' entity hands it to the registry (./rest.ts).
import "server-only";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { GetInputSchema } from "../rest/read";
import { readView } from "../rest/read-view";
import { defineOperation } from "../rest/operation";
import { strategyResource } from "../strategies/rest";
import { cloneStrategyAction } from "./actions";
import { CloneBodySchema } from "./schema";

export const cloneStrategyOperation = defineOperation({
  method: "POST", path: "/strategies/{id}/clone", access: "write", operationId: "cloneStrategy", tags: ["strategies"],
  idempotent: true,
  summary: "Clone a strategy into a campaign of its advertiser (the clone is inactive)",
  description:
    "The stored strategy's settings with the new name and campaign, through the strategy's own create rules (a past start becomes " +
    "'immediately', a past end 'never ending'); creatives and creative sets are copied when asked for. Field errors name the body's fields.",
  params: GetInputSchema,
  body: CloneBodySchema,
  response: { description: "The new strategy.", schema: strategyResource.view },
  errors: [400, 403, 404, 409],
  handle: async ({ ctx, request, params: { id } }) => {
    const created = (await executeAction(cloneStrategyAction.definition, ctx, { ...(await readJsonBody(request)), id })) as { id: number };
    return readView(strategyResource, ctx, created.id);
  },
});
