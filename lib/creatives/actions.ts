"use server";
// Server actions of the creative screens, built with defineAction (session,
// role, ids, transaction, revalidation, result shape). The logic lives in
// mutations.ts, associate.ts, strategy-picker.ts and reviews.ts, shared with
// the REST API and tested without Next.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { AssociateStrategiesSchema, associateWithStrategies } from "./associate";
import { saveCreatives, updateCreative } from "./mutations";
import { SaveCreativesSchema, UpdateCreativeSchema } from "./schema";
import { StrategyPickerSchema, strategyPickerPage } from "./strategy-picker";
import { SetReviewSchema, setCreativeReview } from "./reviews";

// Creatives show on /creative, on their sets' pages and (associated) on strategy pages.
const CREATIVE_PAGES = [
  { path: "/creative", type: "layout" },
  { path: "/creative_set", type: "layout" },
] as const;

/** Saves the add-creatives table into a set (all rows or none). */
export const saveCreativesAction = defineAction({
  name: "creative.save",
  access: "write",
  idempotent: true,
  input: SaveCreativesSchema,
  // Storage and ffprobe are read while checking the files: the mutation opens its own transaction after.
  transaction: false,
  revalidate: [...CREATIVE_PAGES],
  run: ({ ctx, db, input }) => saveCreatives({ ctx, db }, input),
});

export const updateCreativeAction = defineAction({
  name: "creative.update",
  access: "write",
  input: UpdateCreativeSchema,
  revalidate: [...CREATIVE_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateCreative({ ctx, db }, id, version, values),
});

export const associateStrategiesAction = defineAction({
  name: "creative.associateStrategies",
  access: "write",
  input: AssociateStrategiesSchema,
  revalidate: [...CREATIVE_PAGES, { path: "/strategy", type: "layout" }],
  run: ({ ctx, db, input }) => associateWithStrategies({ ctx, db }, input),
});

/** One page of the strategies the associate dialog offers. */
export const strategyPickerAction = defineAction({
  name: "creative.strategyPicker",
  access: "read",
  input: StrategyPickerSchema,
  run: ({ ctx, input }) => strategyPickerPage(ctx, input),
});

/** An exchange's review of a creative (the REST API's PUT .../reviews/{aggregatorId}). */
export const setCreativeReviewAction = defineAction({
  name: "creative.setReview",
  access: "write",
  input: SetReviewSchema,
  revalidate: [...CREATIVE_PAGES, { path: "/strategy", type: "layout" }],
  run: ({ ctx, db, input }) => setCreativeReview({ ctx, db }, input),
});

/** The ids the associate dialog was opened for, checked (kept for the REST body docs). */
export type AssociateStrategiesBody = z.input<typeof AssociateStrategiesSchema>;
