// GET /api/v1/openapi.json: the OpenAPI 3.1 document of the REST API. Public:
// it describes the API's shape only (no licensee data), the same for every
// caller, so client generators and API tools can fetch it without a key.
import { apiDocument } from "@/lib/api/document";

export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(apiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
