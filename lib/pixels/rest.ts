// The REST resource of conversion trackers (/api/v1/pixels): list, get,
// create, update, activate, deactivate (business.md 7), the writes through
// the pixel pages' own action definitions and the lists' bulk status action.
import "server-only";
import { z } from "../validation/z";
import { IdSchema } from "../actions/fields";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { bulkStatusOperations, erase } from "../rest/resource";
import { viewId, viewTime, viewVersion } from "../rest/view-fields";
import { PixelType } from "../generated/prisma/enums";
import { createPixelAction, updatePixelAction } from "./actions";
import { toPixelView } from "./queries";
import { COUNT_MODES, FCAP_UNITS, MAX_COUNT, MAX_WINDOW_DAYS, PIXEL_NAME, PIXEL_TYPES, PixelFormSchema, pixelFormValues } from "./schema";

export const PixelViewSchema = z.object({
  id: viewId,
  advertiserId: viewId,
  name: z.string(),
  type: z.enum(PixelType),
  typeName: z.string().meta({ description: "The type as the console shows it (View, Click, Hybrid)." }),
  viewValidityWindow: z.number().int().meta({ description: "Seconds; -1 when the type has no view window." }),
  clickValidityWindow: z.number().int().meta({ description: "Seconds; -1 when the type has no click window." }),
  viewWindowText: z.string(),
  clickWindowText: z.string(),
  userFcap: z.number().int().meta({ description: "Conversions counted per user; -1: every conversion counts." }),
  fcapDuration: z.number().int().meta({ description: "Seconds of the user cap; -1: none." }),
  userFcapText: z.string(),
  active: z.boolean(),
  publicKey: z.string().meta({ description: "Names the pixel in its tracking code (/api/px/{publicKey})." }),
  createdAt: viewTime,
  version: viewVersion,
});

const ids = (list: readonly { id: string }[]) => list.map((x) => x.id).join(", ");

/** What each field of the form means (the form's schema takes text, as typed). */
const FIELD_DOCS: Record<keyof typeof PixelFormSchema.in.shape, string> = {
  name: `${PIXEL_NAME.min} to ${PIXEL_NAME.max} characters.`,
  type: `One of ${ids(PIXEL_TYPES)}.`,
  viewWindowDays: `View-through window in days, 1 to ${MAX_WINDOW_DAYS} (view and hybrid pixels).`,
  clickWindowDays: `Click-through window in days, 1 to ${MAX_WINDOW_DAYS} (click and hybrid pixels).`,
  countMode: `${ids(COUNT_MODES)}: count every conversion, or cap the count per user.`,
  userFcap: `Conversions counted per user, 1 to ${MAX_COUNT} (CAPPED only).`,
  fcapValue: "Length of the user cap, in fcapUnit (CAPPED only).",
  fcapUnit: `One of ${ids(FCAP_UNITS)} (CAPPED only).`,
};
const fields = Object.fromEntries(
  Object.entries(PixelFormSchema.in.shape).map(([key, schema]) => [key, schema.meta({ description: FIELD_DOCS[key as keyof typeof FIELD_DOCS] })]),
);

export const pixelResource = defineResource(["pixel", "pixels"], PixelViewSchema, {
  description: "Conversion trackers (pixels) of the advertisers, with the key their tracking code names them by.",
  model: (db) => db.pixel,
  // The view is the pixel pages' own object: this fails to compile if the two drift apart.
  toView: toPixelView,
  sortFields: ["name", "id", "type", "active", "userFcap", "createdAt"],
  create: { definition: erase(createPixelAction.definition), body: z.object({ advertiserId: IdSchema, ...fields }) },
  update: { definition: erase(updatePixelAction.definition), body: z.object(fields), editable: (current) => ({ ...pixelFormValues(current) }) },
  ...bulkStatusOperations("pixel"),
});

/** What the entity hands to the registry (its entity.ts). */
export const pixelRest: EntityRest = { resource: pixelResource };
