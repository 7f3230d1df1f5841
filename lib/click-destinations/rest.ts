// The REST resource of click destinations (/api/v1/click-destinations):
// list, get, create, update, activate, deactivate (business.md 7), the
// writes through the CLICK DESTINATIONS tab's own action definitions.
import "server-only";
import { z } from "../validation/z";
import { IdSchema } from "../actions/fields";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { erase, statusOperations } from "../rest/resource";
import { viewId, viewTime, viewVersion } from "../rest/view-fields";
import { createClickDestinationAction, setClickDestinationActiveAction, updateClickDestinationAction } from "./actions";
import { toClickDestinationRow } from "./queries";
import { clickDestinationSchema } from "./schema";

export const ClickDestinationViewSchema = z.object({
  id: viewId,
  advertiserId: viewId,
  name: z.string(),
  url: z.string(),
  mmpParams: z.array(z.object({ key: z.string(), value: z.string() })),
  active: z.boolean(),
  createdAt: viewTime,
  version: viewVersion,
});

/** The form's fields (the MMP's required parameters are checked by the action against the advertiser). */
const fields = clickDestinationSchema(null).in.shape;

export const clickDestinationResource = defineResource(["click destination", "click destinations"], ClickDestinationViewSchema, {
  description: "Landing URLs of an advertiser with the parameters of its MMP.",
  model: (db) => db.clickDestination,
  // The view is the tab's own row: this fails to compile if the two drift apart.
  toView: toClickDestinationRow,
  sortFields: ["name", "id", "url", "active", "createdAt"],
  searchColumns: ["name", "url"],
  create: { definition: erase(createClickDestinationAction.definition), body: z.object({ advertiserId: IdSchema, ...fields }) },
  update: { definition: erase(updateClickDestinationAction.definition), body: z.object(fields) },
  ...statusOperations(setClickDestinationActiveAction.definition),
});

/** What the entity hands to the registry (its entity.ts). */
export const clickDestinationRest: EntityRest = { resource: clickDestinationResource };
