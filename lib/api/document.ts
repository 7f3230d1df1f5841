// The API's OpenAPI document, built once per server process from the
// declared resources and operations (it changes only with the code).
import "server-only";
import type { oas31 } from "zod-openapi";
import { buildOpenApiDocument } from "./openapi";
import { restOperations, restResources } from "./resources";

let cached: oas31.OpenAPIObject | undefined;

export function apiDocument(): oas31.OpenAPIObject {
  cached ??= buildOpenApiDocument(restResources(), restOperations());
  return cached;
}
