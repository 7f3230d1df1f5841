// The REST resource of creative sets (/api/v1/creative-sets): list, get,
// create, update, activate and deactivate (business.md 7 creative set calls),
// the writes through the creative set screens' own action definitions and
// the lists' bulk status action. Reschedule is an update of startTime,
// endTime and scheduledTimezoneId (a PATCH keeps the fields it does not send).
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { bulkStatusOperations, erase } from "../rest/resource";
import { recordState, viewDecimal, viewTime } from "../rest/view-fields";
import type { CreativeSet } from "../generated/prisma/client";
import { creativeIdentity } from "../creatives/rest";
import { createCreativeSetAction, updateCreativeSetAction } from "./actions";
import { creativeSetFormValues, toCreativeSetDetails, type CreativeSetDetails } from "./queries";
import { documentedFields } from "../rest/documented-fields";

export const CreativeSetViewSchema = z.object({
  ...creativeIdentity,
  timezoneId: z.number().int(),
  dailyMediaBudget: viewDecimal.nullable().meta({ description: "null: no daily budget." }),
  startTime: viewTime.nullable(),
  endTime: viewTime.nullable().meta({ description: "null: never ending." }),
  scheduledTimezoneId: z.number().int().nullable().meta({ description: "The timezone start and end were typed in." }),
  dcoAd: z.boolean(),
  isPlacebo: z.boolean(),
  sizes: z.array(z.string()),
  ...recordState,
});
type CreativeSetView = z.output<typeof CreativeSetViewSchema>;

const formShape = createCreativeSetAction.definition.input.shape;
type FormField = keyof typeof formShape;

/** What the form's fields take where the view answers otherwise (the others are as the view shows them). */
const FIELD_DOCS: Partial<Record<FormField, string>> = {
  advertiserId: "Fixed once the set exists.",
  type: "Fixed once the set exists.",
  clickDestinationId: "Required: a click destination of the set's advertiser. A set stored without one must be given one by its next PATCH.",
  dailyMediaBudget: "A decimal as text, greater than 0; blank or null for none.",
  startTime: "Epoch seconds, or -1 to start immediately; in the future when set or changed. A new start activates an inactive set.",
  endTime: "Epoch seconds after the start, or -1 for never ending.",
  sizes: 'Sizes as "WIDTHxHEIGHT" text, e.g. "300x250".',
};
const documented = documentedFields(formShape as Record<string, z.ZodType>, FIELD_DOCS);
// A PATCH may change every field of the form but the advertiser and the type.
const { advertiserId, type, ...editable } = documented;

export const creativeSetResource = defineResource<typeof CreativeSetViewSchema, CreativeSet>(["creative set", "creative sets"], CreativeSetViewSchema, {
  description: "Creative sets of the advertisers: their type, schedule, daily media budget and sizes.",
  model: (db) => db.creativeSet,
  toView: (row) => CreativeSetViewSchema.strip().parse(toCreativeSetDetails(row)),
  sortFields: ["name", "id", "type", "active", "startTime", "endTime", "createdAt"],
  create: { definition: erase(createCreativeSetAction.definition), body: z.object({ advertiserId, type, ...editable }) },
  // A PATCH starts from the stored set as its edit form shows it, so the fields it does not send keep their values.
  update: {
    definition: erase(updateCreativeSetAction.definition),
    body: z.object(editable),
    editable: (current: CreativeSetView) => creativeSetFormValues(current as CreativeSetDetails, current.scheduledTimezoneId ?? current.timezoneId),
  },
  ...bulkStatusOperations("creative_set"),
});

/** What the entity hands to the registry (its entity.ts). */
export const creativeSetRest: EntityRest = { resource: creativeSetResource };
