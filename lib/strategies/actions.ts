"use server";
// Server actions of the strategy wizard, built with defineAction (session,
// role, ids, transaction, revalidation, result shape). The logic lives in
// mutations.ts and context.ts, shared with the REST API and tested without Next.
//
// The write input is the whole strategy schema without its storage step
// (strategySchema(...).in): every step's fields and rules with the wizard's
// messages. The rules that need the server's clock, the stored schedule and
// type, or the campaign's context (SKAD privilege, objective, DMP access,
// catalog) run again in the mutation, with the same messages.
// Activate and deactivate are the registry's one bulk status action
// (lib/entities/actions.ts), which runs the strategy's SKAD check (./entity.ts).
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { loadStrategyContext, type StrategyContext } from "./context";
import { strategySchema } from "./form";
import { GeoSearchSchema, StrategyContextInputSchema, StrategyPickerInputSchema } from "./action-schemas";
import { searchGeo, type GeoOption } from "./geo";
import { createStrategy, previewStrategyReview, updateStrategy } from "./mutations";
import { loadStrategyPickerOptions, type StrategyPickerOptions } from "./picker-options";

// Edit mode without a saved schedule skips the "in the future" rules, which the mutation applies with its own clock.
const strategyForm = strategySchema({ mode: "edit", now: new Date() }).in;

// Names and status show in the strategy list, menus and breadcrumbs under /strategy, and in the campaign's strategy list.
const STRATEGY_PAGES = [{ path: "/strategy", type: "layout" }, { path: "/campaign", type: "layout" }] as const;

export const createStrategyAction = defineAction({
  name: "strategy.create",
  access: "write",
  idempotent: true,
  input: strategyForm,
  revalidate: [...STRATEGY_PAGES],
  run: ({ ctx, db, input }) => createStrategy({ ctx, db }, input),
});

export const updateStrategyAction = defineAction({
  name: "strategy.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), strategyForm),
  revalidate: [...STRATEGY_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateStrategy({ ctx, db }, id, version, values),
});

/** The wizard's context for a chosen campaign: the facts its rules and visibility read (./context.ts). */
export const strategyContextAction = defineAction({
  name: "strategy.context",
  access: "read",
  input: StrategyContextInputSchema,
  run: ({ ctx, db, input }): Promise<StrategyContext> => loadStrategyContext(db, ctx.licenseeId, input.campaignId),
});

/** What the wizard's pickers offer for a campaign and type: the advertiser's pixels, creatives, sets and audiences, and the dictionaries. */
export const strategyPickerOptionsAction = defineAction({
  name: "strategy.pickerOptions",
  access: "read",
  input: StrategyPickerInputSchema,
  run: ({ ctx, db, input }): Promise<StrategyPickerOptions> => loadStrategyPickerOptions(db, ctx.licenseeId, input.campaignId, input.type),
});

/** The geography pickers: countries, a country's states, a state's (or country's) cities, by name. */
export const searchGeoAction = defineAction({
  name: "strategy.searchGeo",
  access: "read",
  input: GeoSearchSchema,
  run: async ({ input }): Promise<GeoOption[]> => searchGeo(input),
});

/** The review step: the wizard's values checked on the server and described as the details page shows them. */
export const previewStrategyReviewAction = defineAction({
  name: "strategy.previewReview",
  access: "read",
  input: z.intersection(z.object({ id: IdSchema.optional() }), strategyForm),
  run: ({ ctx, input: { id, ...values } }) => previewStrategyReview(ctx, id ?? null, values),
});
