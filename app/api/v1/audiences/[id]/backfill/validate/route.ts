// POST /api/v1/audiences/{id}/backfill/validate: checks a backfill query and
// counts the users it selects, within 15 s (business.md 7 "validate backfill
// query (POST, 15 s timeout)"). Changes nothing.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { backfillRest } from "@/lib/audiences/backfill/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/backfill/validate", { access: "read" }, async (ctx, request, params) =>
  backfillRest.validate(ctx, params.id, await readJsonBody(request)),
);
