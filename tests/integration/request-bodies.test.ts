// Request bodies are read only after the caller's rights are checked, and never
// past the cap their route declares: every REST operation declared and every
// other route handler found in the source tree that takes a body is called by
// read-only and demo sessions with a body that records every byte the server
// pulls from it.
import "../helpers/browser-doubles";
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { createTestDatabase } from "../helpers/db";
import { installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { makeLicensee, makeStrategy, makeTenantWithAdvertiser, makeUser, makeCampaign } from "../helpers/factories";
import { Browser, HOST, as, signInBrowser, useAuthSecret } from "../helpers/browser-session";
import { discoverCallables, REST_ROUTE, ROOT } from "../security/discover";
import { restOperations } from "@/lib/api/resources";
import { watchedBody } from "../helpers/rest-api";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { INGESTION_BODY_LIMIT_BYTES, JSON_BODY_LIMIT_BYTES } from "@/lib/net/read-body";
import { DELIVERY_MESSAGES, MAX_BATCH_ROWS } from "@/lib/delivery/schema";
import { CSV_UNREADABLE } from "@/lib/delivery/csv";
import { STRANGE_TEXT_MESSAGE } from "@/lib/net/body-rules";
import type { Role } from "@/lib/auth/roles";

jest.setTimeout(120_000);
useAuthSecret();

const MB = 1024 * 1024;
const CHUNK = 64 * 1024;
const BODY_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Routes with a body that are no REST operation (those declare their access
 * and cap), each with who may send one and what bounds it. A new one fails
 * the test until it is listed here.
 */
const OTHER_BODY_ROUTES: Record<string, string> = {
  "app/v2/api/upload/creative/route.ts#POST": "write: the upload checks the role, then streams the multipart form under its cap",
  "app/api/uploads/images/route.ts#POST": "write: the upload checks the role, then reads at most its cap",
  "app/api/auth/[...nextauth]/route.ts#POST": "public: next-auth's forms, refused over 64 KB declared or undeclared",
  "app/api/mmp/[advertiserId]/route.ts#POST": "public: an MMP postback, read with its own cap",
};

type RouteFn = (request: Request, route: { params: Promise<Record<string, string>> }) => Promise<Response>;

interface BodyRoute {
  key: string;
  file: string;
  method: string;
  fn: RouteFn;
  /** A REST operation's declaration: its path template, access and cap. */
  rest?: { path: string; access: "read" | "write" | "public"; bodyLimitBytes?: number };
}

/** Every placeholder of the route's path filled with "1" ("advertisers" for {resource} or [resource]). */
function paramsOf(route: BodyRoute): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const template = route.rest ? `/api/v1${route.rest.path}` : route.file.replace(/^app/, "").replace(/\/route\.ts$/, "");
  const segments = template.split("/").map((segment) => {
    const name = /^\[(?:\.\.\.)?(\w+)\]$/.exec(segment)?.[1] ?? /^\{(\w+)\}$/.exec(segment)?.[1];
    if (!name) return segment;
    params[name] = name === "resource" ? "advertisers" : "1";
    return params[name];
  });
  return { path: segments.join("/"), params };
}

let handle: DatabaseHandle;
let routes: BodyRoute[];
const browsers = new Map<Role, Browser>();
let rwKey: string;
let strategyId: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  installDatabase(handle);
  const { licensee, user, advertiser } = await makeTenantWithAdvertiser("RW");
  const campaign = await makeCampaign(advertiser);
  strategyId = (await makeStrategy(campaign)).id;
  await makeLicensee("Other", "other-bodies");
  for (const role of ["RO", "DEMO", "RW"] as const) {
    const person = role === "RW" ? user : await makeUser(`${role.toLowerCase()}@bodies.test`, [{ licenseeId: licensee.id, role }]);
    const browser = new Browser();
    await signInBrowser(browser, person.id, licensee.id);
    browsers.set(role, browser);
  }
  const { ctxFor } = await import("../helpers/factories");
  rwKey = (await createApiKey(scopeOf(await ctxFor(user.id, licensee.id)), { name: "ingest", scope: "READ_WRITE" })).secret;
  routes = (await discoverCallables())
    .filter((c) => c.kind === "route" && (BODY_METHODS as readonly string[]).includes(c.name))
    .map((c) => ({ key: c.key, file: c.file, method: c.name, fn: c.fn as RouteFn, ...(c.rest ? { rest: c.rest } : {}) }));
});

afterAll(async () => {
  retireDatabase();
  await handle?.close();
});

async function send(route: BodyRoute, browser: Browser | null, body: ReturnType<typeof watchedBody>, headers: Record<string, string> = {}) {
  const { path: urlPath, params } = paramsOf(route);
  const request = new NextRequest(`http://${HOST}${urlPath}`, {
    method: route.method,
    headers: { host: HOST, origin: `http://${HOST}`, "content-type": "application/json", ...(browser ? { cookie: browser.cookieHeader() } : {}), ...headers },
    body: body.stream,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  const run = () => route.fn(request, { params: Promise.resolve(params) });
  const response = browser ? await as(browser, run) : await run();
  return { status: response.status, text: await response.text(), pulled: body.pulled() };
}

test("every REST operation that takes a body declares its access (and a public one its cap); every other route is listed with what bounds it", () => {
  const bodies = restOperations().filter((op) => (BODY_METHODS as readonly string[]).includes(op.method));
  expect(bodies.length).toBeGreaterThan(30);
  const undeclared = bodies.filter((op) => !["read", "write", "public"].includes(op.access) || (op.access === "public" && !(op.bodyLimitBytes! > 0)));
  expect(undeclared.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  expect(routes.filter((r) => !r.rest && !Object.hasOwn(OTHER_BODY_ROUTES, r.key)).map((r) => r.key)).toEqual([]);
  // The list names only routes that exist, so it cannot go stale unnoticed.
  const keys = new Set(routes.map((r) => r.key));
  expect(Object.keys(OTHER_BODY_ROUTES).filter((k) => !keys.has(k))).toEqual([]);
  expect(fs.existsSync(path.join(ROOT, REST_ROUTE))).toBe(true);
});

test("read-only and demo sessions get 403 from every write route before a byte of their 40 MB is read", async () => {
  const writes = routes.filter((r) => r.rest?.access === "write" || OTHER_BODY_ROUTES[r.key]?.startsWith("write"));
  expect(writes.map((r) => r.key)).toEqual(expect.arrayContaining(["POST /api/v1/delivery", "POST /api/v1/{resource}"]));
  const answers: Record<string, string> = {};
  for (const role of ["RO", "DEMO"] as const) {
    for (const route of writes) {
      // Declared (Content-Length) and undeclared (chunked) alike.
      for (const declared of [true, false]) {
        const body = watchedBody(40 * MB);
        const answer = await send(route, browsers.get(role)!, body, declared ? { "content-length": String(40 * MB) } : {});
        answers[`${role} ${route.key}${declared ? "" : " (chunked)"}`] = `${answer.status}, ${answer.pulled} bytes read`;
      }
    }
  }
  // 405: a DELETE of a resource that has none, refused as early.
  const wrong = Object.entries(answers).filter(([, outcome]) => !["403, 0 bytes read", "405, 0 bytes read"].includes(outcome));
  expect(wrong).toEqual([]);
});

test("a body over the route's cap is 413: unread when its length is declared, cut off at the cap when it is not", async () => {
  const rw = browsers.get("RW")!;
  const reads = routes.filter((r) => r.rest?.access === "read");
  expect(reads.length).toBeGreaterThan(3);
  for (const route of reads) {
    const limit = route.rest!.bodyLimitBytes ?? JSON_BODY_LIMIT_BYTES;
    const declared = await send(route, browsers.get("DEMO")!, watchedBody(limit + 1), { "content-length": String(limit + 1) });
    expect([route.key, declared.status, declared.pulled]).toEqual([route.key, 413, 0]);
  }
  const clone = routes.find((r) => r.key === "POST /api/v1/strategies/{id}/clone")!;
  const chunked = await send(clone, rw, watchedBody(5 * MB));
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.text).error.message).toBe("The request body is larger than this route accepts (1 MB)");
  expect(chunked.pulled).toBeLessThanOrEqual(JSON_BODY_LIMIT_BYTES + CHUNK);
});

describe("POST /api/v1/delivery", () => {
  const delivery = () => routes.find((r) => r.key === "POST /api/v1/delivery")!;

  test("a batch over the ingestion cap is 413 for a read-write key, declared or not, and the rest is not read", async () => {
    const declared = await send(delivery(), null, watchedBody(INGESTION_BODY_LIMIT_BYTES + 1), {
      authorization: `Bearer ${rwKey}`,
      "content-length": String(INGESTION_BODY_LIMIT_BYTES + 1),
    });
    expect([declared.status, declared.pulled]).toEqual([413, 0]);
    // Undeclared (chunked): cut off at the cap. A CSV body takes the same counted stream (lib/delivery/csv.test.ts).
    const chunked = await send(delivery(), null, watchedBody(INGESTION_BODY_LIMIT_BYTES + 8 * MB, " ", MB), { authorization: `Bearer ${rwKey}` });
    expect(chunked.status).toBe(413);
    expect(chunked.pulled).toBeLessThanOrEqual(INGESTION_BODY_LIMIT_BYTES + MB);
  });

  test("a CSV line of megabytes is refused at once, not parsed as one field", async () => {
    const started = Date.now();
    const answer = await send(delivery(), null, watchedBody(30 * MB), { authorization: `Bearer ${rwKey}`, "content-type": "text/csv" });
    expect([answer.status, JSON.parse(answer.text).error.message]).toEqual([400, CSV_UNREADABLE]);
    expect(answer.pulled).toBeLessThan(MB);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("a CSV of more rows than a batch holds is one clear 400, and parsing stops there", async () => {
    const header = "hour,strategyId,impressions\n";
    const line = `2030-11-01T10:00:00Z,${strategyId},1\n`;
    const rows = MAX_BATCH_ROWS + 50_000;
    const text = header + line.repeat(rows);
    const bytes = new TextEncoder().encode(text);
    let offset = 0;
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (offset >= bytes.length) return controller.close();
          const piece = bytes.subarray(offset, offset + CHUNK);
          offset += piece.byteLength;
          pulled = offset;
          controller.enqueue(piece);
        },
      },
      { highWaterMark: 0 },
    );
    const answer = await send(delivery(), null, { stream, pulled: () => pulled }, { authorization: `Bearer ${rwKey}`, "content-type": "text/csv" });
    expect([answer.status, JSON.parse(answer.text).error.fieldErrors]).toEqual([400, { rows: DELIVERY_MESSAGES.tooMany }]);
    expect(answer.pulled).toBeLessThan(bytes.length - 40_000 * line.length);
  });
});

test("a JSON body holding NUL or a lone surrogate anywhere is refused beside that field, before the route sees it", async () => {
  const clone = routes.find((r) => r.key === "POST /api/v1/strategies/{id}/clone")!;
  for (const [body, field] of [
    ['{"name":"a\\u0000b","campaignId":1}', "name"],
    ['{"name":"ok","extra":{"list":["fine","\\ud800"]}}', "extra.list.1"],
    ['{"name":"ok","bad\\udfffkey":1}', "bad\udfffkey"],
  ] as const) {
    const bytes = new TextEncoder().encode(body);
    const answer = await send(clone, browsers.get("RW")!, { stream: new Blob([bytes]).stream(), pulled: () => bytes.length });
    expect([answer.status, JSON.parse(answer.text).error.fieldErrors]).toEqual([400, { [field]: STRANGE_TEXT_MESSAGE }]);
  }
});
