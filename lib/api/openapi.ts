// The OpenAPI 3.1 document of the REST API (GET /api/v1/openapi.json, and the
// reference page /home/api_reference), generated with zod-openapi from the
// very zod schemas the operations run: each list's query schema, the create
// and update bodies the console's actions validate, each resource's view.
// Nothing here is written by hand per entity: a resource registered with an
// operation is in the document.
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type oas31 } from "zod-openapi";
import { IdSchema, MAX_ID, VersionSchema } from "../actions/fields";
import { SkadPrivilegesQuerySchema, SkadPrivilegesSchema } from "./skad-schema";
import { DeliveryResultSchema, DeliveryRowDocSchema, MAX_BATCH_ROWS } from "../delivery/schema";
import { VerifyVideoAdTagResultSchema } from "../creatives/ad-tags/api-schema";
import { VerifyVideoAdTagSchema } from "../creatives/ad-tags/schema";
import { AssociateResultSchema, AssociateStrategiesBodySchema, CreativeReviewViewSchema, ReviewPathSchema, SetReviewBodySchema } from "../creatives/api-schema";
import { ExportAnswerSchema, ExportBodySchema, ExportStatusSchema, ImportJsonBodySchema, ImportQuerySchema, ImportResultSchema } from "../strategies/transfer/api-schema";
import { ExportStatusInputSchema } from "../strategies/transfer/schema";
import { BulkEditAnswerSchema, BulkEditBodyDocSchema } from "../strategies/bulk-edit/api-schema";
import { CloneBodySchema } from "../strategy-templates/schema";
import { GetInputSchema } from "./read";
import type { OperationKind, RestResource } from "./resource";

export const API_BASE_PATH = "/api/v1";

export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.number().int().meta({ description: "The HTTP status." }),
    status: z.number().int(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.string()).optional().meta({ description: "Field path → message, for a 400." }),
  }),
  respId: z.string().meta({ description: "Quote it when reporting a problem: the server log has it." }),
});

export const UserInfoSchema = z.object({
  username: z.string(),
  name: z.string(),
  authorities: z.array(z.string()).meta({ description: "ROLE_RW, ROLE_RO or ROLE_DEMO." }),
  selectedLicensee: z.object({ name: z.string(), id: z.number().int(), currencyCode: z.string() }),
  advertisers: z.array(z.object({ id: z.number().int() })),
  canSwitch: z.boolean(),
  canChangeSecret: z.boolean(),
  twoFactorEnabled: z.boolean(),
  forcePasswordChange: z.boolean(),
});

/** The success envelope of shell.md 3: the answer is in respObject. */
const envelope = (schema: z.ZodType) => z.object({ respObject: schema });

const ERROR_TEXT: Record<number, string> = {
  400: "The input is invalid: `error.fieldErrors` names each field and its message.",
  401: "No valid API key or session (unknown, revoked or expired key).",
  403: "The caller's role or a read-only API key may not do this.",
  404: "No such record in the caller's licensee (another licensee's id included).",
  405: "The resource does not offer this operation.",
  409: "The record changed since `version` was read, or its state refuses the change.",
  429: "Too many requests with this API key: retry after `Retry-After` seconds.",
};

function errors(...statuses: number[]) {
  return Object.fromEntries(
    [401, 429, ...statuses].sort().map((status) => [
      String(status),
      { description: ERROR_TEXT[status], content: { "application/json": { schema: ApiErrorSchema } } },
    ]),
  );
}

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

/** The creatives' custom operations (business.md 7 'associate strategies'; an exchange's review). */
function creativeOperations(): ZodOpenApiPathsObject {
  return {
    "/creatives/associate-strategies": {
      post: {
        operationId: "associateCreativesWithStrategies",
        summary: "Associate creatives with strategies (all or nothing; one activity row per strategy)",
        description:
          "Every creative and strategy must be the caller's licensee's (404 otherwise) and of one advertiser; CTV/OTT strategies take only CTV video " +
          "creatives, Multi Device strategies all other types. Field errors name creativesList or strategyList.",
        tags: ["creatives"],
        requestBody: { required: true, content: { "application/json": { schema: AssociateStrategiesBodySchema } } },
        responses: {
          "200": { description: "How many strategies changed.", content: { "application/json": { schema: envelope(AssociateResultSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
    "/creatives/{id}/reviews/{aggregatorId}": {
      put: {
        operationId: "setCreativeReview",
        summary: "Set an exchange's review of a creative (exchange integrations; read-write keys only)",
        description: "A creative without a review from an exchange is pending there. A rejection needs its reason. Audited on the creative.",
        tags: ["creatives"],
        requestParams: { path: ReviewPathSchema },
        requestBody: { required: true, content: { "application/json": { schema: SetReviewBodySchema } } },
        responses: {
          "200": { description: "The creative's review on that exchange.", content: { "application/json": { schema: envelope(CreativeReviewViewSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
  };
}

/** Strategy export with metrics and re-import (business.md 7 "Strategy: export"; issue 17). */
function strategyTransferOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/export": {
      post: {
        operationId: "exportStrategies",
        summary: "Export the active strategies of campaigns with their metrics (CSV or XLSX)",
        description:
          "Every active strategy of the campaigns (all the caller's licensee's: 404 otherwise) with id, version, campaign, the editable columns " +
          "(name, bid type, bid price, F-cap) and the metrics of the range (days of the caller's timezone) the caller's role may see. Up to 2,000 strategies " +
          "the answer carries fileDownloadUrl; larger exports run in the background and the answer carries exportId.",
        tags: ["strategies"],
        requestBody: { required: true, content: { "application/json": { schema: ExportBodySchema } } },
        responses: {
          "200": { description: "The file's URL or the background export's id.", content: { "application/json": { schema: envelope(ExportAnswerSchema) } } },
          ...errors(400, 403, 404),
        },
      },
    },
    "/strategies/export/{exportId}": {
      get: {
        operationId: "getStrategyExport",
        summary: "The progress of a background export (the caller's own only)",
        tags: ["strategies"],
        requestParams: { path: ExportStatusInputSchema },
        responses: {
          "200": { description: "Its state, progress and, once done, fileDownloadUrl.", content: { "application/json": { schema: envelope(ExportStatusSchema) } } },
          ...errors(404),
        },
      },
    },
    "/strategies/import": {
      post: {
        operationId: "importStrategies",
        summary: "Re-import edited strategies: a dry-run preview or an all-or-nothing apply",
        description:
          "A multipart form with `file` (an edited export, CSV or XLSX) or JSON rows. Each row's name, bid type, bid price and F-cap are merged into the " +
          "stored strategy and checked by the strategy rules; errors name the row and column. With dryRun=false the changes are written only when no row " +
          "has an error and no strategy changed since its exported version (then applied is true), one activity row per strategy.",
        tags: ["strategies"],
        requestParams: { query: ImportQuerySchema },
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ImportJsonBodySchema },
            "multipart/form-data": { schema: z.object({ file: z.string().meta({ format: "binary" }) }) },
          },
        },
        responses: {
          "200": { description: "The preview, or what was applied.", content: { "application/json": { schema: envelope(ImportResultSchema) } } },
          ...errors(400, 403),
        },
      },
    },
  };
}

/** Strategy bulk edit with a dry-run flag (business.md 2, 4; issue 17). */
function strategyBulkEditOperations(): ZodOpenApiPathsObject {
  return {
    "/strategies/bulk-edit": {
      post: {
        operationId: "bulkEditStrategies",
        summary: "Bulk edit strategies: a dry-run review or an all-or-nothing apply",
        description:
          "Each change names a field, an action the field allows and its items or value. With dryRun (the default) the answer lists per strategy " +
          "what would change (old -> new, list fields as items removed and added), the strategies left unchanged and those whose result breaks a " +
          "strategy rule; nothing is written. With dryRun false and the versions of the review, every strategy is written with its activity row, or " +
          "none: a strategy changed since the review answers 409 naming it, a broken rule 400.",
        tags: ["strategies"],
        requestBody: { required: true, content: { "application/json": { schema: BulkEditBodyDocSchema } } },
        responses: {
          "200": { description: "The review, or how many strategies changed.", content: { "application/json": { schema: envelope(BulkEditAnswerSchema) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
}

/** The strategy clone (business.md 2 'strategy clone dialog'; issue 17). */
function strategyCloneOperations(strategyView: z.ZodType): ZodOpenApiPathsObject {
  return {
    "/strategies/{id}/clone": {
      post: {
        operationId: "cloneStrategy",
        summary: "Clone a strategy into a campaign of its advertiser (the clone is inactive)",
        description:
          "The stored strategy's settings with the new name and campaign, through the strategy's own create rules (a past start becomes " +
          "'immediately', a past end 'never ending'); creatives and creative sets are copied when asked for. Field errors name the body's fields.",
        tags: ["strategies"],
        requestParams: { path: GetInputSchema },
        requestBody: { required: true, content: { "application/json": { schema: CloneBodySchema } } },
        responses: {
          "200": { description: "The new strategy.", content: { "application/json": { schema: envelope(strategyView) } } },
          ...errors(400, 403, 404, 409),
        },
      },
    },
  };
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
  // The clone answers the strategies resource's own view (taken from the resources, so this module loads no server code).
  const strategies = resources.find((r) => r.path === "strategies");
  if (strategies) Object.assign(paths, strategyCloneOperations(strategies.view));
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
      tags: [{ name: "account" }, { name: "delivery", description: "Hourly delivery from the ad server." }, ...resources.map((r) => ({ name: r.plural, description: r.description }))],
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
