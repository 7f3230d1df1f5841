// The answer of POST /api/v1/creatives/video-ad-tag/verify (the 'video ad tag
// verify' call, business.md 7) as the OpenAPI document describes it: the
// summary of a tag that verifies, or why it does not. The body is
// VerifyVideoAdTagSchema (schema.ts), the one the server action parses.
import { z } from "../../validation/z";

export const VastSummaryDocSchema = z.object({
  version: z.string().meta({ description: "The VAST version of the inline ad's document, e.g. 4.0." }),
  adCount: z.number().int(),
  durationSeconds: z.number().nullable(),
  mediaFiles: z.array(
    z.object({
      url: z.string(),
      type: z.string().meta({ description: "The MIME type, e.g. video/mp4 or application/javascript (VPAID)." }),
      width: z.number(),
      height: z.number(),
      bitrateKbps: z.number().nullable(),
      apiFramework: z.string().nullable(),
    }),
  ),
  trackingEvents: z.array(z.string()).meta({ description: "Tracking events with at least one URL, the wrappers' included." }),
  isVpaid: z.boolean(),
});

export const VerifyVideoAdTagResultSchema = z.union([
  z.object({ ok: z.literal(true), summary: VastSummaryDocSchema }),
  z.object({ ok: z.literal(false), message: z.string().meta({ description: "Why the tag does not verify, in words a user may read." }) }),
]);
