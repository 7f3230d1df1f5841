"use server";
// Server actions of the advertiser screens, built with defineAction (session,
// role, ids, transaction, revalidation, result shape). The input is the
// form's own schema (lib/advertisers/schema.ts); the logic lives in
// mutations.ts, shared with the REST API and tested without Next. Archiving
// takes the advertiser's entities along: lib/entities/actions.ts.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { createAdvertiser, setAdvertiserActive, updateAdvertiser } from "./mutations";
import { AdvertiserUpdateSchema } from "./schema";

// Status and names show in menus, breadcrumbs and lists of every section, and
// deactivating also changes campaigns and strategies (business.md 4).
const EVERY_PAGE = [{ path: "/", type: "layout" }] as const;

export const createAdvertiserAction = defineAction({
  name: "advertiser.create",
  access: "write",
  idempotent: true,
  input: AdvertiserUpdateSchema,
  revalidate: [...EVERY_PAGE],
  run: ({ ctx, db, input }) => createAdvertiser({ ctx, db }, input),
});

export const updateAdvertiserAction = defineAction({
  name: "advertiser.update",
  access: "write",
  input: z.intersection(z.object({ id: IdSchema, version: VersionSchema }), AdvertiserUpdateSchema),
  // The name appears in menus, breadcrumbs and lists under /advertiser.
  revalidate: [{ path: "/advertiser", type: "layout" }],
  run: ({ ctx, db, input: { id, version, ...values } }) => updateAdvertiser({ ctx, db }, id, version, values),
});

export const setAdvertiserActiveAction = defineAction({
  name: "advertiser.setActive",
  access: "write",
  input: z.object({ id: IdSchema, active: z.boolean() }),
  revalidate: [...EVERY_PAGE],
  run: ({ ctx, db, input }) => setAdvertiserActive({ ctx, db }, input.id, input.active),
});
