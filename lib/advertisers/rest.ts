// The REST resource of advertisers (/api/v1/advertisers): list, get, create,
// update, activate, deactivate (business.md 7), the writes through the
// advertiser screens' own action definitions.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import type { EntityRest } from "../rest/operation";
import { mmpPostbackOperations } from "../audiences/postback/rest";
import { erase, statusOperations } from "../rest/resource";
import { viewDecimal, viewId, viewJson, viewTime, viewVersion } from "../rest/view-fields";
import type { Advertiser } from "../generated/prisma/client";
import { createAdvertiserAction, setAdvertiserActiveAction, updateAdvertiserAction } from "./actions";
import { ADVERTISER_SORT_FIELDS, toAdvertiserDetails } from "./queries";
import { AdvertiserFieldsSchema } from "./schema";

const text = z.string();
const optionalText = z.string().nullable();

export const AdvertiserViewSchema = z.object({
  id: viewId,
  name: text,
  domain: text,
  category: text,
  subCategory: optionalText,
  currencyCode: text,
  language: text,
  isDirect: z.boolean(),
  androidPhoneBundle: optionalText,
  iosPhoneBundle: optionalText,
  declaredWebUrl: optionalText,
  declaredAndroidUrl: optionalText,
  declaredIosUrl: optionalText,
  androidDeeplink: optionalText,
  iosDeeplink: optionalText,
  contactEmail: text,
  contactAddress: text,
  region: text,
  timezoneId: z.number().int(),
  mmp: optionalText,
  logoUrl: optionalText,
  cohortEnabled: z.boolean(),
  exchangeRate: viewDecimal,
  cohortCurrencyCode: text,
  dynamicVideoEnabled: z.boolean(),
  dynamicVideo: viewJson.nullable().meta({ description: "Dynamic video ad settings; null when dynamic video is off." }),
  active: z.boolean(),
  isArchived: z.boolean(),
  createdAt: viewTime,
  updatedAt: viewTime,
  version: viewVersion,
});

type AdvertiserView = z.output<typeof AdvertiserViewSchema>;

// The view is the details page's own object; this fails to compile if the two drift apart.
const toView = (row: Advertiser): AdvertiserView => {
  const view = toAdvertiserDetails(row);
  return { ...view, dynamicVideo: view.dynamicVideo as Record<string, unknown> | null };
};

export const advertiserResource = defineResource(["advertiser", "advertisers"], AdvertiserViewSchema, {
  description: "Advertisers of the caller's licensee. Deactivating one also deactivates its campaigns and strategies.",
  model: (db) => db.advertiser,
  toView,
  sortFields: ["name", ...ADVERTISER_SORT_FIELDS.filter((f) => f !== "name")],
  searchColumns: ["name", "domain"],
  filters: ["status"],
  // Archived advertisers stay readable, as on their details page.
  getWhere: {},
  create: { definition: erase(createAdvertiserAction.definition), body: createAdvertiserAction.definition.input },
  // The fields the edit form changes (ADVERTISER_UPDATE_FIELDS), each optional in a PATCH.
  update: { definition: erase(updateAdvertiserAction.definition), body: AdvertiserFieldsSchema },
  ...statusOperations(setAdvertiserActiveAction.definition),
});

/** What the entity hands to the registry (its entity.ts). */
export const advertiserRest: EntityRest = { resource: advertiserResource, operations: mmpPostbackOperations };
