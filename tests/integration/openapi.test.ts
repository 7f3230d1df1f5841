// The OpenAPI document (GET /api/v1/openapi.json): it is a valid OpenAPI 3.1
// document, it lists every operation of every registered REST resource, and
// each operation it lists answers as documented when called: with a
// read-write API key on a licensee's records it succeeds, with a read-only
// key every write is 403, and with another licensee's key every id is 404;
// every answer (errors included) has a status the operation documents and a
// body matching that response's schema.
import "../helpers/browser-doubles";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { oas31 } from "zod-openapi";
import { db } from "@/lib/db";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { operationId } from "@/lib/api/resource-operations";
import { operationsOf } from "@/lib/rest/resource";
import { restResources } from "@/lib/api/resources";
import { allEntities } from "@/lib/entities/registry";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";
import { useTestDatabase } from "../helpers/db";
import { callApi, documentedAnswerProblems, templateOf, type ApiAnswer } from "../helpers/rest-api";
import { useTestStorage } from "../helpers/storage";
import { callFor, seedLicensee, type Call } from "../helpers/openapi-world";

// Writes revalidate the console's pages (no Next.js request store in jest);
// calls without a key read the session cookie of the browser they run as.

useTestDatabase();
// A month's seed, or every documented operation in turn: on a loaded two-core CI machine these took over 30 s.
jest.setTimeout(120_000);
useAuthSecret();
useTestStorage("openapi-files-");

async function fetchDocument(): Promise<oas31.OpenAPIObject> {
  const response = openApiRoute();
  expect(response.status).toBe(200);
  return (await response.json()) as oas31.OpenAPIObject;
}

/** Each operation of the document: method, path template, operationId. */
function documentOperations(document: oas31.OpenAPIObject) {
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    (["get", "post", "patch", "put", "delete"] as const).flatMap((method) => {
      const op = (item as oas31.PathItemObject)[method];
      return op ? [{ method, template, id: op.operationId! }] : [];
    }),
  );
}

async function call(document: oas31.OpenAPIObject, c: Call, key: string | null): Promise<ApiAnswer> {
  const answer = await callApi(c.method, c.path, key, c.body, c.contentType);
  expect(documentedAnswerProblems(document, c.method, c.path, answer)).toEqual([]);
  return answer;
}

const respObject = (answer: ApiAnswer) => (answer.body as { respObject: Record<string, unknown> })?.respObject as Record<string, unknown>;

async function dataCounts() {
  return {
    activity: await db.activityLog.count(),
    advertisers: await db.advertiser.count(),
    pixels: await db.pixel.count(),
    clicks: await db.clickDestination.count(),
    delivery: await db.deliveryHourly.count(),
    versions: JSON.stringify(await db.advertiser.findMany({ select: { id: true, version: true, active: true }, orderBy: { id: "asc" } })),
  };
}

// ───────────── the tests ─────────────

test("the document is a valid OpenAPI 3.1 document with both security schemes, the error envelope and paging parameters", async () => {
  const document = await fetchDocument();
  expect(document.openapi).toBe("3.1.0");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
  fs.writeFileSync(file, JSON.stringify(document));
  const cli = path.join(process.cwd(), "node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js");
  const result = JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: "utf8" })) as { valid: boolean; errors?: unknown };
  expect(result).toEqual({ valid: true });

  expect(document.components?.securitySchemes).toMatchObject({
    apiKey: { type: "http", scheme: "bearer" },
    session: { type: "apiKey", in: "cookie", name: "authjs.session-token" },
  });
  expect(document.security).toEqual([{ apiKey: [] }, { session: [] }]);
  expect(document.components?.schemas?.Error).toMatchObject({ properties: { error: expect.any(Object), respId: expect.any(Object) } });
  const list = (document.paths!["/campaigns"] as oas31.PathItemObject).get!;
  const names = (list.parameters as oas31.ParameterObject[]).map((p) => p.name);
  expect(names).toEqual(expect.arrayContaining(["page", "size", "sort", "q", "advertiserId", "status"]));
  expect(names).not.toContain("campaignId");
  expect(((document.paths!["/strategies"] as oas31.PathItemObject).get!.parameters as oas31.ParameterObject[]).map((p) => p.name)).toContain("campaignId");
});

test("every operation of every registered REST resource is in the document, and the document lists no other", async () => {
  const document = await fetchDocument();
  const listed = new Set(documentOperations(document).map((op) => op.id));
  // Read from the registry itself, not from the list the document was built from.
  const declared = allEntities().flatMap((entity) => (entity.rest ? [entity.rest.resource] : []));
  expect(declared.map((r) => r.path).sort()).toEqual(restResources().map((r) => r.path).sort());
  const registered = declared.flatMap((resource) => operationsOf(resource).map((kind) => operationId(resource, kind)));
  for (const id of registered) expect([id, listed.has(id)]).toEqual([id, true]);
  expect([...listed].sort()).toEqual([...registered, "getUserInfo", "getSkadTargetPrivileges", "ingestDelivery", "verifyVideoAdTag", "updateExperimentStatus", "associateCreativesWithStrategies", "setCreativeReview", "cloneStrategy", "exportStrategies", "getStrategyExport", "importStrategies", "bulkEditStrategies", "getStrategyTargetingSuggestions", "getStrategyTargeting", "optimizeStrategy", "listStrategyRules", "createStrategyRule", "listStrategyRuleLogs", "updateStrategyRule", "runRule", "deleteRule", "listNeverBlockApps", "saveNeverBlockApps", "searchStrategyApps", "validateApps", "refreshLookAlikeAudience", "estimateAudienceConversions", "getAudienceBackfill", "addAudienceBackfillRule", "getAudienceBackfillTemplates", "validateAudienceBackfillQuery", "runReport", "downloadReport", "uploadAudienceFile", "getAudienceRemoteSchedule", "saveAudienceRemoteSchedule", "checkAudienceRemoteConnection", "syncAudienceRemoteSchedule", "getAudienceDmpAccess", "getAudienceChart", "pauseReportTemplate", "resumeReportTemplate", "runReportTemplate", "getAdvertiserMmpPostback", "generateAdvertiserMmpPostbackKey", "listDictionary", "loadPartnerSegments", "searchPartnerSegments"].sort());
  // Every registered entity has a resource with at least list and get.
  expect(allEntities().filter((entity) => !entity.rest).map((entity) => entity.key)).toEqual([]);
  for (const resource of declared) expect(operationsOf(resource)).toEqual(expect.arrayContaining(["list", "get"]));
});

test("with a read-write API key every operation the document lists succeeds on the licensee's records, as documented", async () => {
  const document = await fetchDocument();
  const s = await seedLicensee("alpha");
  const key = s.keys.readWrite;
  const ops = documentOperations(document);
  for (const op of ops) {
    const c = await callFor(op, s, key);
    const answer = await call(document, c, key);
    expect([op.id, answer.status, answer.status >= 400 ? answer.body : null]).toEqual([op.id, c.kind === "create" ? 201 : 200, null]);
    const body = respObject(answer);
    if (c.kind === "list") expect([op.id, (body.data as unknown[]).length > 0]).toEqual([op.id, true]);
    if (c.kind === "verify" && op.template !== "/apps/validate") expect(body).toMatchObject({ ok: true, summary: { version: "4.0", adCount: 1 } });
    if (c.kind === "update") expect(body).toMatchObject({ name: `Renamed ${op.template.split("/")[1]}` });
    if (c.kind === "associate") expect(body).toEqual({ changed: 1, total: 1 });
    if (c.kind === "clone") expect(body).toMatchObject({ name: "Cloned by the API", campaignId: s.records.campaigns.id, active: false });
    if (c.kind === "optimize") expect(body).toMatchObject({ rtbAggregators: { targetList: [], blockedList: [expect.any(Number)] } });
    if (c.kind === "delete") expect([op.id, body.id, (await callApi("GET", c.path, key)).status]).toEqual([op.id, s.records[op.template.split("/")[1]].statusId, 404]);
    if (c.kind === "export") expect(body).toMatchObject({ fileDownloadUrl: expect.stringMatching(/^\/api\/files\/exports\//) });
    if (c.kind === "exportStatus") expect(body).toEqual({ state: "running", done: 1, total: 2 });
    if (c.kind === "import") expect(body).toMatchObject({ dryRun: true, applied: false, errors: [], changed: [{ changes: [{ fieldName: "Goal", newValue: "7.5" }] }] });
    if (c.kind === "review") expect(body).toMatchObject({ creativeId: s.records.creatives.id, status: "REJECTED", reason: "Flashing content" });
    if (c.kind === "activate" || c.kind === "deactivate") expect(body).toMatchObject({ active: c.kind === "activate" });
    if (c.kind === "templatePause") expect([op.id, body.paused]).toEqual([op.id, op.id === "pauseReportTemplate"]);
    if (c.kind === "templateRun") expect(body).toEqual({ id: s.records["report-templates"].id, slot: expect.any(String) });
    if (c.kind === "postbackStatus") expect(body).toMatchObject({ advertiserId: s.records.advertisers.id, urlTemplate: expect.stringContaining(`/api/mmp/${s.records.advertisers.id}?key=YOUR_POSTBACK_KEY&`) });
    if (c.kind === "postbackKey") expect(body).toMatchObject({ advertiserId: s.records.advertisers.id, isSet: true, key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    if (c.kind === "create") {
      const again = await callApi("GET", `${c.path}/${body.id as number}`, key);
      expect(again.status).toBe(200);
    }
  }
  // Every write changed something and wrote its activity row, as the key's user.
  // Delivery, the privileges read and the tag verification are no change of a record: no activity row.
  const writes = ops.filter((op) => op.method !== "get" && !["getSkadTargetPrivileges", "ingestDelivery", "verifyVideoAdTag", "exportStrategies", "importStrategies", "validateApps", "estimateAudienceConversions", "runReport", "checkAudienceRemoteConnection", "syncAudienceRemoteSchedule", "getAudienceBackfillTemplates", "validateAudienceBackfillQuery", "getAudienceChart", "listDictionary"].includes(op.id));
  expect(await db.activityLog.count({ where: { userId: s.userId } })).toBeGreaterThanOrEqual(writes.length);
});

test("with a read-only API key reads succeed and every write the document lists is 403 and changes nothing", async () => {
  const document = await fetchDocument();
  const s = await seedLicensee("bravo");
  const before = await dataCounts();
  for (const op of documentOperations(document)) {
    const c = await callFor(op, s, s.keys.readOnly);
    const answer = await call(document, c, s.keys.readOnly);
    expect([op.id, answer.status]).toEqual([op.id, op.method === "get" ? 200 : 403]);
  }
  expect(await dataCounts()).toEqual(before);
});

test("with another licensee's key every id of the licensee is 404 and its lists show none of its records", async () => {
  const document = await fetchDocument();
  const a = await seedLicensee("charlie");
  const b = await seedLicensee("delta");
  const aIds = new Map(Object.entries(a.records).map(([resource, r]) => [resource, new Set([r.id, r.statusId])]));
  const before = await dataCounts();
  for (const op of documentOperations(document)) {
    const c = await callFor(op, a, a.keys.readWrite);
    // Names no record: no id of A to refuse (B's own partner segment catalogue is tested in partner-segments.test.ts).
    if (c.kind === "me" || c.kind === "skad" || c.kind === "verify" || c.kind === "report" || c.kind === "partnerSegments") continue;
    // Creating names the licensee's advertiser (or strategy); an advertiser itself names nothing of A (B would create its own).
    if (c.kind === "create" && !(c.body as Record<string, unknown>).advertiserId && !(c.body as Record<string, unknown>).strategyId) continue;
    const answer = await call(document, c, b.keys.readWrite);
    if (c.kind === "delivery") {
      // A's strategy and creative are unknown to B: the batch is refused row by row, nothing written.
      expect([op.id, answer.status, Object.keys((answer.body as { error: { fieldErrors: object } }).error.fieldErrors).sort()]).toEqual([op.id, 400, ["rows.1.creativeId", "rows.1.strategyId"]]);
    } else if (c.kind === "import") {
      // A's strategy is unknown to B: the row is answered "No strategy with this id", nothing written.
      expect([op.id, answer.status, (respObject(answer).errors as { column: string }[]).map((e) => e.column)]).toEqual([op.id, 200, ["Strategy ID"]]);
    } else if (c.kind === "list") {
      expect([op.id, answer.status]).toEqual([op.id, 200]);
      const ids = (respObject(answer).data as { id: number }[]).map((row) => row.id);
      const resource = templateOf(document, c.path).split("/")[1];
      expect([op.id, ids.filter((id) => aIds.get(resource)!.has(id))]).toEqual([op.id, []]);
    } else {
      expect([op.id, answer.status]).toEqual([op.id, 404]);
    }
  }
  expect(await dataCounts()).toEqual(before);
});

test("without a key or session every operation is 401, as documented", async () => {
  const document = await fetchDocument();
  const s = await seedLicensee("echo");
  for (const op of documentOperations(document)) {
    const c = await callFor(op, s, s.keys.readWrite);
    const answer = await as(new Browser(), () => call(document, c, null));
    expect([op.id, answer.status]).toEqual([op.id, 401]);
  }
});

test("a signed-in browser's session cookie works like a read-write key (the document's second security scheme)", async () => {
  const document = await fetchDocument();
  const s = await seedLicensee("foxtrot");
  const browser = new Browser();
  await signInBrowser(browser, s.userId, s.licenseeId);
  const advertiser = s.records.advertisers;
  const read = await as(browser, () => call(document, { method: "GET", path: `/advertisers/${advertiser.id}`, kind: "get" }, null));
  expect(read.status).toBe(200);
  const renamed = await as(browser, () =>
    call(document, { method: "PATCH", path: `/advertisers/${advertiser.id}`, body: { version: respObject(read).version, name: "By cookie" }, kind: "update" }, null),
  );
  expect([renamed.status, respObject(renamed).name]).toEqual([200, "By cookie"]);
});
