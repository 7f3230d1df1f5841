// The REST resource of audiences (/api/v1/audiences): list, get, create,
// update, activate and deactivate (business.md 7 audience calls), the writes
// through the audience screens' own action definitions and the lists' bulk
// status action. The view carries the rules (ruleGroups), so a PATCH that
// does not send them keeps them.
import "server-only";
import { z } from "../validation/z";
import { defineResource } from "../rest/define-resource";
import { documentedFields } from "../rest/documented-fields";
import type { EntityRest } from "../rest/operation";
import { bulkStatusOperations, erase } from "../rest/resource";
import { advertiserRecord, recordState, viewCount, viewId } from "../rest/view-fields";
import type { TenantClient } from "../data/tenant-db";
import type { AudienceRule } from "../generated/prisma/client";
import { PartnerSegmentViewSchema } from "../partner-segments/schema";
import { AudienceKind, AudienceSource, ConsentType, DeviceIdentifier, LookAlikeStatus } from "../generated/prisma/enums";
import { createAudienceAction, updateAudienceAction } from "./actions";
import { AUDIENCE_SEGMENT, audienceFormValues, toAudienceDetails, type AudienceDetails, type AudienceRow } from "./queries";
import { audienceOperations } from "./rest-operations";

const RuleViewSchema = z.object({
  filterId: z.number().int().meta({ description: "A filter of the meta rules (17: page frequency)." }),
  operatorId: z.number().int(),
  value: z.string(),
  duration: z.number().int(),
  durationUnit: z.string().meta({ description: "DAY or HOUR." }),
});

export const AudienceViewSchema = z.object({
  ...advertiserRecord,
  name: z.string(),
  description: z.string().nullable(),
  source: z.enum(AudienceSource),
  kind: z.enum(AudienceKind),
  deviceIdentifier: z.enum(DeviceIdentifier),
  consentType: z.enum(ConsentType),
  osTypeId: z.number().int().nullable().meta({ description: "3 iOS, 4 Android." }),
  userExpiryDays: z.number().int(),
  totalUU: viewCount,
  dailyUU: viewCount,
  backfilledUU: viewCount,
  lookAlikeStatus: z.enum(LookAlikeStatus).nullable(),
  seedAudienceId: viewId.nullable(),
  lookAlikeSize: z.number().int().nullable().meta({ description: "Look-alikes: the share (1 to 10 %) of the advertiser's other users the model keeps." }),
  lookAlikeReason: z.string().nullable().meta({ description: "Look-alikes: why the last computation FAILED." }),
  lookAlikeBuiltAt: z.string().nullable().meta({ description: "Look-alikes: when the model last finished (ISO time)." }),
  dmpSegment: z.string().nullable().meta({ description: "DMP audiences saved before the partner catalogue: the segment's free-text name, kept as stored." }),
  partnerSegmentId: viewId.nullable(),
  partnerSegment: PartnerSegmentViewSchema.nullable().meta({ description: "DMP audiences: the catalogue segment (GET /partner-segments)." }),
  reachEstimate: z.number().int().nullable().meta({ description: "DMP audiences: the partner segment's size (users)." }),
  ruleGroups: z.array(z.array(RuleViewSchema)).meta({ description: "An OR of AND groups: a user is in the audience when every rule of any one group holds." }),
  ...recordState,
});
type AudienceView = z.output<typeof AudienceViewSchema>;
type Row = AudienceRow & { rules: AudienceRule[] };

const withRules = { rules: { orderBy: [{ groupIndex: "asc" as const }, { id: "asc" as const }] }, ...AUDIENCE_SEGMENT };
type Where = Record<string, unknown>;
/** The audience delegate reading each row with its rules. */
const audienceRows = (db: TenantClient) => ({
  findMany: (args: { where: Where; orderBy: Where[]; skip: number; take: number }) => db.audience.findMany({ ...args, include: withRules }) as Promise<Row[]>,
  count: (args: { where: Where }) => db.audience.count(args),
  findFirst: (args: { where: Where }) => db.audience.findFirst({ ...args, include: withRules }) as Promise<Row | null>,
});

/** What the form's fields take where the view answers otherwise (the others are as the view shows them). */
const documented = documentedFields(createAudienceAction.definition.input.shape, {
  advertiserId: "Fixed once the audience exists.",
  source: "WEBSITE, MOBILE, DMP or LOOK_ALIKE; fixed once the audience exists.",
  kind: "MMP_RULE (MMP postback / rule based), CRM or IP_BACKFILL; fixed once the audience exists.",
  osTypeId: "Mobile audiences: 3 iOS, 4 Android.",
  userExpiryDays: "Digits: 7 to 180 days, at most 45 for IP_BACKFILL.",
  partnerSegmentId: "DMP audiences: a segment of the licensee's partner catalogue (GET /partner-segments); required, also when editing one saved with a free-text name.",
  seedAudienceId: "Look-alike audiences: an audience of the same advertiser that is not a look-alike.",
  lookAlikeSize: "Look-alike audiences: digits, 1 to 10 (% of the advertiser's other users); blank is 1. A new seed or size computes the look-alike again.",
  ruleGroups: "Rule-based website and mobile audiences: [{ rules: [{ filterId, operatorId, value, duration, durationUnit }] }], an OR of AND groups; at least one rule.",
});
// A PATCH may change every field of the form but the advertiser (source and type are checked against the stored ones).
const { advertiserId, ...editable } = documented;

export const audienceResource = defineResource<typeof AudienceViewSchema, Row>(["audience", "audiences"], AudienceViewSchema, {
  description: "Audiences of the advertisers (website, app, DMP and look-alike), with their rules.",
  model: audienceRows,
  toView: (row) => AudienceViewSchema.strip().parse(toAudienceDetails(row, row.rules)),
  sortFields: ["name", "id", "source", "active", "totalUU", "createdAt"],
  create: { definition: erase(createAudienceAction.definition), body: z.object({ advertiserId, ...editable }) },
  // A PATCH starts from the stored audience as its edit form shows it, so the fields it does not send keep their values.
  update: {
    definition: erase(updateAudienceAction.definition),
    body: z.object(editable),
    editable: (current: AudienceView) => audienceFormValues(current as AudienceDetails),
  },
  ...bulkStatusOperations("audience"),
});

/** What the audience entity hands to the registry (lib/audiences/entity.ts). */
export const audienceRest: EntityRest = { resource: audienceResource, operations: audienceOperations };
