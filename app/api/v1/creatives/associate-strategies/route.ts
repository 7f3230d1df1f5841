// POST /api/v1/creatives/associate-strategies (business.md 7 'associate
// strategies': creativesList, strategyList, replaceExistingCreatives false).
// See associateStrategiesOperation in lib/creatives/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { associateStrategiesOperation } from "@/lib/creatives/rest";
import { requireWrite } from "@/lib/data/gate";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/creatives/associate-strategies", async (ctx, request) => {
  requireWrite(ctx); // before the body is read: read-only and demo callers learn nothing
  return associateStrategiesOperation(ctx, await readJsonObject(request));
});
