// Every operation of the REST API (/api/v1/...): the router finds the declared
// operation of the method and path and enforces its access, its body cap and
// the answer's envelope (lib/api/router.ts). GET /api/v1/openapi.json is its
// own route beside this one.
import { handleApiRequest } from "@/lib/api/router";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";
// The longest operation sets it for all: a CRM upload of 100 MB over a slow
// connection, then a million keys written (the others finish long before).
export const maxDuration = 600;

export const GET = handleApiRequest;
export const POST = handleApiRequest;
export const PUT = handleApiRequest;
export const PATCH = handleApiRequest;
export const DELETE = handleApiRequest;
