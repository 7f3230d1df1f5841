// GET /api/v1/reports/download: a report as CSV or XLSX, from the advanced report's URL state. See lib/reports/api.ts.
import { downloadReport } from "@/lib/reports/api";

export const dynamic = "force-dynamic";

export const GET = (request: Request) => downloadReport(request);
