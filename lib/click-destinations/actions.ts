"use server";
// Server actions of the CLICK DESTINATIONS tab, built with defineAction
// (session, role, ids, transaction, revalidation, result shape). The form
// values are validated by the mutation against the advertiser's MMP, so the
// action's schema only names the ids and passes the values on.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { createClickDestination, setClickDestinationActive, updateClickDestination } from "./mutations";

const tabPath = (advertiserId: number) => `/advertiser/details/${advertiserId}/clickdestinations`;

export const createClickDestinationAction = defineAction({
  name: "clickDestination.create",
  access: "write",
  idempotent: true,
  input: z.looseObject({ advertiserId: IdSchema }),
  revalidate: (input) => [tabPath(input.advertiserId)],
  run: ({ ctx, db, input }) => createClickDestination({ ctx, db }, input.advertiserId, input),
});

export const updateClickDestinationAction = defineAction({
  name: "clickDestination.update",
  access: "write",
  input: z.looseObject({ advertiserId: IdSchema, id: IdSchema, version: VersionSchema }),
  revalidate: (input) => [tabPath(input.advertiserId)],
  run: ({ ctx, db, input }) => updateClickDestination({ ctx, db }, input.id, input.version, input),
});

export const setClickDestinationActiveAction = defineAction({
  name: "clickDestination.setActive",
  access: "write",
  input: z.object({ advertiserId: IdSchema, id: IdSchema, active: z.boolean() }),
  revalidate: (input) => [tabPath(input.advertiserId)],
  run: ({ ctx, db, input }) => setClickDestinationActive({ ctx, db }, input.id, input.active),
});
