// POST /api/v1/delivery (issue #14): a batch of hourly delivery rows for the
// caller's licensee, as JSON `{ rows: [...] }` or as CSV (Content-Type
// text/csv, a header line naming the fields). See lib/delivery/ingest.ts.
import { apiHandler } from "@/lib/account/rest";
import { readJsonObject } from "@/lib/api/execute";
import { readDeliveryCsv } from "@/lib/delivery/csv";
import { ingestDelivery } from "@/lib/delivery/ingest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/delivery", async (ctx, request) => {
  const csv = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv");
  return ingestDelivery(ctx, csv ? readDeliveryCsv(await request.text()) : await readJsonObject(request));
});
