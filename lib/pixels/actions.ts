"use server";
// Server actions of the conversion tracker pages, built with defineAction
// (session, role, ids, transaction, revalidation, result shape). The input is
// the form's own schema (lib/pixels/schema.ts); mutations.ts converts the
// values and checks the pixel and advertiser against the licensee.
import { z } from "../validation/z";
import { defineAction } from "../actions/define-action";
import { IdSchema, VersionSchema } from "../actions/fields";
import { createPixel, updatePixel } from "./mutations";
import { PixelFormSchema } from "./schema";

const listPath = (advertiserId: number) => `/advertiser/details/${advertiserId}/pixel`;
const detailsPath = (advertiserId: number, pixelId: number) => `/advertiser/${advertiserId}/pixel/details/${pixelId}`;

export const createPixelAction = defineAction({
  name: "pixel.create",
  access: "write",
  idempotent: true,
  input: z.intersection(z.object({ advertiserId: IdSchema }), PixelFormSchema),
  revalidate: (input) => [listPath(input.advertiserId)],
  run: ({ ctx, db, input: { advertiserId, ...values } }) => createPixel({ ctx, db }, advertiserId, values),
});

export const updatePixelAction = defineAction({
  name: "pixel.update",
  access: "write",
  input: z.intersection(z.object({ advertiserId: IdSchema, id: IdSchema, version: VersionSchema }), PixelFormSchema),
  revalidate: (input) => [listPath(input.advertiserId), detailsPath(input.advertiserId, input.id)],
  run: ({ ctx, db, input: { advertiserId, id, version, ...values } }) => updatePixel({ ctx, db }, advertiserId, id, version, values),
});
