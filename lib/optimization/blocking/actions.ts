"use server";
// Server actions of the strategy blocking dialog (shell.md 2.13), built with
// defineAction; the REST operations of ./rest.ts run the same
// definitions with executeAction for an API key.
import { defineAction } from "../../actions/define-action";
import { loadExistingTargeting } from "./existing-targeting";
import { optimizeStrategy } from "./optimize";
import { BlockingQuerySchema, OptimizeInputSchema } from "./schema";
import { loadSuggestions } from "./suggestions";

/** The suggestions of one tab (shell.md 3 'Suggestion response'). */
export const targetingSuggestionsAction = defineAction({
  name: "strategy.targetingSuggestions",
  access: "read",
  input: BlockingQuerySchema,
  run: ({ ctx, input }) => loadSuggestions(ctx, input.strategyId, input.entity),
});

/** The strategy's lists of one tab (shell.md 3 'Existing targeting response'). */
export const existingTargetingAction = defineAction({
  name: "strategy.existingTargeting",
  access: "read",
  input: BlockingQuerySchema,
  run: ({ ctx, input }) => loadExistingTargeting(ctx, input.strategyId, input.entity),
});

/** Save (shell.md 3 'Optimize payload'): read-write users only. */
export const optimizeStrategyAction = defineAction({
  name: "strategy.optimize",
  access: "write",
  input: OptimizeInputSchema,
  revalidate: (input) => [`/strategy/details/${input.strategyId}`],
  run: ({ ctx, db, input: { strategyId, ...body } }) => optimizeStrategy({ ctx, db }, strategyId, body),
});
