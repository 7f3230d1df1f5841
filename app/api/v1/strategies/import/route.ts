// POST /api/v1/strategies/import?dryRun=true|false: see lib/strategies/transfer/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { importOperation, IMPORT_BODY_LIMIT_BYTES } from "@/lib/strategies/transfer/rest";

export const dynamic = "force-dynamic";
// Thousands of rows are validated and applied in one transaction.
export const maxDuration = 120;

export const POST = apiHandler("POST /api/v1/strategies/import", { access: "write", bodyLimitBytes: IMPORT_BODY_LIMIT_BYTES }, async (ctx, request) => importOperation(ctx, request));
