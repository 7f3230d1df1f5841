// The OpenAPI 3.1 document of the REST API (GET /api/v1/openapi.json, and the
// reference page /home/api_reference), generated with zod-openapi from the
// declarations themselves: each operation's path, access, parameters, body
// and answer are the zod schemas it declared (lib/rest/operation.ts), and each
// resource's operations are declared from the resource (lib/api/resource-operations.ts).
// Nothing here is written per entity or per operation.
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiRequestBodyObject, type oas31 } from "zod-openapi";
import { z } from "../validation/z";
import { IdSchema, MAX_ID } from "../actions/fields";
import { ApiErrorSchema, envelope, errors } from "../rest/responses";
import type { RestOperation } from "../rest/operation";
import type { RestResource } from "../rest/resource";
import { UserInfoSchema } from "../account/api-schema";
import { IDEMPOTENCY_KEY_HEADER } from "../actions/idempotency-key";

export const API_BASE_PATH = "/api/v1";

/** Every {name} of the path a record id, unless the operation declared its path's schema. */
function pathParams(operation: RestOperation): z.ZodObject | undefined {
  if (operation.params) return operation.params;
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return names.length > 0 ? z.object(Object.fromEntries(names.map((name) => [name, IdSchema]))) : undefined;
}

/** The header of an operation that creates once per key (lib/actions/idempotency.ts). */
const IdempotencyHeaderSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .uuid()
    .optional()
    .meta({
      description:
        "A UUID you make for this one create (and send again if you retry it). A repeat with the same key within 24 hours creates nothing: " +
        "it answers as the first request did (201 with the record as it is now). The same key with another body is 409.",
    }),
});

function requestBody(operation: RestOperation): ZodOpenApiRequestBodyObject | undefined {
  const { body } = operation;
  if (!body) return undefined;
  if (body instanceof z.ZodType) return { required: true, content: { "application/json": { schema: body } } };
  const { content, required } = body;
  return { ...(required === undefined ? {} : { required }), content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])) };
}

function documented(operation: RestOperation): ZodOpenApiOperationObject {
  const { response } = operation;
  const content = {
    ...(response.schema ? { "application/json": { schema: envelope(response.schema) } } : {}),
    ...Object.fromEntries(Object.entries(response.content ?? {}).map(([type, schema]) => [type, { schema }])),
  };
  const path = pathParams(operation);
  const header = operation.idempotent ? IdempotencyHeaderSchema : undefined;
  const params = { ...(path ? { path } : {}), ...(operation.query ? { query: operation.query } : {}), ...(header ? { header } : {}) };
  const body = requestBody(operation);
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: operation.tags,
    ...(Object.keys(params).length > 0 ? { requestParams: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [String(response.status ?? 200)]: { description: response.description, ...(Object.keys(content).length > 0 ? { content } : {}) },
      ...errors(...(operation.errors ?? [])),
    },
  };
}

/** The document of these resources and operations (the router's own lists, lib/api/resources.ts). */
export function buildOpenApiDocument(resources: readonly RestResource[], operations: readonly RestOperation[]): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    if (operation.documented === false) continue;
    paths[operation.path] = { ...paths[operation.path], [operation.method.toLowerCase()]: documented(operation) };
  }
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "DSP console REST API",
        version: "1",
        description:
          "The console's own rules apply to every call: the caller's role and licensee, the same validation, " +
          "optimistic concurrency on `version`, and an activity log row for every change.",
      },
      servers: [{ url: API_BASE_PATH }],
      security: [{ apiKey: [] }, { session: [] }],
      tags: [{ name: "account" }, { name: "delivery", description: "Hourly delivery from the ad server." }, { name: "reports", description: "Delivery metrics by dimensions (the advanced report)." }, ...resources.map((r) => ({ name: r.plural, description: r.description }))],
      paths,
      components: {
        securitySchemes: {
          apiKey: {
            type: "http",
            scheme: "bearer",
            description: "An API key from Generate API Key: `Authorization: Bearer dsp_...`. Read-only keys get 403 on every write.",
          },
          session: {
            type: "apiKey",
            in: "cookie",
            name: "authjs.session-token",
            description: "The console's session cookie (`__Secure-authjs.session-token` over https), for calls from a signed-in browser.",
          },
        },
        schemas: Object.fromEntries([["Error", ApiErrorSchema], ["UserInfo", UserInfoSchema], ...resources.map((r) => [r.schemaName, r.view])]),
      },
    },
    {
      // A record id (IdSchema accepts the number or its text, anything else is 404).
      override: ({ jsonSchema, zodSchema }) => {
        if (zodSchema === IdSchema || zodSchema === IdSchema.in) Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: MAX_ID });
      },
    },
  );
}

/** Every operation of the document: its method, path and operationId (the reference page and the tests walk it). */
export function documentOperations(document: oas31.OpenAPIObject) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (["get", "post", "patch", "put", "delete"] as const).flatMap((method) => {
      const op = (item as oas31.PathItemObject)[method];
      return op ? [{ method, path, operation: op }] : [];
    }),
  );
}
