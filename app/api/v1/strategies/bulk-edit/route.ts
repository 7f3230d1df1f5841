// POST /api/v1/strategies/bulk-edit: see lib/strategies/bulk-edit/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { requireWrite } from "@/lib/data/gate";
import { bulkEditOperation } from "@/lib/strategies/bulk-edit/rest";

export const dynamic = "force-dynamic";
// Hundreds of strategies are checked and written in one transaction.
export const maxDuration = 120;

export const POST = apiHandler("POST /api/v1/strategies/bulk-edit", async (ctx, request) => {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  return bulkEditOperation(ctx, await readJsonObject(request));
});
