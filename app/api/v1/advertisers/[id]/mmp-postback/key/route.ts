// POST /api/v1/advertisers/{id}/mmp-postback/key: generates (rotates) the advertiser's MMP postback key,
// answered this once with the postback URL on the origin the caller reached (read-write callers only,
// audited). See rotatePostbackKeyOperation in lib/audiences/postback/rest.ts.
import { apiHandler } from "@/lib/account/rest";
import { rotatePostbackKeyOperation } from "@/lib/audiences/postback/rest";
import { requestOrigin } from "@/lib/net/public-origin";

export const dynamic = "force-dynamic";

export const POST = apiHandler<{ id: string }>("POST /api/v1/advertisers/{id}/mmp-postback/key", { access: "write" }, (ctx, request, params) => rotatePostbackKeyOperation(ctx, params.id, requestOrigin(request)));
