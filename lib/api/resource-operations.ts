// The operations of a REST resource (lib/rest/resource.ts), declared from it:
// list and create at /{path}, get, update (PATCH) and delete at /{path}/{id},
// activate and deactivate at /{path}/{id}/activate|deactivate, each only when
// the resource has it (a method it lacks is 405 at the router). Each runs
// through lib/api/execute.ts and documents itself like any declared operation.
import "server-only";
import { z } from "../validation/z";
import { VersionSchema } from "../actions/fields";
import { GetInputSchema } from "../rest/read";
import { defineOperation, type RestOperation } from "../rest/operation";
import type { OperationKind, RestResource } from "../rest/resource";

/**
 * The executor, loaded on the first call: declaring the operations loads no
 * server code, so the reference page's component tests can build them.
 */
const execute = () => import("./execute");

const pascal = (path: string) => path.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** The operationId of each operation: listAdvertisers, getAdvertiser, activateAdvertiser, ... */
export function operationId(resource: RestResource, kind: OperationKind): string {
  return kind === "list" ? `list${pascal(resource.path)}` : `${kind}${resource.schemaName}`;
}

/** The path every resource's operation of a kind shares, {resource} standing for the resource's segment. */
export const RESOURCE_PATHS: Record<OperationKind, string> = {
  list: "/{resource}",
  create: "/{resource}",
  get: "/{resource}/{id}",
  update: "/{resource}/{id}",
  delete: "/{resource}/{id}",
  activate: "/{resource}/{id}/activate",
  deactivate: "/{resource}/{id}/deactivate",
};

const kinds = new WeakMap<RestOperation, OperationKind>();

/** The kind of a resource's operation (undefined for an operation declared on its own). */
export function resourceKindOf(operation: RestOperation): OperationKind | undefined {
  return kinds.get(operation);
}

export function resourceOperations(resource: RestResource): RestOperation[] {
  const base = `/${resource.path}`;
  const tags = [resource.plural];
  const view = { description: `The ${resource.singular}.`, schema: resource.view };
  const params = GetInputSchema;
  const declared: [OperationKind, RestOperation][] = [];
  const add = (kind: OperationKind, operation: RestOperation) => declared.push([kind, operation]);

  add("list", defineOperation({
    method: "GET", path: base, access: "read", operationId: operationId(resource, "list"), tags,
    summary: `List ${resource.plural}`,
    description: "Archived rows are never listed. Paged, sorted and filtered in the database.",
    query: resource.list.query,
    response: {
      description: `A page of ${resource.plural}.`,
      schema: z.object({
        data: z.array(resource.view),
        totalNoOfRecords: z.number().int().meta({ description: "Rows matching the filters, on every page." }),
        page: z.number().int(),
        size: z.number().int(),
      }),
    },
    errors: [400],
    handle: async ({ ctx, request }) => (await execute()).listResource(resource, ctx, new URL(request.url)),
  }));
  if (resource.create) {
    add("create", defineOperation({
      method: "POST", path: base, access: "write", operationId: operationId(resource, "create"), tags,
      summary: `Create a ${resource.singular}`,
      description: "Validated exactly like the console's form; answers the new record.",
      ...(resource.create.definition.idempotent ? { idempotent: true } : {}),
      body: resource.create.body,
      response: { ...view, description: `The new ${resource.singular}.`, status: 201 },
      errors: [400, 403, 404, 409],
      handle: async ({ ctx, request }) => (await execute()).createResource(resource, ctx, request),
    }));
  }
  add("get", defineOperation({
    method: "GET", path: `${base}/{id}`, access: "read", operationId: operationId(resource, "get"), tags,
    summary: `Get a ${resource.singular}`,
    params,
    response: view,
    errors: [404],
    handle: async ({ ctx, params: { id } }) => (await execute()).getResource(resource, ctx, id),
  }));
  if (resource.update) {
    add("update", defineOperation({
      method: "PATCH", path: `${base}/{id}`, access: "write", operationId: operationId(resource, "update"), tags,
      summary: `Change a ${resource.singular}`,
      description:
        "Send `version` (from the last read) and the fields to change; the others keep their values. " +
        "Then the console's own validation and version check apply.",
      params,
      body: resource.update.body.partial().extend({ version: VersionSchema }),
      response: view,
      errors: [400, 403, 404, 409],
      handle: async ({ ctx, request, params: { id } }) => (await execute()).updateResource(resource, ctx, id, request),
    }));
  }
  if (resource.delete) {
    add("delete", defineOperation({
      method: "DELETE", path: `${base}/{id}`, access: "write", operationId: operationId(resource, "delete"), tags,
      summary: `Delete a ${resource.singular}`,
      description: `Answers the ${resource.singular} as it was; afterwards it is no longer found.`,
      params,
      response: { ...view, description: `The deleted ${resource.singular}.` },
      errors: [403, 404, 409],
      handle: async ({ ctx, params: { id } }) => (await execute()).deleteResource(resource, ctx, id),
    }));
  }
  for (const kind of ["activate", "deactivate"] as const) {
    if (!resource[kind]) continue;
    const active = kind === "activate";
    add(kind, defineOperation({
      method: "POST", path: `${base}/{id}/${kind}`, access: "write", operationId: operationId(resource, kind), tags,
      summary: `${active ? "Activate" : "Deactivate"} a ${resource.singular}`,
      params,
      response: view,
      errors: [403, 404, 409],
      handle: async ({ ctx, params: { id } }) => (await execute()).setResourceActive(resource, ctx, id, active),
    }));
  }
  for (const [kind, operation] of declared) kinds.set(operation, kind);
  return declared.map(([, operation]) => operation);
}
