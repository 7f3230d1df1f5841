// The REST resources: the `rest` part of every entity declaration in the
// registry (lib/entities/registry.ts), found by URL segment. The routes and
// the OpenAPI document read them here, so a resource exists exactly when an
// entity declares it.
import "server-only";
import { allEntities } from "../entities/registry";
import type { RestResource } from "./resource";

export function restResources(): RestResource[] {
  return allEntities().flatMap((entity) => (entity.rest ? [entity.rest] : []));
}

export function restResource(path: string): RestResource | undefined {
  return restResources().find((resource) => resource.path === path);
}
