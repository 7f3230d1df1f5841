// POST /api/v1/audiences/{id}/remote-schedule/check: business.md 7 "check
// remote connection (POST)" (lib/audiences/remote/rest.ts). Nothing is stored.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { checkRemoteConnectionOperation } from "@/lib/audiences/remote/rest";

export const dynamic = "force-dynamic";
// A download of up to 100 MB with a 30 s no-answer limit.
export const maxDuration = 300;

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/remote-schedule/check", { access: "write" }, async (ctx, request, params) => checkRemoteConnectionOperation(ctx, params.id, await readJsonBody(request)));
