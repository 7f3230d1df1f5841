// The OpenAPI document's audience operations beside the resource's own:
// refresh a look-alike (business.md 7 "refresh look-alike (POST, response
// needs id)") and the conversion estimator. Client-safe: schemas only.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { RefreshLookAlikeBodySchema, RefreshLookAlikeViewSchema } from "../audiences/lookalike/api-schema";
import { EstimateInputSchema, EstimateViewSchema, ESTIMATOR_LIMITS } from "../audiences/estimator/schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

export function audienceOperations(): ZodOpenApiPathsObject {
  return {
    "/audiences/{id}/refresh-lookalike": {
      post: {
        operationId: "refreshLookAlikeAudience",
        summary: "Compute a look-alike audience again",
        description:
          "Sets the look-alike IN_PROCESSING and queues its model (the seed's users against the advertiser's other users by their stored events); " +
          "the job makes it LIVE, or FAILED with a reason. A look-alike already IN_PROCESSING, or an audience that is not a look-alike, is a 409. The body is optional. Audited.",
        tags: ["audiences"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: false, content: { "application/json": { schema: RefreshLookAlikeBodySchema } } },
        responses: {
          "200": { description: "The look-alike's id and its new status.", content: { "application/json": { schema: envelope(RefreshLookAlikeViewSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/estimate": {
      post: {
        operationId: "estimateAudienceConversions",
        summary: "Estimate reach and expected conversions of target audiences",
        description:
          `The users of ${ESTIMATOR_LIMITS.targets.min} to ${ESTIMATOR_LIMITS.targets.max} target audiences minus those of up to ${ESTIMATOR_LIMITS.blocked.max} blocked audiences ` +
          "(memberships unexpired), day by day for the next 30 days, times the advertiser's goal rate over its last 30 days of delivery " +
          "(daily unique users who installed, converted or clicked over daily unique users with an impression). Changes nothing; every role may estimate in the console, but read-only API keys only GET.",
        tags: ["audiences"],
        requestBody: { required: true, content: { "application/json": { schema: EstimateInputSchema } } },
        responses: {
          "200": { description: "The estimate.", content: { "application/json": { schema: envelope(EstimateViewSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
  };
}
