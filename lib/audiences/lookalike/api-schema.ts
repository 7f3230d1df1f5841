// The zod shapes of look-alike refresh shared by the details page, the server
// action, the REST route and the OpenAPI document. Client-safe.
import { z } from "../../validation/z";

export const LookAlikeRebuildModeSchema = z.enum(["refresh", "recreate"], { error: "Choose refresh or recreate" });
export type LookAlikeRebuildMode = z.output<typeof LookAlikeRebuildModeSchema>;

export const RefreshLookAlikeBodySchema = z.object({
  mode: LookAlikeRebuildModeSchema.default("refresh").meta({
    description: "refresh (default): the current users stay until the new model replaces them; recreate: they are removed at once.",
  }),
});

export const RefreshLookAlikeViewSchema = z.object({
  id: z.number().int(),
  lookAlikeStatus: z.literal("IN_PROCESSING"),
});
