// The creatives' REST operations beside the resource's own (lib/creatives/rest.ts
// hands them to the registry): associate strategies (business.md 7), an
// exchange's review, and the video ad tag verification, each the console's
// own action definition run for the API caller.
import "server-only";
import { z } from "../validation/z";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { defineOperation, type RestOperation } from "../rest/operation";
import { associateStrategiesAction, setCreativeReviewAction } from "./actions";
import { verifyVideoAdTagAction } from "./ad-tags/actions";
import { VerifyVideoAdTagResultSchema } from "./ad-tags/api-schema";
import { VerifyVideoAdTagSchema } from "./ad-tags/schema";
import { ASSOCIATE_BODY_FIELDS, AssociateResultSchema, AssociateStrategiesBodySchema, CreativeReviewViewSchema, ReviewPathSchema, SetReviewBodySchema } from "./api-schema";

const tags = ["creatives"];

export const creativeOperations: readonly RestOperation[] = [
  defineOperation({
    method: "POST", path: "/creatives/video-ad-tag/verify", access: "write", operationId: "verifyVideoAdTag", tags,
    summary: "Verify a third-party video tag (VAST link or inline VAST XML) and summarise it",
    description:
      "Follows wrappers (up to 5 levels) from public hosts only, with time and size caps; nothing is stored. " +
      "A tag that does not verify is still a 200, with `ok: false` and the reason. A POST: read-only keys get 403.",
    body: VerifyVideoAdTagSchema,
    response: { description: "The tag's summary, or why it does not verify.", schema: VerifyVideoAdTagResultSchema },
    errors: [400, 403],
    // Write roles only: it makes the server fetch on the caller's behalf.
    handle: async ({ ctx, request }) => executeAction(verifyVideoAdTagAction.definition, ctx, await readJsonBody(request)),
  }),
  defineOperation({
    method: "POST", path: "/creatives/associate-strategies", access: "write", operationId: "associateCreativesWithStrategies", tags,
    summary: "Associate creatives with strategies (all or nothing; one activity row per strategy)",
    description:
      "Every creative and strategy must be the caller's licensee's (404 otherwise) and of one advertiser; CTV/OTT strategies take only CTV video " +
      "creatives, Multi Device strategies all other types. Field errors name creativesList or strategyList.",
    body: AssociateStrategiesBodySchema,
    response: { description: "How many strategies changed.", schema: AssociateResultSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request }) => {
      const input = AssociateStrategiesBodySchema.parse(await readJsonBody(request));
      try {
        return await executeAction(associateStrategiesAction.definition, ctx, {
          kind: "creative",
          ids: input.creativesList,
          strategyIds: input.strategyList,
          replaceExisting: input.replaceExistingCreatives,
        });
      } catch (e) {
        // Field errors named as the body names them.
        if (!(e instanceof z.ZodError)) throw e;
        throw new z.ZodError(e.issues.map((i) => ({ ...i, path: [ASSOCIATE_BODY_FIELDS[String(i.path[0])] ?? i.path[0], ...i.path.slice(1)].filter((p) => p !== undefined) })));
      }
    },
  }),
  defineOperation({
    method: "PUT", path: "/creatives/{id}/reviews/{aggregatorId}", access: "write", operationId: "setCreativeReview", tags,
    summary: "Set an exchange's review of a creative (exchange integrations; read-write keys only)",
    description: "A creative without a review from an exchange is pending there. A rejection needs its reason. Audited on the creative.",
    params: ReviewPathSchema,
    body: SetReviewBodySchema,
    response: { description: "The creative's review on that exchange.", schema: CreativeReviewViewSchema },
    errors: [400, 403, 404],
    handle: async ({ ctx, request, params }) => {
      const { status, reason } = SetReviewBodySchema.parse(await readJsonBody(request));
      return executeAction(setCreativeReviewAction.definition, ctx, { creativeId: params.id, aggregatorId: params.aggregatorId, status, reason });
    },
  }),
];
