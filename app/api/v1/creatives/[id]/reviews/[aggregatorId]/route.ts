// PUT /api/v1/creatives/{id}/reviews/{aggregatorId}: an exchange integration
// sets its review of a creative ({ status, reason? }; read-write keys only,
// audited). See setReviewOperation in lib/creatives/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonBody } from "@/lib/net/read-body";
import { setReviewOperation } from "@/lib/creatives/rest";

export const dynamic = "force-dynamic";

export const PUT = apiHandler<{ id: string; aggregatorId: string }>("PUT /api/v1/creatives/{id}/reviews/{aggregatorId}", { access: "write" }, async (ctx, request, params) => setReviewOperation(ctx, params, await readJsonBody(request)));
