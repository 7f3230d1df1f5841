// POST /api/v1/skad-target-privileges (shell.md 7 'SKAD target privileges'):
// whether the caller's licensee may run SKAD target campaigns.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { skadTargetPrivileges } from "@/lib/campaigns/skad";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/skad-target-privileges", { access: "read" }, async (ctx, request) => skadTargetPrivileges(ctx, await readJsonBody(request)));
