// GET /api/v1/{resource}/{id} and PATCH with { version, ...fields }. Another
// licensee's id is 404, like a missing one.
import { itemHandlers } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const GET = itemHandlers.GET;
export const PATCH = itemHandlers.PATCH;
