// GET /api/v1/{resource}/{id}, PATCH with { version, ...fields } and DELETE
// (resources that declare it). Another licensee's id is 404, like a missing one.
import { itemHandlers } from "@/lib/api/http";

export const dynamic = "force-dynamic";

export const GET = itemHandlers.GET;
export const PATCH = itemHandlers.PATCH;
export const DELETE = itemHandlers.DELETE;
