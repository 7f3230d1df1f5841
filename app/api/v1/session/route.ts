// POST /api/v1/session { ticket }: this browser's session cookie takes the new
// claims of a password change or licensee switch (lib/account/session-reissue.ts).
import { reissueSession } from "@/lib/account/session-reissue";
import { errorResponse } from "@/lib/account/rest";
import { ANONYMOUS_BODY_LIMIT_BYTES, refuseLargeBody } from "@/lib/security/anonymous-body";
import { readJsonBody } from "@/lib/net/read-body";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  // The body is a ticket of a few dozen bytes; read before any session check, so bounded.
  const tooLarge = refuseLargeBody(request, ANONYMOUS_BODY_LIMIT_BYTES);
  if (tooLarge) return tooLarge;
  try {
    const body = await readJsonBody(request, ANONYMOUS_BODY_LIMIT_BYTES);
    await reissueSession(body.ticket);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    return errorResponse(e, "POST /api/v1/session");
  }
}
