"use server";
// Server actions of the audience details page's Backfill section, built with
// defineAction (session, role, ids, transaction, result shape; RO and DEMO
// refused writes). The logic lives in service.ts, shared with the REST API.
import { z } from "../../validation/z";
import { defineAction, defineReadAction } from "../../actions/define-action";
import { IdSchema } from "../../actions/fields";
import { backfillInputShape } from "./query";
import { enqueueAudienceBackfill } from "./jobs";
import { addBackfillRule, getBackfillStatus, getBackfillTemplates, validateBackfillQuery } from "./service";

const BackfillFormSchema = z.object({ audienceId: IdSchema, ...backfillInputShape });

/** business.md 7 "add or activate backfill rule": saves the rule (the only active one) and queues its run once committed. */
export const addBackfillRuleAction = defineAction({
  name: "audience.backfill.add",
  access: "write",
  input: BackfillFormSchema,
  revalidate: [{ path: "/audience", type: "layout" }],
  run: ({ ctx, db, input: { audienceId, ...rule } }) => addBackfillRule({ ctx, db }, audienceId, rule),
  after: async ({ ctx }, status) => {
    await enqueueAudienceBackfill(status.audienceId, ctx.licenseeId);
  },
});

/** business.md 7 "validate backfill query" (15 s timeout): changes nothing. */
export const validateBackfillQueryAction = defineReadAction("audience.backfill.validate", BackfillFormSchema, ({ ctx, input: { audienceId, ...rule } }) =>
  validateBackfillQuery(ctx, audienceId, rule),
);

/** The audience's backfill status (the section polls it while a run is queued or running). */
export const backfillStatusAction = defineReadAction("audience.backfill.status", z.object({ audienceId: IdSchema }), ({ ctx, input }) =>
  getBackfillStatus(ctx, input.audienceId),
);

/** business.md 7 "backfill query templates": those the audience's source may use. */
export const backfillTemplatesAction = defineReadAction("audience.backfill.templates", z.object({ audienceId: IdSchema }), ({ ctx, input }) =>
  getBackfillTemplates(ctx, input.audienceId),
);
