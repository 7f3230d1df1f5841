// POST /api/v1/experiments/{id}/status: start, pause, resume or stop an
// experiment ({ status, version }; read-write keys only, audited). See
// experimentStatusOperation in lib/experiments/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { experimentStatusOperation } from "@/lib/experiments/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/experiments/{id}/status", { access: "write" }, async (ctx, request, params) => experimentStatusOperation(ctx, params, await readJsonBody(request)));
