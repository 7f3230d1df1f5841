// The strategy blocking dialog's REST operations (shell.md 2.13, 3, 7
// 'Strategy optimization'): its suggestions and the strategy's existing
// lists (reads), and optimize (block with the dialog's merge rules), each the
// dialog's own action definition run for the API caller.
import "server-only";
import { executeAction } from "../../actions/define-action";
import { readJsonBody } from "../../net/read-body";
import { GetInputSchema } from "../../rest/read";
import { defineOperation, type RestOperation } from "../../rest/operation";
import { existingTargetingAction, optimizeStrategyAction, targetingSuggestionsAction } from "./actions";
import { BlockingEntityQuerySchema, ExistingTargetingSchema, OptimizeBodySchema, OptimizeResultSchema, SuggestionResponseSchema } from "./schema";

const tags = ["strategies"];

/** ?entity=aggregator|site (the action defaults and checks it). */
const entityOf = (request: Request) => new URL(request.url).searchParams.get("entity") ?? undefined;

export const blockingOperations: readonly RestOperation[] = [
  defineOperation({
    method: "GET", path: "/strategies/{id}/targeting-suggestions", access: "read", operationId: "getStrategyTargetingSuggestions", tags,
    summary: "Aggregators or sites to block: those that delivered in the past 30 days, minus the strategy's existing lists",
    description:
      "Per item: revenue (Adv Spend), cost (Media Spend), ecpi, ecpa, ctr, ecpm, ecpc, iti, ctc, roi over the strategy's delivery of the past 30 days " +
      "(ctr and ctc in percent, money in currencyCode); metrics the caller's role may not see are null.",
    params: GetInputSchema,
    query: BlockingEntityQuerySchema,
    response: { description: "The suggestions.", schema: SuggestionResponseSchema },
    errors: [400, 404],
    handle: ({ ctx, request, params: { id } }) => executeAction(targetingSuggestionsAction.definition, ctx, { strategyId: id, entity: entityOf(request) }),
  }),
  defineOperation({
    method: "GET", path: "/strategies/{id}/targeting", access: "read", operationId: "getStrategyTargeting", tags,
    summary: "The strategy's aggregator or site target and blocked lists, by name, with its version",
    params: GetInputSchema,
    query: BlockingEntityQuerySchema,
    response: { description: "The existing targeting.", schema: ExistingTargetingSchema },
    errors: [400, 404],
    handle: ({ ctx, request, params: { id } }) => executeAction(existingTargetingAction.definition, ctx, { strategyId: id, entity: entityOf(request) }),
  }),
  defineOperation({
    method: "POST", path: "/strategies/{id}/optimize", access: "write", operationId: "optimizeStrategy", tags,
    summary: "Block aggregators and/or sites on a strategy (allowed once it is 30 days old or has 10 installs/conversions)",
    description:
      "For each kind sent: an existing target list is replaced by blocking (targetList emptied, blockedList = the ids sent); an existing blocked list " +
      "is merged with the ids sent. With version, a strategy changed since is 409. A strategy not yet eligible is 409 with the reason. Audited on the strategy.",
    params: GetInputSchema,
    body: OptimizeBodySchema,
    response: { description: "The lists written and the strategy's new version.", schema: OptimizeResultSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id } }) => executeAction(optimizeStrategyAction.definition, ctx, { ...(await readJsonBody(request)), strategyId: id }),
  }),
];
