// POST /api/v1/reports: runs a report definition (lib/reports/definition.ts), JSON or CSV. See lib/reports/api.ts.
import { postReport } from "@/lib/reports/api";

export const dynamic = "force-dynamic";

export const POST = (request: Request) => postReport(request);
