// POST /api/v1/creatives/associate-strategies (business.md 7 'associate
// strategies': creativesList, strategyList, replaceExistingCreatives false).
// See associateStrategiesOperation in lib/creatives/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { associateStrategiesOperation } from "@/lib/creatives/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/creatives/associate-strategies", { access: "write" }, async (ctx, request) => associateStrategiesOperation(ctx, await readJsonBody(request)));
