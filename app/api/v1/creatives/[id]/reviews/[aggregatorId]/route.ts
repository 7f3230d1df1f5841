// PUT /api/v1/creatives/{id}/reviews/{aggregatorId}: an exchange integration
// sets its review of a creative ({ status, reason? }; read-write keys only,
// audited). See setReviewOperation in lib/creatives/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { setReviewOperation } from "@/lib/creatives/rest";
import { requireWrite } from "@/lib/data/gate";

export const dynamic = "force-dynamic";

export const PUT = apiHandler<{ id: string; aggregatorId: string }>("PUT /api/v1/creatives/{id}/reviews/{aggregatorId}", async (ctx, request, params) => {
  requireWrite(ctx); // before the body is read: read-only keys are refused
  return setReviewOperation(ctx, params, await readJsonObject(request));
});
