// The public smart tag of an advertiser, loaded by advertisers' websites
// (the snippet of the GET SMART TAG tab). No session and no database: the
// script only queues and sends events as 1x1 image requests to this same
// route (?img=1), which answers a transparent GIF. Recording those events is
// not part of this route.
import { requestOrigin } from "@/lib/net/public-origin";
import { tagScript } from "./tag-script";

const MAX_ID = 2_147_483_647;

// A transparent 1x1 GIF.
const PIXEL = Uint8Array.from(Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"));

export async function GET(request: Request, { params }: { params: Promise<{ advertiserId: string }> }) {
  const { advertiserId } = await params;
  const id = Number(advertiserId);
  const valid = /^\d{1,10}$/.test(advertiserId) && id > 0 && id <= MAX_ID;
  const wantsImage = new URL(request.url).searchParams.get("img") === "1";
  if (wantsImage) {
    return new Response(PIXEL, { status: valid ? 200 : 404, headers: { "content-type": "image/gif", "cache-control": "no-store" } });
  }
  if (!valid) {
    return new Response("/* unknown advertiser */\n", {
      status: 404,
      headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const endpoint = `${requestOrigin(request)}/api/smarttag/${id}`;
  return new Response(tagScript(id, endpoint), {
    headers: {
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=300",
      vary: "Host, X-Forwarded-Host, X-Forwarded-Proto", // the script names the origin it was loaded from
      "x-content-type-options": "nosniff",
    },
  });
}
