"use server";
// Server actions of the creative set screens, built with defineAction
// (session, role, ids, transaction, revalidation, result shape). The logic
// lives in mutations.ts, shared with the REST API and tested without Next.
//
// The input is the form's own schema without its storage step (.in): every
// field and cross-field rule with the form's messages; the mutation parses
// again with the server's clock and the stored schedule.
import { z } from "../validation/z";
import { defineAction, defineReadAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { createCreativeSet, rescheduleCreativeSet, updateCreativeSet } from "./mutations";
import { advertiserSetOptions } from "./options";
import { creativeSetSchema, rescheduleSchema } from "./schema";

// Edit mode without a saved schedule skips the "in the future" rules, which the mutation applies with its own clock.
const loose = { mode: "edit", now: new Date() } as const;
const creativeSetForm = creativeSetSchema(loose).in;
const rescheduleForm = rescheduleSchema(loose).in;

// Names, status and schedule show in the list, menus, breadcrumbs and details under /creative_set.
const CREATIVE_SET_PAGES = [{ path: "/creative_set", type: "layout" }] as const;

export const createCreativeSetAction = defineAction({
  name: "creativeSet.create",
  access: "write",
  idempotent: true,
  input: creativeSetForm,
  revalidate: [...CREATIVE_SET_PAGES],
  run: ({ ctx, db, input }) => createCreativeSet({ ctx, db }, input),
});

export const updateCreativeSetAction = defineAction({
  name: "creativeSet.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), creativeSetForm),
  revalidate: [...CREATIVE_SET_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateCreativeSet({ ctx, db }, id, version, values),
});

export const rescheduleCreativeSetAction = defineAction({
  name: "creativeSet.reschedule",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), rescheduleForm),
  revalidate: [...CREATIVE_SET_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => rescheduleCreativeSet({ ctx, db }, id, version, values),
});

/** The chosen advertiser's click destinations and creative sizes, for the form. */
export const creativeSetAdvertiserOptionsAction = defineReadAction(
  "creativeSet.advertiserOptions",
  z.object({ advertiserId: IdSchema }),
  ({ ctx, input }) => advertiserSetOptions(ctx, input.advertiserId),
);
