// POST /api/v1/delivery: a batch of hourly delivery rows for the caller's
// licensee, as JSON `{ rows: [...] }` or as CSV (Content-Type text/csv, a
// header line naming the fields). See ./ingest.ts. No entity's: the router
// lists it (lib/api/operations.ts).
import "server-only";
import { z } from "../validation/z";
import { bodyStream, INGESTION_BODY_LIMIT_BYTES, readJsonBody } from "../net/read-body";
import { defineOperation } from "../rest/operation";
import { readDeliveryCsv } from "./csv";
import { ingestDelivery } from "./ingest";
import { DeliveryResultSchema, DeliveryRowDocSchema, MAX_BATCH_ROWS } from "./schema";

export const deliveryOperation = defineOperation({
  method: "POST", path: "/delivery", access: "write", operationId: "ingestDelivery", tags: ["delivery"],
  bodyLimitBytes: INGESTION_BODY_LIMIT_BYTES,
  summary: "Load a batch of hourly delivery rows (JSON or CSV); all or nothing, replayable",
  description:
    `Up to ${MAX_BATCH_ROWS} rows. Each row is upserted on (strategyId, hour, creativeId, siteId, appId, aggregatorId, country, device): ` +
    "sending a batch again replaces its rows and never doubles them. Any bad row refuses the batch (400) with " +
    "`fieldErrors` keyed `rows.<row number>.<field>`, and nothing is written.",
  body: {
    required: true,
    content: {
      "application/json": z.object({ rows: z.array(DeliveryRowDocSchema).min(1).max(MAX_BATCH_ROWS) }),
      "text/csv": z.string().meta({ description: "A header line with the JSON field names, then one row per line." }),
    },
  },
  response: { description: "The batch was applied.", schema: DeliveryResultSchema },
  errors: [400, 403],
  handle: async ({ ctx, request }) => {
    const csv = (request.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv");
    return ingestDelivery(ctx, csv ? await readDeliveryCsv(bodyStream(request)) : await readJsonBody(request));
  },
});
