// The details page's pause, resume and run now for API callers: POST
// /api/v1/report-templates/{id}/pause, /resume and /run
// (app/api/v1/report-templates/[id]/..., documented in
// lib/api/openapi-report-templates.ts), through the page's own actions. Apart
// from ./rest.ts because they run the API's executor (lib/api/execute.ts),
// which reaches the entity registry that ./entity.ts (importing ./rest.ts) is in.
import "server-only";
import { executeAction } from "../actions/define-action";
import type { SessionContext } from "../auth/context";
import { getResource } from "../api/execute";
import { readJsonBody } from "../net/read-body";
import { requireWrite } from "../data/gate";
import { pauseReportTemplateAction, runReportTemplateNowAction } from "./actions";
import { reportTemplateResource } from "./rest";

/**
 * POST /api/v1/report-templates/{id}/pause or /resume ({ version }): the
 * details page's Pause / Resume for an API caller, answering the template as
 * read again. The template is read first, so an id of another licensee (or
 * none at all) is 404 like every id of the API; the action checks the
 * version and the schedule (409).
 */
export async function setReportTemplatePausedOperation(ctx: SessionContext, id: string, paused: boolean, request: Request) {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  const { version } = await readJsonBody(request);
  const current = await getResource(reportTemplateResource, ctx, id);
  await executeAction(pauseReportTemplateAction.definition, ctx, { id: current.id, version, paused });
  return getResource(reportTemplateResource, ctx, current.id);
}

/** POST /api/v1/report-templates/{id}/run: Run now, queued by the action once the request (and its activity row) committed. */
export async function runReportTemplateOperation(ctx: SessionContext, id: string): Promise<{ id: number; slot: string }> {
  requireWrite(ctx);
  const current = await getResource(reportTemplateResource, ctx, id);
  const request = await executeAction(runReportTemplateNowAction.definition, ctx, { id: current.id });
  return { id: request.id, slot: request.slot };
}
