// GET /api/v1/reports/download: a report as CSV or XLSX, from the advanced report's URL state. See lib/reports/api.ts.
import { apiHandler } from "@/lib/account/rest";
import { downloadReportOperation } from "@/lib/reports/api";

export const dynamic = "force-dynamic";

export const GET = apiHandler("GET /api/v1/reports/download", (ctx, request) => downloadReportOperation(ctx, request));
