// POST /api/v1/audiences/{id}/refresh-lookalike: computes a look-alike again
// (business.md 7 "refresh look-alike (POST, response needs id)"); body
// { mode: "refresh" | "recreate" }, optional (refresh). Read-write keys only.
import { apiHandler } from "@/lib/account/rest";
import { requireWrite } from "@/lib/data/gate";
import { refreshLookAlikeOperation } from "@/lib/audiences/lookalike/rest";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/refresh-lookalike", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only keys are refused
  return refreshLookAlikeOperation(ctx, params.id, await request.text());
});
