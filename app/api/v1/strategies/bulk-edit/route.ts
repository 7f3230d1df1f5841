// POST /api/v1/strategies/bulk-edit: see lib/strategies/bulk-edit/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { bulkEditOperation } from "@/lib/strategies/bulk-edit/rest";

export const dynamic = "force-dynamic";
// Hundreds of strategies are checked and written in one transaction.
export const maxDuration = 120;

export const POST = apiHandler("POST /api/v1/strategies/bulk-edit", { access: "write" }, async (ctx, request) => bulkEditOperation(ctx, await readJsonBody(request)));
