// The OpenAPI 3.1 document of the REST API (GET /api/v1/openapi.json, and the
// reference page /home/api_reference), generated with zod-openapi from the
// very zod schemas the operations run: each list's query schema, the create
// and update bodies the console's actions validate, each resource's view.
// Nothing here is written by hand per entity: a resource registered with an
// operation is in the document.
import { z } from "../validation/z";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type oas31 } from "zod-openapi";
import { IdSchema, MAX_ID, VersionSchema } from "../actions/fields";
import { SkadPrivilegesQuerySchema, SkadPrivilegesSchema } from "./skad-schema";
import { DeliveryResultSchema, DeliveryRowDocSchema, MAX_BATCH_ROWS } from "../delivery/schema";
import { VerifyVideoAdTagResultSchema } from "../creatives/ad-tags/api-schema";
import { VerifyVideoAdTagSchema } from "../creatives/ad-tags/schema";
import { GetInputSchema } from "./read";
import type { OperationKind, RestResource } from "./resource";
import { ApiErrorSchema, envelope, errors, UserInfoSchema } from "./openapi-parts";
import { experimentStatusOperations } from "./openapi-experiments";
import { reportTemplateOperations } from "./openapi-report-templates";
import { audienceBackfillOperations } from "./openapi-audience-backfill";
import { audienceUploadOperations } from "./openapi-audience-uploads";
import { audienceOperations } from "./openapi-audiences";
import { mmpPostbackOperations } from "./openapi-mmp-postback";
import { reportOperations } from "./openapi-reports";
import { optimizationRuleOperations } from "./openapi-optimization";
import { creativeOperations, strategyBlockingOperations, strategyBulkEditOperations, strategyCloneOperations, strategyTransferOperations } from "./openapi-operations";


export const API_BASE_PATH = "/api/v1";

const pascal = (path: string) => path.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** The operationId of each operation: listAdvertisers, getAdvertiser, activateAdvertiser, ... */
export function operationId(resource: RestResource, kind: OperationKind): string {
  return kind === "list" ? `list${pascal(resource.path)}` : `${kind}${resource.schemaName}`;
}

function operations(resource: RestResource): Record<OperationKind, ZodOpenApiOperationObject | undefined> {
  const tags = [resource.plural];
  const one = (summary: string, kind: OperationKind, rest: Omit<ZodOpenApiOperationObject, "operationId" | "summary" | "tags">): ZodOpenApiOperationObject => ({
    operationId: operationId(resource, kind),
    summary,
    tags,
    ...rest,
  });
  const view = { description: `The ${resource.singular}.`, content: { "application/json": { schema: envelope(resource.view) } } };
  const path = { path: GetInputSchema };
  const status = (active: boolean) =>
    one(`${active ? "Activate" : "Deactivate"} a ${resource.singular}`, active ? "activate" : "deactivate", {
      requestParams: path,
      responses: { "200": view, ...errors(403, 404, 409) },
    });
  const { list, create, update } = resource;
  return {
    list: one(`List ${resource.plural}`, "list", {
      description: "Archived rows are never listed. Paged, sorted and filtered in the database.",
      requestParams: { query: list.query },
      responses: {
        "200": {
          description: `A page of ${resource.plural}.`,
          content: {
            "application/json": {
              schema: envelope(
                z.object({
                  data: z.array(resource.view),
                  totalNoOfRecords: z.number().int().meta({ description: "Rows matching the filters, on every page." }),
                  page: z.number().int(),
                  size: z.number().int(),
                }),
              ),
            },
          },
        },
        ...errors(400),
      },
    }),
    get: one(`Get a ${resource.singular}`, "get", { requestParams: path, responses: { "200": view, ...errors(404) } }),
    create: create
      ? one(`Create a ${resource.singular}`, "create", {
          description: "Validated exactly like the console's form; answers the new record.",
          requestBody: { required: true, content: { "application/json": { schema: create.body } } },
          responses: { "201": { ...view, description: `The new ${resource.singular}.` }, ...errors(400, 403, 404, 409) },
        })
      : undefined,
    update: update
      ? one(`Change a ${resource.singular}`, "update", {
          description:
            "Send `version` (from the last read) and the fields to change; the others keep their values. " +
            "Then the console's own validation and version check apply.",
          requestParams: path,
          requestBody: {
            required: true,
            content: { "application/json": { schema: update.body.partial().extend({ version: VersionSchema }) } },
          },
          responses: { "200": view, ...errors(400, 403, 404, 409) },
        })
      : undefined,
    activate: resource.activate ? status(true) : undefined,
    deactivate: resource.deactivate ? status(false) : undefined,
    delete: resource.delete
      ? one(`Delete a ${resource.singular}`, "delete", {
          description: `Answers the ${resource.singular} as it was; afterwards it is no longer found.`,
          requestParams: path,
          responses: { "200": { ...view, description: `The deleted ${resource.singular}.` }, ...errors(403, 404, 409) },
        })
      : undefined,
  };
}

function resourcePaths(resource: RestResource): ZodOpenApiPathsObject {
  const ops = operations(resource);
  const base = `/${resource.path}`;
  const paths: ZodOpenApiPathsObject = {
    [base]: { get: ops.list, ...(ops.create ? { post: ops.create } : {}) },
    [`${base}/{id}`]: { get: ops.get, ...(ops.update ? { patch: ops.update } : {}), ...(ops.delete ? { delete: ops.delete } : {}) },
  };
  for (const kind of ["activate", "deactivate"] as const) {
    const op = ops[kind];
    if (op) paths[`${base}/{id}/${kind}`] = { post: op };
  }
  return paths;
}

/** The document for these resources (the routes' own list: the entity registry). */
export function buildOpenApiDocument(resources: readonly RestResource[]): oas31.OpenAPIObject {
  const paths: ZodOpenApiPathsObject = {
    "/me": {
      get: {
        operationId: "getUserInfo",
        summary: "The caller: user, role, licensee and its advertiser ids",
        tags: ["account"],
        responses: { "200": { description: "User info (shell.md 3).", content: { "application/json": { schema: envelope(UserInfoSchema) } } }, ...errors() },
      },
    },
    "/delivery": {
      post: {
        operationId: "ingestDelivery",
        summary: "Load a batch of hourly delivery rows (JSON or CSV); all or nothing, replayable",
        description:
          `Up to ${MAX_BATCH_ROWS} rows. Each row is upserted on (strategyId, hour, creativeId, siteId, appId, aggregatorId, country, device): ` +
          "sending a batch again replaces its rows and never doubles them. Any bad row refuses the batch (400) with " +
          "`fieldErrors` keyed `rows.<row number>.<field>`, and nothing is written.",
        tags: ["delivery"],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: z.object({ rows: z.array(DeliveryRowDocSchema).min(1).max(MAX_BATCH_ROWS) }) },
            "text/csv": { schema: z.string().meta({ description: "A header line with the JSON field names, then one row per line." }) },
          },
        },
        responses: {
          "200": { description: "The batch was applied.", content: { "application/json": { schema: envelope(DeliveryResultSchema) } } },
          ...errors(400, 403),
        },
      },
    },
    "/skad-target-privileges": {
      post: {
        operationId: "getSkadTargetPrivileges",
        summary: "Whether the caller's licensee may run SKAD target campaigns (a POST: read-only keys get 403)",
        tags: ["account"],
        requestBody: { content: { "application/json": { schema: SkadPrivilegesQuerySchema } } },
        responses: {
          "200": { description: "The licensee's SKAD target privilege (shell.md 7).", content: { "application/json": { schema: envelope(SkadPrivilegesSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
    "/creatives/video-ad-tag/verify": {
      post: {
        operationId: "verifyVideoAdTag",
        summary: "Verify a third-party video tag (VAST link or inline VAST XML) and summarise it",
        description:
          "Follows wrappers (up to 5 levels) from public hosts only, with time and size caps; nothing is stored. " +
          "A tag that does not verify is still a 200, with `ok: false` and the reason. A POST: read-only keys get 403.",
        tags: ["creatives"],
        requestBody: { required: true, content: { "application/json": { schema: VerifyVideoAdTagSchema } } },
        responses: {
          "200": { description: "The tag's summary, or why it does not verify.", content: { "application/json": { schema: envelope(VerifyVideoAdTagResultSchema) } } },
          ...errors(400, 403),
        },
      },
    },
  };
  Object.assign(paths, creativeOperations());
  Object.assign(paths, strategyTransferOperations());
  Object.assign(paths, strategyBulkEditOperations());
  Object.assign(paths, optimizationRuleOperations());
  Object.assign(paths, strategyBlockingOperations());
  Object.assign(paths, audienceBackfillOperations());
  Object.assign(paths, audienceOperations());
  Object.assign(paths, audienceUploadOperations());
  Object.assign(paths, mmpPostbackOperations());
  Object.assign(paths, reportOperations());
  // The clone answers the strategies resource's own view (taken from the resources, so this module loads no server code).
  const strategies = resources.find((r) => r.path === "strategies");
  if (strategies) Object.assign(paths, strategyCloneOperations(strategies.view));
  const experiments = resources.find((r) => r.path === "experiments");
  if (experiments) Object.assign(paths, experimentStatusOperations(experiments.view));
  const reportTemplates = resources.find((r) => r.path === "report-templates");
  if (reportTemplates) Object.assign(paths, reportTemplateOperations(reportTemplates.view));
  for (const resource of resources) Object.assign(paths, resourcePaths(resource));
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
