// GET /api/v1/advertisers/{id}/mmp-postback: whether the advertiser has an MMP postback key, since when,
// and the postback URL template on the origin the caller reached (forwarded host and scheme behind a
// proxy, as the smart tag's route reads it). See postbackKeyOperation in lib/audiences/postback/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { postbackKeyOperation } from "@/lib/audiences/postback/rest";
import { requestOrigin } from "@/lib/net/public-origin";

export const dynamic = "force-dynamic";

export const GET = apiHandler<{ id: string }>("GET /api/v1/advertisers/{id}/mmp-postback", (ctx, request, params) => postbackKeyOperation(ctx, params.id, requestOrigin(request)));
