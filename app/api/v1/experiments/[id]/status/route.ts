// POST /api/v1/experiments/{id}/status: start, pause, resume or stop an
// experiment ({ status, version }; read-write keys only, audited). See
// experimentStatusOperation in lib/experiments/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { experimentStatusOperation } from "@/lib/experiments/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/experiments/{id}/status", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only keys are refused
  return experimentStatusOperation(ctx, params, await readJsonObject(request));
});
