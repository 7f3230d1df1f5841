// The OpenAPI document's report template operations beside the resource's own
// (list, get, create, update, delete): the details page's Pause, Resume and
// Run now, POST /api/v1/report-templates/{id}/pause, /resume and /run (issue
// 20). Client-safe: the template's view comes from the resource and the body
// from the pause action's schema, so this module loads no server code.
import { z } from "../validation/z";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { TemplateRefSchema } from "../report-templates/schema";
import { GetInputSchema } from "./read";
import { envelope, errors } from "./openapi-parts";

const TAGS = ["report templates"];
const path = { path: GetInputSchema };

/** The pause action's version (its schema, so the document cannot drift from what the action checks). */
const VersionBody = TemplateRefSchema.pick({ version: true }).extend({
  version: TemplateRefSchema.shape.version.meta({ description: "The template's row version (optimistic concurrency): 409 when someone changed it since." }),
});

const RunRequested = z.object({
  id: z.number().int().meta({ description: "The template." }),
  slot: z.string().meta({ description: "When the run was asked for (ISO 8601): its run in the template's history carries this slot." }),
});

export function reportTemplateOperations(view: z.ZodType): ZodOpenApiPathsObject {
  const pause = (paused: boolean): ZodOpenApiOperationObject => ({
    operationId: paused ? "pauseReportTemplate" : "resumeReportTemplate",
    summary: paused ? "Pause a report template's schedule (no runs until resumed)" : "Resume a report template's schedule from its next slot after now",
    description:
      "The details page's " + (paused ? "Pause" : "Resume") + ". A template without a schedule is a 409, as is a version that is no longer the " +
      "template's ('This report template was changed by someone else'). Asking for the current state changes nothing. Audited.",
    tags: TAGS,
    requestParams: path,
    requestBody: { required: true, content: { "application/json": { schema: VersionBody } } },
    responses: { "200": { description: "The report template after the change.", content: { "application/json": { schema: envelope(view) } } }, ...errors(400, 403, 404, 409) },
  });
  return {
    "/report-templates/{id}/pause": { post: pause(true) },
    "/report-templates/{id}/resume": { post: pause(false) },
    "/report-templates/{id}/run": {
      post: {
        operationId: "runReportTemplate",
        summary: "Run a scheduled report template now: its recipients get the e-mail; the schedule does not move",
        description:
          "The details page's Run now: queued once the request is recorded (audited); the run history shows it as manual, Sent or Failed. A template without a schedule is a 409. " +
          "At most REPORT_RUN_NOW_PER_TEMPLATE runs per template (default 3 in 10 minutes) and REPORT_RUN_NOW_PER_USER per user (default 10 an hour), counted with the console's own Run now: past either, 429 with `Retry-After`. " +
          "Each recipient is checked again at send time: one no longer a user of the licensee nor at one of its allowed domains is skipped (the run history names them).",
        tags: TAGS,
        requestParams: path,
        responses: { "200": { description: "The run was asked for.", content: { "application/json": { schema: envelope(RunRequested) } } }, ...errors(403, 404, 409) },
      },
    },
  };
}
