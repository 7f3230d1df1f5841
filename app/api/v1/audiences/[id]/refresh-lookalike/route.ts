// POST /api/v1/audiences/{id}/refresh-lookalike: computes a look-alike again
// (business.md 7 "refresh look-alike (POST, response needs id)"); body
// { mode: "refresh" | "recreate" }, optional (refresh). Read-write keys only.
import { apiHandler } from "@/lib/account/rest";
import { refreshLookAlikeOperation } from "@/lib/audiences/lookalike/rest";
import { readOptionalJsonBody } from "@/lib/net/read-body";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/audiences/{id}/refresh-lookalike", { access: "write" }, async (ctx, request, params) =>
  refreshLookAlikeOperation(ctx, params.id, await readOptionalJsonBody(request)),
);
