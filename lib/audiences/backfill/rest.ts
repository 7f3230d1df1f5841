// The REST operations of backfill (business.md 7: add or activate backfill
// rule; backfill query templates (POST); validate backfill query (POST, 15 s
// timeout)) and the backfill status: the console's own action definitions run
// each call (role, transaction, the queued run after a rule is added).
import "server-only";
import { executeAction } from "../../actions/define-action";
import { readJsonBody } from "../../net/read-body";
import { GetInputSchema } from "../../rest/read";
import { defineOperation } from "../../rest/operation";
import { addBackfillRuleAction, backfillStatusAction, backfillTemplatesAction, validateBackfillQueryAction } from "./actions";
import { BackfillRuleBodySchema, BackfillStatusViewSchema, BackfillTemplatesViewSchema, BackfillValidationViewSchema } from "./api-schema";

const QUERY =
  "A backfill query is a template with parameters, never SQL: it selects users from the advertiser's stored events (UserEvent) of the audience's " +
  "device identifier (and OS, for a mobile audience with one) within the last `days`; targetedEvents keep users who fired at least one of them, " +
  "excludedEvents drop users who fired any of them. An IP backfill audience needs at least one of each.";

const tags = ["audiences"];
const params = GetInputSchema;

export const backfillOperations = [
  defineOperation({
    method: "GET", path: "/audiences/{id}/backfill", access: "read", operationId: "getAudienceBackfill", tags, params,
    summary: "The audience's backfill: counters and its rule's last run",
    response: { description: "The backfill status.", schema: BackfillStatusViewSchema },
    errors: [404],
    handle: ({ ctx, params: { id } }) => executeAction(backfillStatusAction.definition, ctx, { audienceId: id }),
  }),
  defineOperation({
    method: "POST", path: "/audiences/{id}/backfill", access: "write", operationId: "addAudienceBackfillRule", tags, params,
    summary: "Add (and activate) a backfill rule, and queue its run",
    description:
      `${QUERY} The new rule becomes the audience's only active rule (QUEUED), and a background job runs it: the users it selects join the audience ` +
      "(or renew their membership), backfilledUU, totalUU and dailyUU are written, and the licensee's read-write users are notified " +
      "('Audience successfully backfilled' or 'Failed to backfill the audience'). DAILY and WEEKLY rules run again on their schedule. Audited.",
    body: BackfillRuleBodySchema,
    response: { description: "The backfill status with the new rule.", schema: BackfillStatusViewSchema },
    errors: [400, 403, 404, 409],
    handle: async ({ ctx, request, params: { id } }) =>
      executeAction(addBackfillRuleAction.definition, ctx, { ...BackfillRuleBodySchema.strip().parse(await readJsonBody(request)), audienceId: id }),
  }),
  defineOperation({
    method: "POST", path: "/audiences/{id}/backfill/templates", access: "read", operationId: "getAudienceBackfillTemplates", tags, params,
    summary: "The backfill query templates the audience may use",
    description:
      "Website audiences: FIRED_EVENT, VISITED_PAGE, REFERRED_FROM, ANY_ACTIVITY; mobile audiences: FIRED_EVENT, ANY_ACTIVITY; rule-based (MMP_RULE) ones also AUDIENCE_RULES " +
      "(the audience's own rules over the stored events); others: none. " +
      "A POST (business.md 7), so read-only API keys are refused it like any POST; the console's read-only users may read it.",
    response: { description: "The templates and schedules.", schema: BackfillTemplatesViewSchema },
    errors: [403, 404],
    handle: ({ ctx, params: { id } }) => executeAction(backfillTemplatesAction.definition, ctx, { audienceId: id }),
  }),
  defineOperation({
    method: "POST", path: "/audiences/{id}/backfill/validate", access: "read", operationId: "validateAudienceBackfillQuery", tags, params,
    summary: "Check a backfill query and count the users it selects (15 s timeout)",
    description: `${QUERY} Field errors are a 400. Counting longer than 15 s answers TIMEOUT ('Timeout, you can still submit the query'). Changes nothing; a POST, so read-only API keys are refused it.`,
    body: BackfillRuleBodySchema,
    response: { description: "VERIFIED with the users, or TIMEOUT.", schema: BackfillValidationViewSchema },
    errors: [400, 403, 404],
    handle: async ({ ctx, request, params: { id } }) =>
      executeAction(validateBackfillQueryAction.definition, ctx, { ...BackfillRuleBodySchema.strip().parse(await readJsonBody(request)), audienceId: id }),
  }),
];
