// The REST resource of audiences (/api/v1/audiences): list and get.
// business.md 7 also names create, update, activate and deactivate, which the
// console does not have yet: they join here when their actions exist.
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { advertiserRecord, recordState, viewCount, viewId } from "../api/view-fields";
import { AudienceKind, AudienceSource, ConsentType, DeviceIdentifier, LookAlikeStatus } from "../generated/prisma/enums";

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
  dmpSegment: z.string().nullable(),
  ...recordState,
});

export const audienceResource = defineResource(["audience", "audiences"], AudienceViewSchema, {
  description: "Audiences of the advertisers (website, app, DMP and look-alike).",
  model: (db) => db.audience,
  sortFields: ["name", "id", "source", "active", "totalUU", "createdAt"],
});
