"use server";
// Server actions of the experiment screens, built with defineAction
// (session, role, ids, transaction, revalidation, result shape). The logic
// lives in mutations.ts, shared with the REST API and tested without Next.
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema } from "../actions/fields";
import { createExperiment, setExperimentStatus, updateExperiment } from "./mutations";
import { campaignStrategyOptions } from "./options";
import { ExperimentSchema, ExperimentStatusSchema, UpdateExperimentSchema } from "./schema";

// The list, details and edit pages, and the strategy lists the arms leave or rejoin.
const EXPERIMENT_PAGES = [
  { path: "/experiment", type: "layout" },
  { path: "/experiments", type: "layout" },
  { path: "/strategy", type: "layout" },
  { path: "/campaign", type: "layout" },
] as const;

export const createExperimentAction = defineAction({
  name: "experiment.create",
  access: "write",
  idempotent: true,
  input: ExperimentSchema.in,
  revalidate: [...EXPERIMENT_PAGES],
  run: ({ ctx, db, input }) => createExperiment({ ctx, db }, input),
});

export const updateExperimentAction = defineAction({
  name: "experiment.update",
  access: "write",
  input: UpdateExperimentSchema.in,
  revalidate: [...EXPERIMENT_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateExperiment({ ctx, db }, id as number, version as number, values),
});

export const setExperimentStatusAction = defineAction({
  name: "experiment.status",
  access: "write",
  input: ExperimentStatusSchema,
  revalidate: [...EXPERIMENT_PAGES],
  run: ({ ctx, db, input: { id, version, status } }) => setExperimentStatus({ ctx, db }, id, version, status),
});

/** The chosen campaign's strategies that may be arms, for the form. */
export const experimentStrategyOptionsAction = defineReadAction(
  "experiment.strategyOptions",
  z.object({ campaignId: IdSchema, experimentId: IdSchema.optional() }),
  ({ ctx, input }) => campaignStrategyOptions(ctx, input.campaignId, input.experimentId ?? null),
);
