// A REST operation of the public API (/api/v1) beside a resource's own: its
// method and path, who may call it, the cap on its body, what it takes and
// answers (the zod schemas the OpenAPI document shows) and the handler that
// runs it, normally the entity's action through executeAction(). Declared
// once, beside the code it runs (lib/<entity>/rest.ts or rest-operations.ts):
// an entity hands its operations to the registry with its resource
// (`rest: { resource, operations }` in its entity.ts); operations of no
// entity are listed by the router (lib/api/operations.ts). The router checks
// the caller, the access and the body's size before the handler runs, so a
// handler never checks them itself.
//
// Low: entities import this; it imports no entity, no registry, no router.
import type { z } from "../validation/z";
import type { SessionContext } from "../auth/context";
import type { RestResource } from "./resource";

export const OPERATION_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type OperationMethod = (typeof OPERATION_METHODS)[number];

/**
 * read: any signed-in caller or key; write: read-write callers and keys only
 * (403 for the others, before a byte of the body is read); public: no session
 * at all (the body must then be small: the router applies the signed-out cap rule).
 */
export type OperationAccess = "read" | "write" | "public";

/** The names of a path's {placeholders}: "/strategies/{id}/rules/{ruleId}" → "id" | "ruleId". */
export type PathParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** What a handler gets: the caller, the request (its body unread, capped) and the path's values as sent. */
export interface OperationCall<Params = Record<string, string>> {
  ctx: SessionContext;
  request: Request;
  params: Params;
}

export type PublicCall<Params = Record<string, string>> = Omit<OperationCall<Params>, "ctx">;

/** The documented request body: a JSON schema, or the media types it takes (CSV, multipart) with `required`. */
export type OperationBody = z.ZodType | { content: Record<string, z.ZodType>; required?: boolean };

/**
 * The documented success answer: `schema` is the JSON answer inside the
 * envelope ({ respObject }); `content` names other media types as they are
 * sent (a file, CSV). `status` defaults to 200.
 */
export interface OperationResponse {
  description: string;
  schema?: z.ZodType;
  content?: Record<string, z.ZodType>;
  status?: number;
}

interface OperationDocs<Path extends string> {
  method: OperationMethod;
  /** OpenAPI style, under /api/v1: "/audiences/{id}/backfill". */
  path: Path;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** The cap on the request body in bytes (default JSON_BODY_LIMIT_BYTES, about 1 MB): larger is 413, unread. */
  bodyLimitBytes?: number;
  /** Path parameters (default: each {name} of the path a record id). */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: OperationBody;
  response: OperationResponse;
  /** Error statuses it documents besides 401 and 429 (every operation may answer those). */
  errors?: number[];
  /**
   * Runs a create declared idempotent (defineAction): the router passes the
   * request's Idempotency-Key header to it, so a repeat with the same key
   * answers as the first did instead of creating again; documented as a
   * header parameter. A resource's create has it when its action is idempotent.
   */
  idempotent?: true;
  /**
   * false: served but not part of the published document (the console's own
   * cookie call; a legacy method kept beside its documented twin).
   */
  documented?: false;
}

interface GuardedSpec<Path extends string> extends OperationDocs<Path> {
  access: "read" | "write";
  handle(call: OperationCall<Record<PathParamNames<Path>, string>>): Promise<unknown>;
}

interface PublicSpec<Path extends string> extends OperationDocs<Path> {
  access: "public";
  /** Required: a public body is read before anyone is known. */
  bodyLimitBytes: number;
  handle(call: PublicCall<Record<PathParamNames<Path>, string>>): Promise<unknown>;
}

export type OperationSpec<Path extends string> = GuardedSpec<Path> | PublicSpec<Path>;

/** A declared operation, its path's parameter names erased so every entity's fit one list. */
export type RestOperation = GuardedSpec<string> | PublicSpec<string>;

/**
 * Declares an operation. A handler returns the answer's value (sent as `{ respObject }`)
 * or a Response of its own (a file, a 204).
 */
export function defineOperation<const Path extends string>(spec: OperationSpec<Path>): RestOperation {
  return spec as unknown as RestOperation;
}

/** What an entity hands to the registry for the REST API (`rest:` of its entity.ts). */
export interface EntityRest {
  resource: RestResource;
  operations?: readonly RestOperation[];
}
