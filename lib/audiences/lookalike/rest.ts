// POST /api/v1/audiences/{id}/refresh-lookalike (business.md 7 "refresh
// look-alike (POST, response needs id)"): the body is optional (empty:
// refresh), else a JSON object { mode }; the console's own action definition
// runs it (role, transaction, queued job).
import "server-only";
import { executeAction } from "../../actions/define-action";
import { readOptionalJsonBody } from "../../net/read-body";
import { GetInputSchema } from "../../rest/read";
import { defineOperation } from "../../rest/operation";
import { rebuildLookAlikeAction } from "./actions";
import { RefreshLookAlikeBodySchema, RefreshLookAlikeViewSchema } from "./api-schema";

export const refreshLookAlikeOperation = defineOperation({
  method: "POST", path: "/audiences/{id}/refresh-lookalike", access: "write", operationId: "refreshLookAlikeAudience", tags: ["audiences"],
  summary: "Compute a look-alike audience again",
  description:
    "Sets the look-alike IN_PROCESSING and queues its model (the seed's users against the advertiser's other users by their stored events); " +
    "the job makes it LIVE, or FAILED with a reason. A look-alike already IN_PROCESSING, or an audience that is not a look-alike, is a 409. The body is optional. Audited.",
  params: GetInputSchema,
  body: { required: false, content: { "application/json": RefreshLookAlikeBodySchema } },
  response: { description: "The look-alike's id and its new status.", schema: RefreshLookAlikeViewSchema },
  errors: [400, 403, 404, 409],
  handle: async ({ ctx, request, params: { id } }) => {
    const { mode } = RefreshLookAlikeBodySchema.parse(await readOptionalJsonBody(request));
    return executeAction(rebuildLookAlikeAction.definition, ctx, { id, mode });
  },
});
