// The bodies and answers of the creatives' custom REST operations, as
// business.md 7 names them, for the routes and the OpenAPI document (pure:
// no server imports). The routes translate them to the console's own action
// inputs (AssociateStrategiesSchema, SetReviewSchema), so the same rules and
// messages apply; field errors come back under these names.
import { z } from "../validation/z";
import { IdSchema } from "../actions/fields";
import { CreativeReviewStatus } from "../generated/prisma/enums";

/** POST /api/v1/creatives/associate-strategies (business.md 7 "associate strategies"). */
export const AssociateStrategiesBodySchema = z.object({
  creativesList: z.array(IdSchema).min(1, "Name at least one creative").max(1000).meta({ description: "Creative ids, all of one advertiser." }),
  strategyList: z.array(IdSchema).min(1, "Choose at least one strategy").max(1000).meta({ description: "Strategy ids of the creatives' advertiser, of a type that takes the creatives' type." }),
  replaceExistingCreatives: z
    .boolean()
    .default(false)
    .meta({ description: "true: the strategies keep only these creatives; false (default): they are added to the strategies' creatives." }),
});
export type AssociateStrategiesBody = z.output<typeof AssociateStrategiesBodySchema>;

/** The console's field names of the association → the body's. */
export const ASSOCIATE_BODY_FIELDS: Record<string, keyof AssociateStrategiesBody> = { ids: "creativesList", strategyIds: "strategyList", replaceExisting: "replaceExistingCreatives" };

export const AssociateResultSchema = z.object({
  changed: z.number().int().meta({ description: "Strategies whose creatives changed." }),
  total: z.number().int().meta({ description: "Strategies named." }),
});

/** PUT /api/v1/creatives/{id}/reviews/{aggregatorId}: an exchange's review of a creative. */
export const SetReviewBodySchema = z.object({
  status: z.enum(CreativeReviewStatus).meta({ description: "PENDING, APPROVED or REJECTED." }),
  reason: z.string().max(500).nullable().optional().meta({ description: "Required when REJECTED; dropped otherwise." }),
});

export const ReviewPathSchema = z.object({ id: IdSchema, aggregatorId: IdSchema });

export const CreativeReviewViewSchema = z.object({
  creativeId: z.number().int(),
  aggregatorId: z.number().int(),
  aggregatorName: z.string(),
  status: z.enum(CreativeReviewStatus),
  reason: z.string().nullable(),
  updatedAt: z.string().nullable().meta({ description: "When the exchange last answered (ISO 8601); null: never (pending)." }),
});
