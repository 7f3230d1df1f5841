// POST /api/v1/audiences/{id}/chart (business.md 7 "chart data (POST)"): the
// body is optional (empty: the caller's saved date range and timezone); the
// console's own read action runs it.
import "server-only";
import { executeAction } from "../../actions/define-action";
import { readOptionalJsonBody } from "../../net/read-body";
import { GetInputSchema } from "../../rest/read";
import { defineOperation } from "../../rest/operation";
import { audienceChartAction } from "./actions";
import { AudienceChartBodySchema, AudienceChartViewSchema } from "./schema";

export const audienceChartOperation = defineOperation({
  method: "POST", path: "/audiences/{id}/chart", access: "read", operationId: "getAudienceChart", tags: ["audiences"],
  summary: "The audience's total and new unique users per day of a date range",
  description:
    "Counted from the audience's members, day by day in `timezoneId`: totalUsers, the members at the end of the day (joined by then, membership not yet expired); " +
    "newUsers, the members who joined that day. Days after today are null. `hasUsers` false: the audience never had a member. " +
    "The body is optional: without from and to, the caller's saved date range; without timezoneId, the caller's timezone. " +
    "Archived audiences stay readable. Changes nothing; a POST, so read-only API keys are refused it.",
  params: GetInputSchema,
  body: { required: false, content: { "application/json": AudienceChartBodySchema } },
  response: { description: "The days of the range with their users.", schema: AudienceChartViewSchema },
  errors: [400, 403, 404],
  handle: async ({ ctx, request, params: { id } }) => executeAction(audienceChartAction.definition, ctx, { ...(await readOptionalJsonBody(request)), audienceId: id }),
});
