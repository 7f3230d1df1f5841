"use server";
// Server action of the SETTINGS tab, built with defineAction (session, role,
// ids, transaction, revalidation, result shape). One setting per call
// (business.md 7: key, type, value); mutations.ts validates the value by the
// setting's own rules and checks the advertiser against the licensee.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { updateAdvertiserSetting } from "./mutations";
import { SettingUpdateSchema } from "./schema";

export const updateAdvertiserSettingAction = defineAction({
  name: "advertiserSetting.update",
  access: "write",
  // version: the one the form was loaded with, null for a key not stored yet.
  input: z.intersection(z.object({ advertiserId: IdSchema, version: VersionSchema.nullable() }), SettingUpdateSchema),
  run: ({ ctx, db, input }) => updateAdvertiserSetting({ ctx, db }, input.advertiserId, input.version, input),
  revalidate: (input, result) => (result.changed ? [`/advertiser/details/${input.advertiserId}/settings`] : []),
});
