// POST /api/v1/audiences/estimate: the conversion estimator (reach and
// expected goal users of target audiences minus blocked ones); a read, so
// read-only keys may call it. See lib/audiences/estimator.
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { readJsonBody } from "@/lib/net/read-body";
import { estimateConversionsAction } from "@/lib/audiences/estimator/actions";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/audiences/estimate", { access: "read" }, async (ctx, request) =>
  executeAction(estimateConversionsAction.definition, ctx, await readJsonBody(request)),
);
