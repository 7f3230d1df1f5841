// POST /api/v1/session { ticket }: this browser's session cookie takes the new
// claims of a password change or licensee switch (lib/account/session-reissue.ts).
import { reissueSession } from "@/lib/account/session-reissue";
import { errorResponse } from "@/lib/account/rest";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  try {
    const body = (await request.json().catch(() => null)) as { ticket?: unknown } | null;
    await reissueSession(body?.ticket);
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    return errorResponse(e, "POST /api/v1/session");
  }
}
