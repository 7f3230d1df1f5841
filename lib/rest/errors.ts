// The REST API's error envelope (shell.md 3): { error: { code, status,
// message, fieldErrors? }, respId } with the HTTP status of the gate error
// (400 validation, 401, 403, 404, 409, 413, 429, 500). The router answers
// every failure with it; the other JSON routes of /api (uploads, list exports) too.
import crypto from "node:crypto";
import { toActionError } from "../actions/server-result";
import { RateLimitedError } from "../rate-limit/errors";

export interface ApiErrorBody {
  error: { code: number; status: number; message: string; fieldErrors?: Record<string, string> };
  respId: string;
}

const NO_STORE = { "Cache-Control": "no-store" };

/** The error envelope for anything a handler throws (gate errors keep their status and message). */
export function errorResponse(e: unknown, name: string, respId: string = crypto.randomUUID()): Response {
  if (e instanceof RateLimitedError) {
    const body: ApiErrorBody = { error: { code: 429, status: 429, message: e.message }, respId };
    return Response.json(body, { status: 429, headers: { ...NO_STORE, "Retry-After": String(e.retryAfterSeconds) } });
  }
  const failure = toActionError(e, { route: name, respId });
  const body: ApiErrorBody = {
    error: {
      code: failure.status,
      status: failure.status,
      message: failure.formError ?? "",
      ...(failure.fieldErrors ? { fieldErrors: failure.fieldErrors } : {}),
    },
    respId,
  };
  const headers: Record<string, string> = { ...NO_STORE };
  if (failure.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="api"';
  return Response.json(body, { status: failure.status, headers });
}

/** 405: the path exists, the method does not; `Allow` names the methods it has. */
export function methodNotAllowedResponse(allow: readonly string[], respId: string = crypto.randomUUID()): Response {
  const body: ApiErrorBody = { error: { code: 405, status: 405, message: "This operation is not available on this resource" }, respId };
  return Response.json(body, { status: 405, headers: { ...NO_STORE, Allow: allow.join(", ") } });
}
