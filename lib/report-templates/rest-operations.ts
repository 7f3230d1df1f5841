// The details page's Pause, Resume and Run now for API callers: POST
// /api/v1/report-templates/{id}/pause, /resume and /run, through the page's
// own actions. Built from the resource (./rest.ts hands them to the registry
// with it), so each answers the template's own view.
import "server-only";
import { z } from "../validation/z";
import { executeAction } from "../actions/define-action";
import { readJsonBody } from "../net/read-body";
import { GetInputSchema } from "../rest/read";
import { readView } from "../rest/read-view";
import { defineOperation, type RestOperation } from "../rest/operation";
import type { RestResource } from "../rest/resource";
import { pauseReportTemplateAction, runReportTemplateNowAction } from "./actions";
import { TemplateRefSchema } from "./schema";

const tags = ["report templates"];

/** The pause action's version (its schema, so the document cannot drift from what the action checks). */
const VersionBody = TemplateRefSchema.pick({ version: true }).extend({
  version: TemplateRefSchema.shape.version.meta({ description: "The template's row version (optimistic concurrency): 409 when someone changed it since." }),
});

const RunRequested = z.object({
  id: z.number().int().meta({ description: "The template." }),
  slot: z.string().meta({ description: "When the run was asked for (ISO 8601): its run in the template's history carries this slot." }),
});

export function reportTemplateOperations(resource: RestResource): RestOperation[] {
  /**
   * Pause or Resume ({ version }), answering the template as read again. The
   * template is read first, so an id of another licensee (or none at all) is
   * 404 like every id of the API; the action checks the version and the schedule (409).
   */
  const pause = (paused: boolean) =>
    defineOperation({
      method: "POST", path: `/report-templates/{id}/${paused ? "pause" : "resume"}`, access: "write", tags,
      operationId: paused ? "pauseReportTemplate" : "resumeReportTemplate",
      summary: paused ? "Pause a report template's schedule (no runs until resumed)" : "Resume a report template's schedule from its next slot after now",
      description:
        "The details page's " + (paused ? "Pause" : "Resume") + ". A template without a schedule is a 409, as is a version that is no longer the " +
        "template's ('This report template was changed by someone else'). Asking for the current state changes nothing. Audited.",
      params: GetInputSchema,
      body: VersionBody,
      response: { description: "The report template after the change.", schema: resource.view },
      errors: [400, 403, 404, 409],
      handle: async ({ ctx, request, params: { id } }) => {
        const { version } = await readJsonBody(request);
        const current = await readView(resource, ctx, id);
        await executeAction(pauseReportTemplateAction.definition, ctx, { id: current.id, version, paused });
        return readView(resource, ctx, current.id);
      },
    });
  const run = defineOperation({
    method: "POST", path: "/report-templates/{id}/run", access: "write", operationId: "runReportTemplate", tags,
    summary: "Run a scheduled report template now: its recipients get the e-mail; the schedule does not move",
    description:
      "The details page's Run now: queued once the request is recorded (audited); the run history shows it as manual, Sent or Failed. A template without a schedule is a 409. " +
      "At most REPORT_RUN_NOW_PER_TEMPLATE runs per template (default 3 in 10 minutes) and REPORT_RUN_NOW_PER_USER per user (default 10 an hour), counted with the console's own Run now: past either, 429 with `Retry-After`. " +
      "Each recipient is checked again at send time: one no longer a user of the licensee nor at one of its allowed domains is skipped (the run history names them).",
    params: GetInputSchema,
    response: { description: "The run was asked for.", schema: RunRequested },
    errors: [403, 404, 409],
    // Queued by the action once the request (and its activity row) committed.
    handle: async ({ ctx, params: { id } }) => {
      const current = await readView(resource, ctx, id);
      const requested = await executeAction(runReportTemplateNowAction.definition, ctx, { id: current.id });
      return { id: requested.id, slot: requested.slot };
    },
  });
  return [pause(true), pause(false), run];
}
