// POST /api/v1/creatives/video-ad-tag/verify (business.md 7 'video ad tag
// verify'): `{ tag }`, a VAST link or inline VAST XML, is fetched and
// summarised exactly as the console's verify button does it (the same
// definition, run for the API caller). Write roles only: it makes the server
// fetch on the caller's behalf.
import { apiHandler } from "@/lib/account/rest";
import { executeAction } from "@/lib/actions/define-action";
import { readJsonBody } from "@/lib/net/read-body";
import { verifyVideoAdTagAction } from "@/lib/creatives/ad-tags/actions";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/creatives/video-ad-tag/verify", { access: "write" }, async (ctx, request) => executeAction(verifyVideoAdTagAction.definition, ctx, await readJsonBody(request)));
