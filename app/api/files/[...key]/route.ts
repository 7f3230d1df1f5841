// Stored files, served to their own licensee only (lib/storage/serve.ts).
import { serveStoredFile } from "@/lib/storage/serve";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return serveStoredFile(request, (await params).key);
}
