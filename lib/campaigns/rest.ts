// The REST resource of campaigns (/api/v1/campaigns): list, get, create,
// update, activate, deactivate (business.md 7), the writes through the
// campaign screens' own action definitions and the lists' bulk status action
// (deactivating a campaign also deactivates its strategies).
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import { defineOperation, type EntityRest } from "../rest/operation";
import { readJsonBody } from "../net/read-body";
import { SkadPrivilegesQuerySchema, SkadPrivilegesSchema } from "./api-schema";
import { skadTargetPrivileges } from "./skad";
import { bulkStatusOperations, erase } from "../rest/resource";
import { advertiserRecord, recordState, viewCount, viewDecimal, viewId, viewTime } from "../rest/view-fields";
import { CampaignObjective, PricingType } from "../generated/prisma/enums";
import { createCampaignAction, updateCampaignAction } from "./actions";
import { PACING_OPTIONS } from "./budget";
import { campaignFormValues } from "./queries";

const decimal = viewDecimal.nullable();
const whole = z.number().int().nullable();
const unlimited = { description: "null: unlimited." };

export const CampaignViewSchema = z.object({
  ...advertiserRecord,
  name: z.string(),
  objective: z.enum(CampaignObjective),
  isRetargeting: z.boolean(),
  pixelId: viewId.nullable(),
  startTime: viewTime,
  endTime: viewTime.nullable().meta({ description: "null: never ending." }),
  pricingType: z.enum(PricingType),
  pricingValue: viewDecimal,
  lifetimeBudget: decimal.meta(unlimited),
  lifetimeDeliveryCap: viewCount.nullable(),
  dailyBudget: decimal,
  deltaDaily: decimal,
  dailyDeliveryCap: viewCount.nullable(),
  dailyAdvSpendBudget: decimal.meta(unlimited),
  dailyFcap: whole,
  dailyFcapHours: whole,
  lifetimeUserFcap: whole,
  userFcapDuration: whole.meta({ description: "Seconds." }),
  attributionRatio: decimal,
  cpaTarget: decimal,
  cpiTarget: decimal,
  roiTarget: decimal,
  budgetPacing: z.boolean(),
  flowRate: decimal,
  budgetSpends: whole,
  coolingPeriod: whole,
  placeboAds: z.boolean(),
  skadTarget: z.boolean(),
  incrementalityTest: z.boolean(),
  currencyCode: z.string(),
  ...recordState,
});

const formShape = createCampaignAction.definition.input.shape;
type FormField = keyof typeof formShape;

/** What the form's fields take where the view answers otherwise (the others are as the view shows them). */
const FIELD_DOCS: Partial<Record<FormField, string>> = {
  advertiserId: "Fixed once the campaign exists.",
  startTime: "Epoch seconds, or -1 to start immediately; on create, in the future.",
  endTime: "Epoch seconds after the start, or -1 for never ending.",
  pricingValue: "A decimal as text. MARGIN: the percentage, 0 to 99 (the view answers the stored fraction).",
  budgetPacing: "Required pacingOption when true.",
  pacingOption: `One of ${PACING_OPTIONS.filter((o) => !o.disabled).map((o) => o.key).join(", ")} (stored as its pacing type id in flowRate).`,
  budgetSpends: "6, 12 or 18; kept only with budget pacing on.",
  coolingPeriod: "2 to 7; kept only with budget pacing on.",
  skadTarget: "Needs the licensee's SKAD target privilege.",
};
const documented = Object.fromEntries(
  Object.entries(formShape).map(([key, schema]) => {
    const text = FIELD_DOCS[key as FormField];
    return [key, text ? schema.meta({ description: text }) : schema];
  }),
);
// A PATCH may change every field of the form but the advertiser.
const { advertiserId: createOnly, ...editable } = documented;

export const campaignResource = defineResource(["campaign", "campaigns"], CampaignViewSchema, {
  description: "Campaigns of the advertisers. Deactivating one also deactivates its strategies.",
  model: (db) => db.campaign,
  sortFields: ["name", "id", "active", "startTime", "endTime", "objective", "pricingType", "createdAt"],
  create: { definition: erase(createCampaignAction.definition), body: z.object({ advertiserId: createOnly, ...editable }) },
  // A PATCH starts from the stored campaign as its edit form shows it, so the fields it does not send keep their values.
  update: { definition: erase(updateCampaignAction.definition), body: z.object(editable), editable: (current) => campaignFormValues(current) },
  ...bulkStatusOperations("campaign"),
});

/** POST /api/v1/skad-target-privileges (shell.md 7 'SKAD target privileges'): whether the caller's licensee may run SKAD target campaigns. */
const skadPrivilegesOperation = defineOperation({
  method: "POST", path: "/skad-target-privileges", access: "read", operationId: "getSkadTargetPrivileges", tags: ["account"],
  summary: "Whether the caller's licensee may run SKAD target campaigns (a POST: read-only keys get 403)",
  body: { content: { "application/json": SkadPrivilegesQuerySchema } },
  response: { description: "The licensee's SKAD target privilege (shell.md 7).", schema: SkadPrivilegesSchema },
  errors: [400, 403, 404],
  handle: async ({ ctx, request }) => skadTargetPrivileges(ctx, await readJsonBody(request)),
});

/** What the entity hands to the registry (its entity.ts). */
export const campaignRest: EntityRest = { resource: campaignResource, operations: [skadPrivilegesOperation] };
