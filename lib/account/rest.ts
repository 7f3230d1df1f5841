// The REST API under /api/v1: one wrapper gives every handler the caller's
// SessionContext (API key bearer or session cookie, lib/auth/session.ts) and
// turns failures into the error envelope of shell.md 3 with the HTTP status
// of the gate error (400 validation, 401, 403, 404, 409, 429, 500). A bearer
// key's own limits (expiry, read-only scope, rate limit) are applied by
// resolveApiKey (lib/auth/api-key.ts) before the handler runs.
import crypto from "node:crypto";
import { requireSessionOrApiKey } from "../auth/session";
import type { SessionContext } from "../auth/context";
import { toActionError } from "../data/action-result";
import { RateLimitedError } from "../rate-limit/errors";

export interface ApiErrorBody {
  error: { code: number; status: number; message: string; fieldErrors?: Record<string, string> };
  respId: string;
}

type RouteContext<P> = { params: Promise<P> };

export function apiHandler<P = Record<string, never>>(
  name: string,
  fn: (ctx: SessionContext, request: Request, params: P) => Promise<unknown>,
) {
  // Next always passes the route context; a route without dynamic segments may be called without it.
  return async (request: Request, route?: RouteContext<P>): Promise<Response> => {
    const respId = crypto.randomUUID();
    try {
      const ctx = await requireSessionOrApiKey(request);
      const respObject = await fn(ctx, request, (await route?.params) ?? ({} as P));
      // A handler that answers a file (the report downloads) builds its own Response: passed on as it is.
      if (respObject instanceof Response) return respObject;
      return Response.json({ respObject }, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      return errorResponse(e, name, respId);
    }
  };
}

/** The error envelope for anything a handler throws (gate errors keep their status and message). */
export function errorResponse(e: unknown, name: string, respId: string = crypto.randomUUID()): Response {
  if (e instanceof RateLimitedError) {
    const body: ApiErrorBody = { error: { code: 429, status: 429, message: e.message }, respId };
    return Response.json(body, { status: 429, headers: { "Cache-Control": "no-store", "Retry-After": String(e.retryAfterSeconds) } });
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
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (failure.status === 401) headers["WWW-Authenticate"] = 'Bearer realm="api"';
  return Response.json(body, { status: failure.status, headers });
}
