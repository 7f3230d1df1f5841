// The creative file upload (lib/creatives/media/upload-route.ts).
import { handleCreativeUpload } from "@/lib/creatives/media/upload-route";

export const dynamic = "force-dynamic";
// ffprobe and the temporary files need Node.
export const runtime = "nodejs";
// A CTV video of 204.8 MB over a slow connection, then probed: more than the default allows on hosts that enforce it.
export const maxDuration = 600;

export async function POST(request: Request) {
  return handleCreativeUpload(request);
}
