// The REST resources and operations: the `rest` part of every entity
// declaration in the registry (lib/entities/registry.ts), and the operations
// of no entity (lib/api/operations.ts). The router and the OpenAPI document
// read them here, so an operation exists exactly when it is declared.
import "server-only";
import { allEntities } from "../entities/registry";
import type { RestOperation } from "../rest/operation";
import type { RestResource } from "../rest/resource";
import { OPERATIONS_OF_NO_ENTITY } from "./operations";
import { resourceOperations } from "./resource-operations";

export function restResources(): RestResource[] {
  return allEntities().flatMap((entity) => (entity.rest ? [entity.rest.resource] : []));
}

export function restResource(path: string): RestResource | undefined {
  return restResources().find((resource) => resource.path === path);
}

let operations: readonly RestOperation[] | undefined;

/** Every operation of the API: those of no entity, the entities' own, then each resource's (the document lists them in this order). */
export function restOperations(): readonly RestOperation[] {
  operations ??= [
    ...OPERATIONS_OF_NO_ENTITY,
    ...allEntities().flatMap((entity) => entity.rest?.operations ?? []),
    ...restResources().flatMap(resourceOperations),
  ];
  return operations;
}
