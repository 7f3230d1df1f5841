// The REST resource of creatives (/api/v1/creatives): list and get.
// business.md 7 also names save, update, activate and deactivate, which the
// console does not have yet: they join here when their actions exist.
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { advertiserRecord, recordState, viewId } from "../api/view-fields";
import { CreativeType } from "../generated/prisma/enums";

/** What a creative and a creative set both start with: their advertiser, landing page, name and creative type. */
export const creativeIdentity = {
  ...advertiserRecord,
  clickDestinationId: viewId.nullable(),
  name: z.string(),
  type: z.enum(CreativeType),
};

export const CreativeViewSchema = z.object({
  ...creativeIdentity,
  width: z.number().int(),
  height: z.number().int(),
  isDco: z.boolean(),
  fileUrl: z.string().nullable(),
  ...recordState,
});

export const creativeResource = defineResource(["creative", "creatives"], CreativeViewSchema, {
  description: "Creatives (images, videos, HTML, native and ad tags) of the advertisers.",
  model: (db) => db.creative,
  sortFields: ["name", "id", "type", "active", "createdAt"],
});
