// POST /api/v1/reports: runs a report definition (lib/reports/definition.ts), JSON or CSV. See lib/reports/api.ts.
import { apiHandler } from "@/lib/account/rest";
import { postReportOperation } from "@/lib/reports/api";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/reports", { access: "read" }, (ctx, request) => postReportOperation(ctx, request));
