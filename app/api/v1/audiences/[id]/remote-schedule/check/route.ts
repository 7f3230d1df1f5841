// POST /api/v1/audiences/{id}/remote-schedule/check: business.md 7 "check
// remote connection (POST)" (lib/audiences/remote/rest.ts). Nothing is stored.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { checkRemoteConnectionOperation } from "@/lib/audiences/remote/rest";

export const dynamic = "force-dynamic";
// A download of up to 100 MB with a 30 s no-answer limit.
export const maxDuration = 300;

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/remote-schedule/check", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only keys are refused
  return checkRemoteConnectionOperation(ctx, params.id, await readJsonObject(request));
});
