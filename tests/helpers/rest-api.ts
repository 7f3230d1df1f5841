// Calls the REST API's one handler (app/api/v1/[...path]: the router of
// lib/api/router.ts) as an HTTP client would, and checks answers against the
// OpenAPI document's schemas.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { oas31 } from "zod-openapi";
import { apiRouter, handleApiRequest } from "@/lib/api/router";
import { defineOperation, type OperationCall, type OperationMethod } from "@/lib/rest/operation";

const BASE = "http://localhost/api/v1";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request to /api/v1{path} with a bearer key (or none), the body as JSON (or text of `contentType`). */
export async function callApi(method: string, path: string, key: string | null, body?: unknown, contentType = "application/json"): Promise<ApiAnswer> {
  const headers: Record<string, string> = { "content-type": contentType };
  if (key) headers.authorization = `Bearer ${key}`;
  const request = new Request(`${BASE}${path}`, {
    method: method.toUpperCase(),
    headers,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const response = await handleApiRequest(request);
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
}

/** A router serving one operation of the tests' own under /api/v1{path}, with the API's checks and answers. */
export function routerOf(method: OperationMethod, path: string, access: "read" | "write", handle: (call: OperationCall) => Promise<unknown>) {
  return apiRouter(() => [defineOperation({ method, path, access, operationId: "testOperation", summary: "A test's operation", tags: [], response: { description: "Whatever it answers." }, handle })]);
}

/**
 * The document's path template an actual path answers to ("/advertisers/12" →
 * "/advertisers/{id}"); a fixed segment wins over a placeholder, as in the router.
 */
export function templateOf(document: oas31.OpenAPIObject, path: string): string {
  const parts = new URL(path, BASE).pathname.split("/");
  const rank = (template: string) => template.split("/").map((p) => (p.startsWith("{") ? "1" : "0")).join("");
  const match = Object.keys(document.paths ?? {})
    .filter((template) => {
      const t = template.split("/");
      return t.length === parts.length && t.every((p, i) => p.startsWith("{") || p === parts[i]);
    })
    .sort((a, b) => rank(a).localeCompare(rank(b)))[0];
  if (!match) throw new Error(`${path} is not in the document`);
  return match;
}

/**
 * Checks an answer against the document: the status must be one the
 * operation documents, and the body must match that response's schema.
 * Returns the problems found (none: an empty list).
 */
export function documentedAnswerProblems(document: oas31.OpenAPIObject, method: string, path: string, answer: ApiAnswer): string[] {
  const template = templateOf(document, path);
  const operation = (document.paths![template] as oas31.PathItemObject)[method.toLowerCase() as "get"] as oas31.OperationObject | undefined;
  if (!operation) return [`${method} ${template} is not in the document`];
  const response = operation.responses?.[String(answer.status)] as oas31.ResponseObject | undefined;
  if (!response) return [`${method} ${template} answered ${answer.status}, which it does not document`];
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return answer.body === null ? [] : [`${method} ${template} ${answer.status} documents no body`];
  const validate = compiled(`${method} ${template} ${answer.status}`, () => ajv().compile({ ...schema, components: document.components }));
  return validate(answer.body) ? [] : (validate.errors ?? []).map((e) => `${method} ${path} ${answer.status}: ${e.instancePath} ${e.message}`);
}

const validators = new Map<string, ValidateFunction>();
function compiled(key: string, compile: () => ValidateFunction): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) validators.set(key, (validate = compile()));
  return validate;
}

let instance: Ajv2020 | undefined;
function ajv(): Ajv2020 {
  if (!instance) {
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` and the like are annotations.
    instance = new Ajv2020({ strict: false, allErrors: true });
    addFormats(instance);
  }
  return instance;
}

/**
 * A request body of `total` bytes, `pattern` over and over, that counts what
 * the server pulls from it (nothing is produced ahead of a read).
 */
export function watchedBody(total: number, pattern = "a", chunkBytes = 64 * 1024) {
  let sent = 0;
  const unit = new TextEncoder().encode(pattern);
  const chunk = new Uint8Array(chunkBytes).map((_, i) => unit[i % unit.length]);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (sent >= total) return controller.close();
        const piece = chunk.subarray(0, Math.min(chunkBytes, total - sent));
        sent += piece.byteLength;
        controller.enqueue(piece);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => sent };
}
