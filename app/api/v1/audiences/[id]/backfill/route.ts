// /api/v1/audiences/{id}/backfill: GET the audience's backfill (counters, the
// active rule and its last run); POST adds a backfill rule, which becomes the
// only active one and is queued to run (business.md 7 "add or activate
// backfill rule"; read-write keys only, audited).
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { backfillRest } from "@/lib/audiences/backfill/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/audiences/{id}/backfill", (ctx, _request, params) => backfillRest.status(ctx, params.id));

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/backfill", { access: "write" }, async (ctx, request, params) => backfillRest.add(ctx, params.id, await readJsonBody(request)));
