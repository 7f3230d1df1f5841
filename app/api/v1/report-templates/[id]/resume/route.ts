// POST /api/v1/report-templates/{id}/resume ({ version }): runs again from the next slot after now
// (read-write callers only, audited). See setReportTemplatePausedOperation in lib/report-templates/rest-operations.ts.
import { apiHandler } from "@/lib/account/rest";
import { setReportTemplatePausedOperation } from "@/lib/report-templates/rest-operations";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/report-templates/{id}/resume", { access: "write" }, (ctx, request, params) =>
  setReportTemplatePausedOperation(ctx, params.id, false, request),
);
