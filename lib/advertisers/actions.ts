"use server";
// Server actions of the advertiser screens, built with defineAction (session,
// role, ids, transaction, revalidation, result shape). The input is the
// form's own schema (lib/advertisers/schema.ts); the logic lives in
// mutations.ts, shared with the REST API and tested without Next.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { archiveAdvertiser, createAdvertiser, setAdvertiserActive, updateAdvertiser } from "./mutations";
import { AdvertiserUpdateSchema } from "./schema";

// Status and names show in menus, breadcrumbs and lists of every section, and
// deactivating also changes campaigns and strategies (business.md 4).
const EVERY_PAGE = [{ path: "/", type: "layout" }] as const;

export const createAdvertiserAction = defineAction({
  name: "advertiser.create",
  access: "write",
  input: AdvertiserUpdateSchema,
  revalidate: [...EVERY_PAGE],
  run: ({ ctx, input }) => createAdvertiser(ctx, input),
});

export const updateAdvertiserAction = defineAction({
  name: "advertiser.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), AdvertiserUpdateSchema),
  // The name appears in menus, breadcrumbs and lists under /advertiser.
  revalidate: [{ path: "/advertiser", type: "layout" }],
  run: ({ ctx, input: { id, version, ...values } }) => updateAdvertiser(ctx, id, version, values),
});

export const setAdvertiserActiveAction = defineAction({
  name: "advertiser.setActive",
  access: "write",
  input: z.object({ id: IdSchema, active: z.boolean() }),
  revalidate: [...EVERY_PAGE],
  run: ({ ctx, input }) => setAdvertiserActive(ctx, input.id, input.active),
});

export const archiveAdvertiserAction = defineAction({
  name: "advertiser.archive",
  access: "write",
  input: z.object({ id: IdSchema }),
  revalidate: [...EVERY_PAGE],
  run: ({ ctx, input }) => archiveAdvertiser(ctx, input.id),
});
