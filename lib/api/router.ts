// The REST API under /api/v1: one handler (app/api/v1/[...path]/route.ts)
// for every declared operation (lib/api/resources.ts). It finds the operation
// of the request's method and path, then, in this order:
// - the caller: API key bearer or session cookie (requireSessionOrApiKey also
//   applies a key's expiry, read-only scope and rate limit); 401 without one;
// - a path nothing declares: 404; a method the path lacks: 405 with Allow;
// - the declared access: `write` is read-write callers and keys only (403),
//   before a byte of the body is read;
// - the body's declared length against the operation's cap (413, unread), and
//   the cap on every read of it (lib/net/read-body.ts);
// - an operation that creates (`idempotent`): its Idempotency-Key header (a
//   UUID, else 400) goes to the create, which happens once per key: a repeat
//   answers as the first did (lib/actions/idempotency.ts);
// - the handler: a GET that only reads may read from a replica that has the
//   caller's last write; after a write the caller's next reads see it;
// - the answer: { respObject } (or the handler's own Response: a file, a 204),
//   failures the error envelope with the gate error's status (lib/rest/errors.ts).
// Public operations skip the caller and take a body only under the signed-out
// rule (declared length, small cap). Everything a handler runs in the database
// is cancelled when its client has gone (request.signal, lib/connections/work.ts).
import "server-only";
import crypto from "node:crypto";
import type { SessionContext } from "../auth/context";
import { requireSessionOrApiKey } from "../auth/session";
import { withSignal } from "../connections/work";
import { NotFoundError } from "../errors";
import { requireWrite } from "../data/gate";
import { idempotencyKeyOfRequest, withRequestIdempotencyKey } from "../actions/idempotency";
import { readFromReplica, rememberWrite } from "../data/read-replica";
import { declareBodyLimit, JSON_BODY_LIMIT_BYTES, refuseDeclaredOverLimit } from "../net/read-body";
import { refuseLargeBody } from "../security/anonymous-body";
import { OPERATION_METHODS, type RestOperation } from "../rest/operation";
import { errorResponse, methodNotAllowedResponse } from "../rest/errors";
import { restOperations } from "./resources";

import { API_BASE_PATH } from "./openapi";

const NO_STORE = { "Cache-Control": "no-store" };

interface Route {
  operation: RestOperation;
  segments: string[];
}

export type Match =
  | { kind: "operation"; operation: RestOperation; params: Record<string, string> }
  | { kind: "method"; allow: string[] }
  | { kind: "none" };

const isParam = (segment: string) => segment.startsWith("{");

/** The path's values, or null when the template does not fit the path. */
function fit(template: string[], actual: string[]): Record<string, string> | null {
  if (template.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of template.entries()) {
    if (!isParam(segment)) {
      if (segment !== actual[i]) return null;
      continue;
    }
    try {
      params[segment.slice(1, -1)] = decodeURIComponent(actual[i]);
    } catch {
      return null; // a broken escape names nothing
    }
  }
  return params;
}

/** The template's shape ("strategies/{}/rules"): operations of one shape share a path. */
const shapeOf = (segments: string[]) => segments.map((s) => (isParam(s) ? "{}" : s)).join("/");

/** Which of two shapes wins, as the file router ranks folders: a fixed segment before a placeholder, from the left. */
function moreSpecific(a: string[], b: string[]): boolean {
  for (const [i, segment] of a.entries()) {
    if (isParam(segment) !== isParam(b[i])) return !isParam(segment);
  }
  return false;
}

/** The operation of these routes that a method and a path under /api/v1 ("/audiences/12/backfill") name. */
function matchIn(routes: readonly Route[], method: string, path: string): Match {
  const actual = path.split("/").filter(Boolean);
  let best: Route[] = [];
  for (const route of routes) {
    if (!fit(route.segments, actual)) continue;
    if (best.length === 0 || moreSpecific(route.segments, best[0].segments)) best = [route];
    else if (shapeOf(route.segments) === shapeOf(best[0].segments)) best.push(route);
  }
  if (best.length === 0) return { kind: "none" };
  // HEAD is answered by GET, without the body.
  const wanted = method === "HEAD" ? "GET" : method;
  const route = best.find((r) => r.operation.method === wanted);
  if (!route) return { kind: "method", allow: OPERATION_METHODS.filter((m) => best.some((r) => r.operation.method === m)) };
  return { kind: "operation", operation: route.operation, params: fit(route.segments, actual)! };
}

export interface ApiRouter {
  /** The one handler of /api/v1 (every method). */
  (request: Request): Promise<Response>;
  match(method: string, path: string): Match;
}

/** A router over these operations (read once, on the first request). */
export function apiRouter(operations: () => readonly RestOperation[]): ApiRouter {
  let routes: Route[] | undefined;
  const match = (method: string, path: string) => {
    routes ??= operations().map((operation) => ({ operation, segments: operation.path.split("/").filter(Boolean) }));
    return matchIn(routes, method, path);
  };
  const handle = (request: Request) => withSignal(request.signal, () => answer(request, match(request.method, pathOf(request))));
  return Object.assign(handle, { match });
}

/** The API's router: every declared operation (lib/api/resources.ts). */
export const handleApiRequest = apiRouter(restOperations);

function pathOf(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname.startsWith(API_BASE_PATH) ? pathname.slice(API_BASE_PATH.length) : pathname;
}

async function answer(request: Request, match: Match): Promise<Response> {
  const respId = crypto.randomUUID();
  if (match.kind === "operation" && match.operation.access === "public") return answerPublic(request, match.operation, match.params, respId);
  const name = match.kind === "operation" ? `${match.operation.method} ${API_BASE_PATH}${match.operation.path}` : `${request.method} ${API_BASE_PATH}`;
  try {
    // A read-only key is refused a declared write even on GET (a legacy call that starts a job); otherwise its method decides.
    const declaredWrite = match.kind === "operation" && match.operation.access === "write";
    const ctx = await requireSessionOrApiKey(request, declaredWrite || undefined);
    if (match.kind === "none") throw new NotFoundError("Resource");
    if (match.kind === "method") return methodNotAllowedResponse(match.allow, respId);
    return await run(ctx, request, match.operation, match.params);
  } catch (e) {
    return errorResponse(e, name, respId);
  }
}

async function run(ctx: SessionContext, request: Request, operation: RestOperation, params: Record<string, string>): Promise<Response> {
  if (operation.access === "public") throw new Error("a public operation runs without a caller");
  if (operation.access === "write") requireWrite(ctx);
  const limit = operation.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES;
  declareBodyLimit(request, limit);
  refuseDeclaredOverLimit(request, limit);
  const key = operation.idempotent ? idempotencyKeyOfRequest(request) : undefined;
  const handle = () => withRequestIdempotencyKey(key, () => operation.handle({ ctx, request, params }));
  const value = await (request.method === "GET" && operation.access === "read" ? readFromReplica(ctx, handle) : handle());
  // The caller's next reads see this write, even from a replica (lib/data/read-replica.ts).
  if (operation.access === "write") await rememberWrite(ctx.userId);
  return respond(operation, value);
}

async function answerPublic(request: Request, operation: RestOperation, params: Record<string, string>, respId: string): Promise<Response> {
  if (operation.access !== "public") throw new Error("not a public operation");
  // Read before anyone is known: a declared length within the cap, or nothing is read.
  const tooLarge = refuseLargeBody(request, operation.bodyLimitBytes);
  if (tooLarge) return tooLarge;
  try {
    declareBodyLimit(request, operation.bodyLimitBytes);
    return respond(operation, await operation.handle({ request, params }));
  } catch (e) {
    return errorResponse(e, `${operation.method} ${API_BASE_PATH}${operation.path}`, respId);
  }
}

/** A handler's own Response (a file, a 204) goes out as it is; a value in the envelope. */
function respond(operation: RestOperation, value: unknown): Response {
  if (value instanceof Response) return value;
  return Response.json({ respObject: value }, { status: operation.response.status ?? 200, headers: NO_STORE });
}
