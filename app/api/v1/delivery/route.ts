// POST /api/v1/delivery: a batch of hourly delivery rows for the caller's
// licensee, as JSON `{ rows: [...] }` or as CSV (Content-Type text/csv, a
// header line naming the fields). See lib/delivery/ingest.ts. Read-write
// callers only, checked before the body (up to INGESTION_BODY_LIMIT_BYTES) is read.
import { apiHandler } from "@/lib/account/rest";
import { bodyStream, INGESTION_BODY_LIMIT_BYTES, readJsonBody } from "@/lib/net/read-body";
import { readDeliveryCsv } from "@/lib/delivery/csv";
import { ingestDelivery } from "@/lib/delivery/ingest";

export const dynamic = "force-dynamic";

export const POST = apiHandler("POST /api/v1/delivery", { access: "write", bodyLimitBytes: INGESTION_BODY_LIMIT_BYTES }, async (ctx, request) => {
  const csv = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv");
  return ingestDelivery(ctx, csv ? await readDeliveryCsv(bodyStream(request)) : await readJsonBody(request));
});
