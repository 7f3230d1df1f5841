// POST /api/v1/audiences/{id}/remote-schedule/sync: run the schedule now (a
// job). business.md 7 names the legacy call "sync remote (GET)": GET answers
// too, with the same rules (it starts a job, so read-only keys are refused).
import { apiHandler } from "@/lib/account/rest";
import { syncRemoteNowOperation } from "@/lib/audiences/remote/rest";

export const dynamic = "force-dynamic";

const sync = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/remote-schedule/sync", { access: "write" }, (ctx, _request, params) => syncRemoteNowOperation(ctx, params.id));

export const POST = sync;
export const GET = sync;
