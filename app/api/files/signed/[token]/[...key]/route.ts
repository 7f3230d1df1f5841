// Stored files under a path-signed URL, without a session (lib/storage/signed.ts, serve.ts).
import { serveSignedFile } from "@/lib/storage/serve";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ token: string; key: string[] }> }) {
  const { token, key } = await params;
  return serveSignedFile(request, token, key);
}
