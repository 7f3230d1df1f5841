// GET /api/v1/strategies/export/{exportId}: a large export's progress; see lib/strategies/transfer/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { exportStatusOperation } from "@/lib/strategies/transfer/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ exportId: string }>("GET /api/v1/strategies/export/{exportId}", async (ctx, _request, params) => exportStatusOperation(ctx, params));
