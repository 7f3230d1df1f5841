// POST /api/v1/report-templates/{id}/run: Run now, a manual run e-mailed to the recipients without
// moving the schedule (read-write callers only, audited). See runReportTemplateOperation in lib/report-templates/rest-operations.ts.
import { apiHandler } from "@/lib/account/rest";
import { runReportTemplateOperation } from "@/lib/report-templates/rest-operations";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/report-templates/{id}/run", { access: "write" }, (ctx, _request, params) => runReportTemplateOperation(ctx, params.id));
