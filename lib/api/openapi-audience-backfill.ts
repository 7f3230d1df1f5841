// The OpenAPI document's backfill operations of audiences (business.md 7:
// add or activate backfill rule; backfill query templates (POST); validate
// backfill query (POST, 15 s timeout)) and the backfill status. Client-safe:
// schemas only.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  BackfillRuleBodySchema,
  BackfillStatusViewSchema,
  BackfillTemplatesViewSchema,
  BackfillValidationViewSchema,
} from "../audiences/backfill/api-schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

const QUERY =
  "A backfill query is a template with parameters, never SQL: it selects users from the advertiser's stored events (UserEvent) of the audience's " +
  "device identifier (and OS, for a mobile audience with one) within the last `days`; targetedEvents keep users who fired at least one of them, " +
  "excludedEvents drop users who fired any of them. An IP backfill audience needs at least one of each.";

export function audienceBackfillOperations(): ZodOpenApiPathsObject {
  return {
    "/audiences/{id}/backfill": {
      get: {
        operationId: "getAudienceBackfill",
        summary: "The audience's backfill: counters and its rule's last run",
        tags: ["audiences"],
        requestParams: { path: GetInputSchema },
        responses: {
          "200": { description: "The backfill status.", content: { "application/json": { schema: envelope(BackfillStatusViewSchema) } } },
          ...errors(404),
        },
      },
      post: {
        operationId: "addAudienceBackfillRule",
        summary: "Add (and activate) a backfill rule, and queue its run",
        description:
          `${QUERY} The new rule becomes the audience's only active rule (QUEUED), and a background job runs it: the users it selects join the audience ` +
          "(or renew their membership), backfilledUU, totalUU and dailyUU are written, and the licensee's read-write users are notified " +
          "('Audience successfully backfilled' or 'Failed to backfill the audience'). DAILY and WEEKLY rules run again on their schedule. Audited.",
        tags: ["audiences"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: BackfillRuleBodySchema } } },
        responses: {
          "200": { description: "The backfill status with the new rule.", content: { "application/json": { schema: envelope(BackfillStatusViewSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/audiences/{id}/backfill/templates": {
      post: {
        operationId: "getAudienceBackfillTemplates",
        summary: "The backfill query templates the audience may use",
        description:
          "Website audiences: FIRED_EVENT, VISITED_PAGE, REFERRED_FROM, ANY_ACTIVITY; mobile audiences: FIRED_EVENT, ANY_ACTIVITY; rule-based (MMP_RULE) ones also AUDIENCE_RULES " +
          "(the audience's own rules over the stored events); others: none. " +
          "A POST (business.md 7), so read-only API keys are refused it like any POST; the console's read-only users may read it.",
        tags: ["audiences"],
        requestParams: { path: GetInputSchema },
        responses: {
          "200": { description: "The templates and schedules.", content: { "application/json": { schema: envelope(BackfillTemplatesViewSchema) } } },
          ...errors(403, 404),
        },
      },
    },
    "/audiences/{id}/backfill/validate": {
      post: {
        operationId: "validateAudienceBackfillQuery",
        summary: "Check a backfill query and count the users it selects (15 s timeout)",
        description: `${QUERY} Field errors are a 400. Counting longer than 15 s answers TIMEOUT ('Timeout, you can still submit the query'). Changes nothing; a POST, so read-only API keys are refused it.`,
        tags: ["audiences"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: BackfillRuleBodySchema } } },
        responses: {
          "200": { description: "VERIFIED with the users, or TIMEOUT.", content: { "application/json": { schema: envelope(BackfillValidationViewSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
  };
}
