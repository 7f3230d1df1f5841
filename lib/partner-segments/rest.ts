// The partner segment catalogue in the REST API (business.md 7 "all DMP
// audiences (GET)"): POST /api/v1/partner-segments loads a JSON array of
// segments or a CSV file (upserted on provider + provider segment id, all or
// nothing), GET /api/v1/partner-segments searches it with server paging. Both
// run the catalogue's own action definitions. No entity's: the router lists
// them (lib/api/operations.ts).
import "server-only";
import { z } from "../validation/z";
import { executeAction } from "../actions/define-action";
import { readBodyText } from "../net/read-body";
import { defineOperation, type RestOperation } from "../rest/operation";
import { validationError } from "../validation/errors";
import { loadPartnerSegmentsAction, searchPartnerSegmentsAction } from "./actions";
import { readSegmentCsv } from "./csv";
import {
  LOAD_BODY_LIMIT_BYTES,
  MAX_LOAD_ROWS,
  PARTNER_SEGMENT_MESSAGES,
  PartnerSegmentLoadResultSchema,
  PartnerSegmentPageSchema,
  PartnerSegmentRowDocSchema,
  SEARCH_PAGE_SIZE,
} from "./schema";

const tags = ["partner segments"];

/** The rows of the body: a JSON array, or CSV lines under a header when the Content-Type says text/csv. */
async function rowsOf(request: Request): Promise<unknown[]> {
  const text = await readBodyText(request);
  if ((request.headers.get("content-type") ?? "").toLowerCase().startsWith("text/csv")) return readSegmentCsv(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError([], PARTNER_SEGMENT_MESSAGES.notArray);
  }
  if (!Array.isArray(body)) throw validationError([], PARTNER_SEGMENT_MESSAGES.notArray);
  return body;
}

const SearchQueryDocSchema = z.object({
  q: z.string().optional().meta({ description: "Words matched (case-insensitive) in the name, taxonomy path or provider; every word must match." }),
  provider: z.string().optional().meta({ description: "Only this provider's segments." }),
  page: z.string().optional().meta({ description: "1-based page (default 1)." }),
  size: z.string().optional().meta({ description: `Rows per page, 1 to ${SEARCH_PAGE_SIZE.max} (default ${SEARCH_PAGE_SIZE.default}).` }),
});

export const partnerSegmentOperations: readonly RestOperation[] = [
  defineOperation({
    method: "POST", path: "/partner-segments", access: "write", operationId: "loadPartnerSegments", tags,
    bodyLimitBytes: LOAD_BODY_LIMIT_BYTES,
    summary: "Load partner (DMP) segments into the licensee's catalogue (JSON array or CSV); all or nothing",
    description:
      `Up to ${MAX_LOAD_ROWS} segments. Each is upserted on (provider, providerSegmentId): loading again updates and never doubles. ` +
      "Any bad row refuses the load (400) with `fieldErrors` keyed `rows.<row number>.<field>`, and nothing is written.",
    body: {
      required: true,
      content: {
        "application/json": z.array(PartnerSegmentRowDocSchema).min(1).max(MAX_LOAD_ROWS),
        "text/csv": z.string().meta({ description: "A header line with the JSON field names, then one segment per line." }),
      },
    },
    response: { description: "The load was applied.", schema: PartnerSegmentLoadResultSchema },
    errors: [400, 403],
    handle: async ({ ctx, request }) => executeAction(loadPartnerSegmentsAction.definition, ctx, { rows: await rowsOf(request) }),
  }),
  defineOperation({
    method: "GET", path: "/partner-segments", access: "read", operationId: "searchPartnerSegments", tags,
    summary: "Search the licensee's partner (DMP) segments, a page at a time",
    query: SearchQueryDocSchema,
    response: { description: "One page of segments, by provider, taxonomy path and name, with the count of all that match.", schema: PartnerSegmentPageSchema },
    errors: [400],
    handle: ({ ctx, request }) => executeAction(searchPartnerSegmentsAction.definition, ctx, Object.fromEntries(new URL(request.url).searchParams)),
  }),
];
