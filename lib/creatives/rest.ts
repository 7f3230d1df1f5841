// The REST resource of creatives (/api/v1/creatives): list, get, create (into
// a creative set: business.md 7 "save"), update (name, click destination and
// identifiers), activate and deactivate, through the console's own action
// definitions; and the two custom operations (associate strategies, an
// exchange's review), whose routes are app/api/v1/creatives/associate-strategies
// and app/api/v1/creatives/[id]/reviews/[aggregatorId].
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../api/define-resource";
import { bulkStatusOperations, erase } from "../api/resource";
import { advertiserRecord, recordState, viewId } from "../api/view-fields";
import { IdSchema } from "../actions/fields";
import { CreativeType } from "../generated/prisma/enums";
import type { SessionContext } from "../auth/context";
import { executeAction } from "../actions/define-action";
import { requireWrite } from "../data/gate";
import { associateStrategiesAction, saveCreativesAction, setCreativeReviewAction, updateCreativeAction } from "./actions";
import { ASSOCIATE_BODY_FIELDS, AssociateStrategiesBodySchema, SetReviewBodySchema } from "./api-schema";
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
  storageKey: NewCreativeRowSchema.shape.storageKey.meta({
    description: "File types: the storageKey the upload (/v2/api/upload/creative) answered. Sizes, duration and bitrate are read again from the stored file.",
  }),
});

const editBody = z.object({
  name: z.string(),
  clickDestinationId: viewId.nullable(),
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

/**
 * POST /api/v1/creatives/associate-strategies: the body of business.md 7 run
 * as the console's associate action (same rules, one audit row per strategy);
 * field errors are named as the body names them.
 */
export async function associateStrategiesOperation(ctx: SessionContext, body: unknown) {
  requireWrite(ctx); // before the body is read
  const input = AssociateStrategiesBodySchema.parse(body);
  try {
    return await executeAction(associateStrategiesAction.definition, ctx, {
      kind: "creative",
      ids: input.creativesList,
      strategyIds: input.strategyList,
      replaceExisting: input.replaceExistingCreatives,
    });
  } catch (e) {
    if (!(e instanceof z.ZodError)) throw e;
    throw new z.ZodError(e.issues.map((i) => ({ ...i, path: [ASSOCIATE_BODY_FIELDS[String(i.path[0])] ?? i.path[0], ...i.path.slice(1)].filter((p) => p !== undefined) })));
  }
}

/** PUT /api/v1/creatives/{id}/reviews/{aggregatorId}: an exchange's review, as the console's review action (write keys only, audited). */
export async function setReviewOperation(ctx: SessionContext, params: { id: string; aggregatorId: string }, body: unknown) {
  requireWrite(ctx);
  const { status, reason } = SetReviewBodySchema.parse(body);
  return executeAction(setCreativeReviewAction.definition, ctx, { creativeId: params.id, aggregatorId: params.aggregatorId, status, reason });
}
