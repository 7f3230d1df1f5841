// CSV export of a list (every entity with a list in lib/entities/registry.ts).
import { listExportResponse } from "@/lib/entities/lists";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ entity: string }> }) {
  return listExportResponse(request, (await params).entity);
}
