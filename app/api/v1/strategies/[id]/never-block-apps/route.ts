// GET and POST /api/v1/strategies/{id}/never-block-apps: the apps rule runs never block ({ appIds } replaces them; shell.md 7 appsneverBlock).
import { apiHandler } from "@/lib/account/rest";
import { ruleRest } from "@/lib/optimization/rest";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/strategies/{id}/never-block-apps", (ctx, _request, params) => ruleRest.neverBlock(ctx, params.id));
export const POST = apiHandler<{ id: string }>("POST /api/v1/strategies/{id}/never-block-apps", { access: "write" }, (ctx, request, params) =>
  ruleRest.saveNeverBlock(ctx, request, params.id),
);
