// POST /api/v1/strategies/export (business.md 7): see lib/strategies/transfer/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { exportOperation } from "@/lib/strategies/transfer/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/strategies/export", { access: "read" }, async (ctx, request) => exportOperation(ctx, await readJsonBody(request)));
