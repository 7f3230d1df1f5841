// The REST resource of creatives (/api/v1/creatives): list, get, create (into
// a creative set: business.md 7 "save"), update (name, click destination and
// identifiers), activate and deactivate, through the console's own action
// definitions; its other operations are in rest-operations.ts.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { bulkStatusOperations, erase } from "../rest/resource";
import { advertiserRecord, recordState, viewId } from "../rest/view-fields";
import { IdSchema } from "../actions/fields";
import { CreativeType } from "../generated/prisma/enums";
import { saveCreativesAction, updateCreativeAction } from "./actions";
import { creativeOperations } from "./rest-operations";
import { NewCreativeRowSchema } from "./schema";

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
  mimeType: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  bitrateKbps: z.number().int().nullable(),
  kktuCode: z.string().nullable(),
  person: z.string().nullable(),
  erId: z.string().nullable(),
  ...recordState,
});

const createBody = z.object({
  creativeSetId: IdSchema.meta({ description: "The creative set the creative is added to; the creative takes its advertiser." }),
  type: z.enum(CreativeType).meta({ description: "Must be the set's type." }),
  ...NewCreativeRowSchema.shape,
  clickDestinationId: NewCreativeRowSchema.shape.clickDestinationId.meta({ description: "Required: a click destination of the set's advertiser." }),
  storageKey: NewCreativeRowSchema.shape.storageKey.meta({
    description: "File types: the storageKey the upload (/v2/api/upload/creative) answered. Sizes, duration and bitrate are read again from the stored file.",
  }),
});

const editBody = z.object({
  name: z.string(),
  clickDestinationId: viewId.meta({ description: "A click destination of the creative's advertiser (required). A creative stored without one must be given one by its next PATCH." }),
  kktuCode: z.string().nullable(),
  person: z.string().nullable(),
  erId: z.string().nullable(),
});

export const creativeResource = defineResource(["creative", "creatives"], CreativeViewSchema, {
  description: "Creatives (images, videos, HTML, native and ad tags) of the advertisers.",
  model: (db) => db.creative,
  sortFields: ["name", "id", "type", "active", "createdAt"],
  create: {
    definition: erase(saveCreativesAction.definition),
    body: createBody,
    input: ({ creativeSetId, type, ...row }) => ({ creativeSetId, type, creatives: [row] }),
    createdId: (result) => (result as { id: number }[])[0].id,
  },
  update: {
    definition: erase(updateCreativeAction.definition),
    body: editBody,
    // The type decides which identifiers are required: the stored one.
    input: ({ id, version, values, current }) => ({
      ...values,
      kktuCode: values.kktuCode ?? "",
      person: values.person ?? "",
      erId: values.erId ?? "",
      id,
      version,
      type: (current as unknown as { type: string }).type,
    }),
  },
  ...bulkStatusOperations("creative"),
});

/** What the entity hands to the registry (its entity.ts). */
export const creativeRest: EntityRest = { resource: creativeResource, operations: creativeOperations };
