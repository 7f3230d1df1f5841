// POST /api/v1/report-templates/{id}/pause ({ version }): no scheduled runs until resumed
// (read-write callers only, audited). See setReportTemplatePausedOperation in lib/report-templates/rest-operations.ts.
import { apiHandler } from "@/lib/account/rest";
import { setReportTemplatePausedOperation } from "@/lib/report-templates/rest-operations";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/report-templates/{id}/pause", { access: "write" }, (ctx, request, params) =>
  setReportTemplatePausedOperation(ctx, params.id, true, request),
);
