"use server";
// Server actions of the audience screens, built with defineAction (session,
// role, ids, transaction, revalidation, result shape; RO and DEMO refused).
// The logic lives in mutations.ts, shared with the REST API and tested
// without Next. The input is the form's own schema without its storage step
// (.in): every field, rule and message of the form.
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { enqueueLookAlikeIfPending } from "./lookalike/queue";
import { createAudience, updateAudience } from "./mutations";
import { seedAudienceOptions } from "./queries";
import { audienceSchema } from "./schema";

const audienceForm = audienceSchema().in;

// Names, status and rules show in the list, menus, breadcrumbs and details under /audience.
const AUDIENCE_PAGES = [{ path: "/audience", type: "layout" }] as const;

export const createAudienceAction = defineAction({
  name: "audience.create",
  access: "write",
  idempotent: true,
  input: audienceForm,
  revalidate: [...AUDIENCE_PAGES],
  run: ({ ctx, db, input }) => createAudience({ ctx, db }, input),
  after: ({ ctx }, audience) => enqueueLookAlikeIfPending(ctx.licenseeId, audience),
});

export const updateAudienceAction = defineAction({
  name: "audience.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), audienceForm),
  revalidate: [...AUDIENCE_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateAudience({ ctx, db }, id, version, values),
  after: ({ ctx }, audience) => enqueueLookAlikeIfPending(ctx.licenseeId, audience),
});

/** The chosen advertiser's audiences a look-alike may grow from, for the form. */
export const audienceSeedOptionsAction = defineReadAction("audience.seedOptions", z.object({ advertiserId: IdSchema }), ({ ctx, input }) =>
  seedAudienceOptions(ctx, input.advertiserId),
);
