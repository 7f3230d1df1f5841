"use server";
// Generating (and so rotating) an advertiser's MMP postback key, from the
// advertiser's SETTINGS tab: a write, so read-write users only (RO and DEMO
// are refused by defineAction before the body runs), in one transaction with
// its activity row.
import { z } from "../../validation/z";
import { defineAction } from "../../actions/define-action";
import { IdSchema } from "../../actions/fields";
import { rotatePostbackKey } from "./keys";

export const rotatePostbackKeyAction = defineAction({
  name: "audience.postbackKey.rotate",
  access: "write",
  input: z.object({ advertiserId: IdSchema }),
  run: ({ ctx, db, input }) => rotatePostbackKey({ ctx, db }, input.advertiserId),
  // The settings tab shows whether a key exists and since when.
  revalidate: (input) => [`/advertiser/details/${input.advertiserId}/settings`],
});
