// GET and PUT /api/v1/audiences/{id}/remote-schedule: a CRM audience's remote
// upload schedule (lib/audiences/remote/rest.ts). The password is write-only.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { getRemoteScheduleOperation, saveRemoteScheduleOperation } from "@/lib/audiences/remote/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/audiences/{id}/remote-schedule", (ctx, _request, params) => getRemoteScheduleOperation(ctx, params.id));

export const PUT = apiHandler<{ id: string }>("PUT /api/v1/audiences/{id}/remote-schedule", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only keys are refused
  return saveRemoteScheduleOperation(ctx, params.id, await readJsonObject(request));
});
