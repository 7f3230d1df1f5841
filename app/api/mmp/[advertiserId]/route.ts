// The public MMP postback endpoint of an advertiser: /api/mmp/{advertiserId}?key=…&event=…&device_id=…&os=…
// (GET with the MMP's macros in the query string, or POST with a JSON or form
// body). No session (proxy.ts does not run on /api/): the postback key
// authenticates. See lib/audiences/postback/receive.ts and docs/audiences.md.
import { handlePostback } from "@/lib/audiences/postback/receive";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ advertiserId: string }> };

export async function GET(request: Request, { params }: Params) {
  return handlePostback((await params).advertiserId, request);
}

export async function POST(request: Request, { params }: Params) {
  return handlePostback((await params).advertiserId, request);
}

/**
 * Next would answer HEAD with GET, storing an event: link checkers and chat
 * previews of a pasted URL send HEAD, so it is answered without reading anything.
 */
export function HEAD() {
  return new Response(null, { status: 405, headers: { allow: "GET, POST", "cache-control": "no-store" } });
}
