// POST /api/v1/audiences/{id}/backfill/templates: the query templates the
// audience's source may use (business.md 7 "backfill query templates (POST)").
import { apiHandler } from "@/lib/account/rest";
import { backfillRest } from "@/lib/audiences/backfill/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/backfill/templates", { access: "read" }, (ctx, _request, params) => backfillRest.templates(ctx, params.id));
