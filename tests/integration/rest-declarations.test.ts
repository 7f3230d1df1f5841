// The REST API is its declarations (lib/rest/operation.ts): every declared
// operation is served by the one router at its method and path, the OpenAPI
// document lists exactly the declared operations (the few unpublished ones by
// name), and a `write` operation refuses a read-only API key with 403 before
// a byte of its body is read.
import "../helpers/browser-doubles";
import type { oas31 } from "zod-openapi";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { apiDocument } from "@/lib/api/document";
import { documentOperations } from "@/lib/api/openapi";
import { restOperations } from "@/lib/api/resources";
import { handleApiRequest } from "@/lib/api/router";
import type { RestOperation } from "@/lib/rest/operation";
import { as, Browser, useAuthSecret } from "../helpers/browser-session";
import { useTestDatabase } from "../helpers/db";
import { makeTenant } from "../helpers/factories";
import { watchedBody } from "../helpers/rest-api";

// Calls without a key read the session cookie of the browser they run as (none here).

useTestDatabase();
useAuthSecret();

const MB = 1024 * 1024;

/** Served but not published: the console's own cookie call, and the legacy GET beside its documented POST. */
const UNPUBLISHED = ["reissueSession", "syncAudienceRemoteScheduleByGet"];

/** The operation's path with every placeholder filled ("/audiences/{id}/backfill" → "/audiences/7/backfill"). */
const actualPath = (operation: RestOperation) => operation.path.replace(/\{\w+\}/g, "7");

test("every declared operation is served by the router at its method and path, and operationIds are unique", () => {
  const operations = restOperations();
  expect(operations.length).toBeGreaterThan(100);
  const served = operations.filter((operation) => {
    const match = handleApiRequest.match(operation.method, actualPath(operation));
    return match.kind === "operation" && match.operation === operation;
  });
  expect(operations.filter((op) => !served.includes(op)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
  const ids = operations.map((op) => op.operationId);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
});

test("the OpenAPI document lists every declared operation, and nothing else", () => {
  const document = apiDocument();
  const declared = restOperations();
  for (const operation of declared) {
    if (operation.documented === false) continue;
    const listed = (document.paths?.[operation.path] as oas31.PathItemObject | undefined)?.[operation.method.toLowerCase() as "get"];
    expect([operation.operationId, listed?.operationId]).toEqual([operation.operationId, operation.operationId]);
  }
  expect(declared.filter((op) => op.documented === false).map((op) => op.operationId).sort()).toEqual(UNPUBLISHED);
  const documented = documentOperations(document).map((op) => op.operation.operationId).sort();
  expect(documented).toEqual(declared.filter((op) => op.documented !== false).map((op) => op.operationId).sort());
});

test("unknown paths are 404 and a method a path lacks is 405 with Allow, both after the caller is known", async () => {
  const { ctx } = await makeTenant("RW");
  const { secret } = await createApiKey(scopeOf(ctx), { name: "paths", scope: "READ_WRITE" });
  const call = (method: string, path: string, key: string | null = secret) =>
    as(new Browser(), () => handleApiRequest(new Request(`http://localhost/api/v1${path}`, { method, headers: key ? { authorization: `Bearer ${key}` } : {} })));
  expect((await call("GET", "/no/such/path/at/all")).status).toBe(404);
  expect((await call("GET", "/no/such/path/at/all", null)).status).toBe(401);
  const wrong = await call("GET", "/strategies/export");
  expect([wrong.status, wrong.headers.get("allow")]).toEqual([405, "POST"]);
  expect((await call("GET", "/strategies/export", null)).status).toBe(401);
});

test("every write operation refuses a read-only key with 403 before a byte of its 40 MB body is read", async () => {
  const { ctx } = await makeTenant("RW");
  const { secret } = await createApiKey(scopeOf(ctx), { name: "read only", scope: "READ_ONLY" });
  const writes = restOperations().filter((op) => op.access === "write");
  expect(writes.length).toBeGreaterThan(40);
  const answers: Record<string, string> = {};
  for (const operation of writes) {
    const body = operation.method === "GET" ? null : watchedBody(40 * MB);
    const request = new Request(`http://localhost/api/v1${actualPath(operation)}`, {
      method: operation.method,
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: body?.stream ?? null,
      ...(body ? { duplex: "half" } : {}),
    } as RequestInit);
    const response = await handleApiRequest(request);
    answers[`${operation.method} ${operation.path}`] = `${response.status}, ${body?.pulled() ?? 0} bytes read`;
  }
  expect(Object.entries(answers).filter(([, outcome]) => outcome !== "403, 0 bytes read")).toEqual([]);
});
