// The generic route handlers of the REST resources (app/api/v1/[resource]/...):
// thin. Each checks the caller itself (API key bearer or session cookie:
// requireSessionOrApiKey, which also applies a key's expiry, read-only scope
// and rate limit), finds the resource in the entity registry and runs the
// operation. Answers are { respObject } (shell.md 3); failures the error
// envelope of lib/account/rest.ts with the gate error's status.
import "server-only";
import crypto from "node:crypto";
import type { SessionContext } from "../auth/context";
import { requireSessionOrApiKey } from "../auth/session";
import { errorResponse, type ApiErrorBody } from "../account/rest";
import { NotFoundError } from "../data/errors";
import { readFromReplica } from "../data/read-replica";
import {
  MethodNotAllowedError,
  createResource,
  deleteResource,
  getResource,
  listResource,
  setResourceActive,
  updateResource,
} from "./execute";
import type { RestResource } from "./resource";
import { restResource } from "./resources";

type RouteContext<P> = { params: Promise<P> };
type CollectionParams = { resource: string };
type ItemParams = { resource: string; id: string };

const NO_STORE = { "Cache-Control": "no-store" };

function resourceRoute<P extends CollectionParams>(
  name: string,
  run: (ctx: SessionContext, request: Request, resource: RestResource, params: P) => Promise<unknown>,
  status = 200,
) {
  return async (request: Request, route: RouteContext<P>): Promise<Response> => {
    const respId = crypto.randomUUID();
    try {
      const ctx = await requireSessionOrApiKey(request);
      const params = await route.params;
      const resource = restResource(params.resource);
      if (!resource) throw new NotFoundError("Resource");
      // A GET only reads: a replica that has the caller's last write may answer it (writes remember theirs in executeAction).
      const respObject = await (request.method === "GET" ? readFromReplica(ctx, () => run(ctx, request, resource, params)) : run(ctx, request, resource, params));
      return Response.json({ respObject }, { status, headers: NO_STORE });
    } catch (e) {
      if (e instanceof MethodNotAllowedError) {
        const body: ApiErrorBody = { error: { code: 405, status: 405, message: e.message }, respId };
        return Response.json(body, { status: 405, headers: { ...NO_STORE, Allow: e.allow.join(", ") } });
      }
      return errorResponse(e, name, respId);
    }
  };
}

/** GET /api/v1/{resource} (list) and POST /api/v1/{resource} (create, 201). */
export const collectionHandlers = {
  GET: resourceRoute<CollectionParams>("GET /api/v1/{resource}", (ctx, request, resource) =>
    listResource(resource, ctx, new URL(request.url)),
  ),
  POST: resourceRoute<CollectionParams>("POST /api/v1/{resource}", (ctx, request, resource) => createResource(resource, ctx, request), 201),
};

/** GET /api/v1/{resource}/{id}, PATCH ({ version, ...fields }) and DELETE. */
export const itemHandlers = {
  GET: resourceRoute<ItemParams>("GET /api/v1/{resource}/{id}", (ctx, _request, resource, { id }) => getResource(resource, ctx, id)),
  PATCH: resourceRoute<ItemParams>("PATCH /api/v1/{resource}/{id}", (ctx, request, resource, { id }) =>
    updateResource(resource, ctx, id, request),
  ),
  DELETE: resourceRoute<ItemParams>("DELETE /api/v1/{resource}/{id}", (ctx, _request, resource, { id }) => deleteResource(resource, ctx, id)),
};

/** POST /api/v1/{resource}/{id}/activate or /deactivate. */
export function statusHandler(active: boolean) {
  const verb = active ? "activate" : "deactivate";
  return resourceRoute<ItemParams>(`POST /api/v1/{resource}/{id}/${verb}`, (ctx, _request, resource, { id }) =>
    setResourceActive(resource, ctx, id, active),
  );
}
