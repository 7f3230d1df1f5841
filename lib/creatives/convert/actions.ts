"use server";
// Server actions of the HLS-to-MP4 panel (business.md 7 "HLS-to-MP4
// conversion": advertiserId, videoUrls). Starting writes one row per link in
// the action's transaction and queues the jobs once committed; reading the
// list is open to every role of the licensee (the panel polls it).
import { defineAction, defineReadAction } from "../../actions/define-action";
import { listConversions, queueConversions, startConversions } from "./mutations";
import { HlsConversionSchema, ListConversionsSchema } from "./schema";

export const startHlsConversionAction = defineAction({
  name: "creative.hlsConversion.start",
  access: "write",
  idempotent: true,
  input: HlsConversionSchema,
  run: ({ ctx, db, input }) => startConversions({ ctx, db }, input),
  after: ({ ctx, db, input }, started) => queueConversions(ctx, db, started, input.creativeSetId),
});

export const listHlsConversionsAction = defineReadAction("creative.hlsConversion.list", ListConversionsSchema, ({ db, input }) =>
  listConversions(db, input.advertiserId),
);
