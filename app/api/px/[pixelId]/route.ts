// The public conversion tracker endpoint (the TRACKING CODE of a pixel's
// details page): /api/px/{publicKey}?value=&order_id=&click_id=&imp_id= from
// an <img>, with &t=js from a <script>; /api/px/{pixelId} (the numeric id of
// tags installed before public keys) still works. click_id / imp_id carry the
// id the ad's click or impression URL added (lib/attribution): a verified one
// credits the conversion to that ad. No session (proxy.ts does not run on
// /api/), one INSERT for a fire without a verified id, and always the same
// quick answer: see lib/pixels/fire.ts.
import { fireResponse, handleFire } from "@/lib/pixels/fire";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ pixelId: string }> }) {
  const { pixelId } = await params;
  const query = new URL(request.url).searchParams;
  await handleFire(pixelId, query, request.headers);
  return fireResponse(query);
}

/** Link checkers and previews probe with HEAD: answered, never counted as a fire. */
export function HEAD(request: Request) {
  return fireResponse(new URL(request.url).searchParams);
}
