// POST /api/v1/strategies/export (business.md 7): see lib/strategies/transfer/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { exportOperation } from "@/lib/strategies/transfer/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/strategies/export", async (ctx, request) => exportOperation(ctx, await readJsonObject(request)));
