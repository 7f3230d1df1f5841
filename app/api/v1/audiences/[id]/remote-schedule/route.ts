// GET and PUT /api/v1/audiences/{id}/remote-schedule: a CRM audience's remote
// upload schedule (lib/audiences/remote/rest.ts). The password is write-only.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { getRemoteScheduleOperation, saveRemoteScheduleOperation } from "@/lib/audiences/remote/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/audiences/{id}/remote-schedule", (ctx, _request, params) => getRemoteScheduleOperation(ctx, params.id));

export const PUT = apiHandler<{ id: string }>("PUT /api/v1/audiences/{id}/remote-schedule", { access: "write" }, async (ctx, request, params) => saveRemoteScheduleOperation(ctx, params.id, await readJsonBody(request)));
