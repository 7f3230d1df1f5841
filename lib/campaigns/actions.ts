"use server";
// Server actions of the campaign screens, built with defineAction (session,
// role, ids, transaction, revalidation, result shape). The logic lives in
// mutations.ts, shared with the REST API and tested without Next.
//
// The input is the campaign form's own schema without its final storage step
// (campaignSchema(...).in): every field rule and cross-field rule with the
// form's messages, answering the form's values made canonical (a margin stays
// a percentage, times epoch seconds), which the mutation parses again. The
// rules that need the server's clock on save, the stored schedule or the
// licensee's SKAD privilege run there, with the same messages.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { createCampaign, updateCampaign } from "./mutations";
import { campaignSchema } from "./schema";

// Edit mode without a saved schedule skips the "in the future" rules, which the mutation applies with its own clock.
const campaignForm = campaignSchema({ mode: "edit", now: new Date() }).in;

// Names and status show in the campaign list, menus and breadcrumbs under /campaign.
const CAMPAIGN_PAGES = [{ path: "/campaign", type: "layout" }] as const;

export const createCampaignAction = defineAction({
  name: "campaign.create",
  access: "write",
  idempotent: true,
  input: campaignForm,
  revalidate: [...CAMPAIGN_PAGES],
  run: ({ ctx, db, input }) => createCampaign({ ctx, db }, input),
});

export const updateCampaignAction = defineAction({
  name: "campaign.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), campaignForm),
  revalidate: [...CAMPAIGN_PAGES],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateCampaign({ ctx, db }, id, version, values),
});
