// CSV export of a dashboard list (advertiser, campaign, strategy).
import { listExportResponse } from "@/lib/list/export";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ entity: string }> }) {
  return listExportResponse(request, (await params).entity);
}
