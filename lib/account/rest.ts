// The REST API under /api/v1: one wrapper gives every handler the caller's
// SessionContext (API key bearer or session cookie, lib/auth/session.ts) and
// turns failures into the error envelope of shell.md 3 with the HTTP status
// of the gate error (400 validation, 401, 403, 404, 409, 413, 429, 500). A bearer
// key's own limits (expiry, read-only scope, rate limit) are applied by
// resolveApiKey (lib/auth/api-key.ts) before the handler runs. Everything a
// handler runs in the database is cancelled when its client has gone
// (request.signal, lib/connections/work.ts).
import crypto from "node:crypto";
import { requireSessionOrApiKey } from "../auth/session";
import type { SessionContext } from "../auth/context";
import { toActionError } from "../data/action-result";
import { RateLimitedError } from "../rate-limit/errors";
import { requireWrite } from "../data/gate";
import { declareBodyLimit, JSON_BODY_LIMIT_BYTES, refuseDeclaredOverLimit } from "../net/read-body";
import { withSignal } from "../connections/work";
import { readFromReplica, rememberWrite } from "../data/read-replica";

export interface ApiErrorBody {
  error: { code: number; status: number; message: string; fieldErrors?: Record<string, string> };
  respId: string;
}

type RouteContext<P> = { params: Promise<P> };

type Handler<P> = (ctx: SessionContext, request: Request, params: P) => Promise<unknown>;

/** What a route declares about its callers and its body, checked before its handler runs. */
export interface ApiRouteOptions {
  /** `write`: RW callers and read-write keys only (403 for the others), checked before a byte of the body is read. */
  access: "read" | "write";
  /** The body's cap in bytes (default JSON_BODY_LIMIT_BYTES, about 1 MB): a larger body is 413 and is not read. */
  bodyLimitBytes?: number;
}

/**
 * A route handler built by apiHandler, with the options it declared (none for
 * a plain read): tests/integration/request-bodies.test.ts requires them of
 * every method that takes a body.
 */
export type ApiRouteHandler<P> = ((request: Request, route?: RouteContext<P>) => Promise<Response>) & { readonly options?: ApiRouteOptions };

/**
 * A REST route: the caller's session or key first, then the declared access
 * (RW for writes), then the body's declared length against the route's cap,
 * and only then the handler, whose body reads (lib/net/read-body.ts) are cut
 * off at that cap. Without options: read access, the default cap.
 */
export function apiHandler<P = Record<string, never>>(name: string, fn: Handler<P>): ApiRouteHandler<P>;
export function apiHandler<P = Record<string, never>>(name: string, options: ApiRouteOptions, fn: Handler<P>): ApiRouteHandler<P>;
export function apiHandler<P = Record<string, never>>(name: string, ...args: [Handler<P>] | [ApiRouteOptions, Handler<P>]): ApiRouteHandler<P> {
  const [declared, fn] = args.length === 1 ? [undefined, args[0]] : args;
  const options: ApiRouteOptions = declared ?? { access: "read" };
  const limit = options.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES;
  // Next always passes the route context; a route without dynamic segments may be called without it.
  const handler = (request: Request, route?: RouteContext<P>): Promise<Response> =>
    withSignal(request.signal, () => answer(request, route));
  const answer = async (request: Request, route?: RouteContext<P>): Promise<Response> => {
    const respId = crypto.randomUUID();
    try {
      const ctx = await requireSessionOrApiKey(request);
      if (options.access === "write") requireWrite(ctx);
      declareBodyLimit(request, limit);
      refuseDeclaredOverLimit(request, limit);
      const params = (await route?.params) ?? ({} as P);
      const run = () => fn(ctx, request, params);
      // A GET that only reads may read from a replica that has this caller's last write.
      const respObject = await (request.method === "GET" && options.access === "read" ? readFromReplica(ctx, run) : run());
      // The key's next reads see this write, even from a replica (lib/data/read-replica.ts).
      if (options.access === "write") await rememberWrite(ctx.userId);
      // A handler that answers a file (the report downloads) builds its own Response: passed on as it is.
      if (respObject instanceof Response) return respObject;
      return Response.json({ respObject }, { headers: { "Cache-Control": "no-store" } });
    } catch (e) {
      return errorResponse(e, name, respId);
    }
  };
  return Object.assign(handler, { options: declared });
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
