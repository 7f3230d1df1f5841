"use server";
// Server actions of the image library, built with defineAction (session, role,
// ids, result shape). The inputs are the library's schemas (lib/images/schema.ts);
// mutations.ts re-checks every uploaded file and the advertiser.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema } from "../actions/fields";
import { addImages, deleteImages, discardUploads } from "./mutations";
import { listImages } from "./queries";
import { AddImagesSchema, DeleteImagesSchema, DiscardUploadsSchema, ImageKindSchema } from "./schema";

const ofAdvertiser = z.object({ advertiserId: IdSchema });

export const listImagesAction = defineAction({
  name: "images.list",
  access: "read",
  input: z.object({ advertiserId: IdSchema, kind: ImageKindSchema }),
  run: ({ ctx, input }) => listImages(ctx, input.advertiserId, input.kind),
});

/** Saves uploaded images (URLs from POST /api/uploads/images) to the library of `kind`. */
export const addImagesAction = defineAction({
  name: "images.add",
  access: "write",
  input: z.intersection(ofAdvertiser, AddImagesSchema),
  // The files are read from the store before the library's own short transaction.
  transaction: false,
  run: ({ ctx, db, input }) => addImages({ ctx, db }, input.advertiserId, input),
});

/** Soft-deletes images of the library by their ids (never the default logo). */
export const deleteImagesAction = defineAction({
  name: "images.delete",
  access: "write",
  input: z.intersection(ofAdvertiser, DeleteImagesSchema),
  run: ({ ctx, db, input }) => deleteImages({ ctx, db }, input.advertiserId, input),
});

/** Removes uploads that were never saved (Cancel). */
export const discardUploadsAction = defineAction({
  name: "images.discardUploads",
  access: "write",
  input: z.object({ advertiserId: IdSchema, urls: DiscardUploadsSchema }),
  // Deletes files from the store, no database row.
  transaction: false,
  run: ({ ctx, db, input }) => discardUploads({ ctx, db }, input.advertiserId, input.urls),
});
