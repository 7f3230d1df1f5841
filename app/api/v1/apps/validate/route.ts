// POST /api/v1/apps/validate ({ sites }): which entries name known apps (shell.md 3 validSites, invalidSites).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/apps/validate", { access: "read" }, (ctx, request) => ruleRest.validateApps(ctx, request));
