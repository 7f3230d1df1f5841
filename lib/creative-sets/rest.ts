// The REST resource of creative sets (/api/v1/creative-sets): list and get.
// business.md 7 also names create, update and status changes, which the
// console does not have yet: they join here when their actions exist.
import "server-only";
import { z } from "zod";
import { defineResource } from "../api/define-resource";
import { recordState, viewDecimal, viewTime } from "../api/view-fields";
import { creativeIdentity } from "../creatives/rest";

export const CreativeSetViewSchema = z.object({
  ...creativeIdentity,
  timezoneId: z.number().int(),
  dailyMediaBudget: viewDecimal.nullable(),
  startTime: viewTime.nullable(),
  endTime: viewTime.nullable(),
  dcoAd: z.boolean(),
  isPlacebo: z.boolean(),
  sizes: z.array(z.string()),
  ...recordState,
});

export const creativeSetResource = defineResource(["creative set", "creative sets"], CreativeSetViewSchema, {
  description: "Creative sets of the advertisers.",
  model: (db) => db.creativeSet,
  sortFields: ["name", "id", "type", "active", "startTime", "endTime", "createdAt"],
});
