// A double-clicked Save creates one record: every action declared idempotent
// (defineAction) is submitted twice at once with one idempotency key, as a
// form instance sends it, through the real session, with the permission
// registry's own valid arguments (tests/security/permission-registry*.ts), so
// a new create action is covered as soon as it is declared. Both answers are
// the first one's, and the rows written are those of one submission: the same
// submission by licensee B's user (its own records, so no rule refuses a second
// record of the same name) writes exactly as many. Then: new keys
// create again, a key is its user's and its action's, and the REST API's
// Idempotency-Key header does the same for POST /api/v1/campaigns.
import "../helpers/browser-doubles";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { definedActions, type AnyActionSpec } from "@/lib/actions/define-action";
import { IDEMPOTENCY_KEY_FIELD, IDEMPOTENCY_KEY_HEADER } from "@/lib/actions/idempotency-key";
import { handleApiRequest } from "@/lib/api/router";
import { apiDocument } from "@/lib/api/document";
import { documentOperations } from "@/lib/api/openapi";
import { restOperations, restResources } from "@/lib/api/resources";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { createTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";
import { discoverCallables, ROOT, serverActionModules, type Callable } from "../security/discover";
import { seedMatrix, type MatrixFixture } from "../security/permission-fixture";
import { PERMISSION_REGISTRY } from "../security/permission-registry";

jest.mock("@/lib/jobs/queue", () => ({ ...jest.requireActual("@/lib/jobs/queue"), enqueue: jest.fn(async () => "job-id") }));

jest.setTimeout(120_000);
useAuthSecret();

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "idempotent-creates-"));
let handle: DatabaseHandle;
let fixture: MatrixFixture;
const browsers: Record<"A" | "B", Browser> = { A: new Browser(), B: new Browser() };
/** Each definition's exported server action, by the definition. */
const actionOf = new Map<AnyActionSpec, Callable>();

beforeAll(async () => {
  process.env.STORAGE_DIR = storageDir;
  handle = await createTestDatabase();
  installDatabase(handle);
  fixture = await seedMatrix();
  await signInBrowser(browsers.A, fixture.a.users.RW.id, fixture.a.licenseeId);
  await signInBrowser(browsers.B, fixture.b.users.RW.id, fixture.b.licenseeId);
  for (const callable of await discoverCallables()) {
    const definition = (callable.fn as { definition?: AnyActionSpec }).definition;
    if (callable.kind === "action" && definition) actionOf.set(definition, callable);
  }
});

afterAll(async () => {
  retireDatabase();
  await handle?.close();
  delete process.env.STORAGE_DIR;
  fs.rmSync(storageDir, { recursive: true, force: true });
});

// Every server action module, loaded now: the definitions they declare decide which creates the tests below cover.
for (const file of serverActionModules()) jest.requireActual(path.join(ROOT, file));
const IDEMPOTENT = [...definedActions()].filter(([, spec]) => spec.idempotent).map(([name]) => name).sort();

/** The action's input as the form sends it: with the instance's key (FormData for a form that sends a file). */
function withKey(input: unknown, key: string): unknown {
  if (!(input instanceof FormData)) return { ...(input as object), [IDEMPOTENCY_KEY_FIELD]: key };
  const form = new FormData();
  for (const [name, value] of input) form.append(name, value);
  form.append(IDEMPOTENCY_KEY_FIELD, key);
  return form;
}

/** The registry's valid arguments of the action, naming records of licensee A (or of B, as B's own). */
async function argsOf(name: string, licensee: "A" | "B" = "A"): Promise<{ call: Callable; args: unknown[] }> {
  const call = actionOf.get(definedActions().get(name)!);
  if (!call) throw new Error(`${name}: no server action module exports it`);
  const entry = PERMISSION_REGISTRY[call.key];
  if (!entry?.args) throw new Error(`${call.key}: the permission registry has no arguments for it`);
  return { call, args: await entry.args(licensee === "A" ? fixture : { ...fixture, a: fixture.b }) };
}

type Answer = { ok: boolean; data?: unknown; status?: number; formError?: string };

/** Calls the server action as the licensee's read-write user. */
const callAs = (licensee: "A" | "B", call: Callable, ...args: unknown[]) => as(browsers[licensee], async () => (await call.fn(...args)) as Answer & { fieldErrors?: Record<string, string> });

/** One submission of the action with `key`; `prepared`: the arguments of an earlier submission (some entries make a record for each call). */
async function submit(name: string, key: string, licensee: "A" | "B" = "A", prepared?: { call: Callable; args: unknown[] }): Promise<Answer> {
  const { call, args } = prepared ?? (await argsOf(name, licensee));
  return callAs(licensee, call, withKey(args[0], key), ...args.slice(1));
}

/** Rows per table of the application (the migration history aside). */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await handle.raw.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`);
  const rows = await handle.raw.query<{ t: string; n: number | string }>(
    tables.map((t) => `SELECT '${t.name}' AS t, count(*)::int AS n FROM "${t.name}"`).join(" UNION ALL "),
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

/** Tables whose row count changed, and by how much. */
function grown(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).flatMap((t) => (after[t] !== before[t] ? [[t, after[t] - (before[t] ?? 0)]] : [])));
}

const idOf = (data: unknown): unknown => (data as { id?: unknown; key?: { id?: unknown } }).id ?? (data as { key?: { id?: unknown } }).key?.id ?? data;

test("every create of a record is declared idempotent, and each has valid arguments in the permission registry", async () => {
  // A write whose name says it creates, clones or saves something new: its forms send a key.
  const creates = [...definedActions()]
    .filter(([name, spec]) => spec.access === "write" && /\.(create\w*|clone|save)$/.test(name))
    .map(([name]) => name);
  expect(creates.filter((name) => !IDEMPOTENT.includes(name))).toEqual([]);
  expect(IDEMPOTENT.length).toBeGreaterThanOrEqual(18);
  for (const name of IDEMPOTENT) await expect(argsOf(name)).resolves.toBeTruthy();
});

describe("two submissions at once with one key", () => {
  test.each(IDEMPOTENT)("%s: one record, its activity rows once, the same answer twice", async (name) => {
    const spec = definedActions().get(name)!;
    // What a repeat is answered: all of the result, or what the action lets be stored of it (an API key without its secret).
    const remembered = (answer: Answer) => ({ ...answer, data: typeof spec.idempotent === "object" ? spec.idempotent.remembered(answer.data) : answer.data });
    const key = crypto.randomUUID();
    const prepared = await argsOf(name);
    const before = await rowCounts();
    const [first, second] = await Promise.all([submit(name, key, "A", prepared), submit(name, key, "A", prepared)]);
    const afterPair = await rowCounts();
    expect(first.ok ? "ok" : first).toBe("ok");
    expect(remembered(second)).toEqual(remembered(first));
    expect(idOf(second.data)).toEqual(idOf(first.data));
    const { IdempotentRequest: claims, ...pair } = grown(before, afterPair);
    expect(claims).toBe(1);
    expect(Object.keys(pair).length).toBeGreaterThan(0);

    // What one submission writes: the same submission by B's user, on B's own records.
    const ofB = await argsOf(name, "B");
    const beforeB = await rowCounts();
    const single = await submit(name, crypto.randomUUID(), "B", ofB);
    expect(single.ok ? "ok" : single).toBe("ok");
    const { IdempotentRequest: claimed, ...one } = grown(beforeB, await rowCounts());
    expect(claimed).toBe(1);
    expect(pair).toEqual(one);

    // Sent again later (a retry): the first answer, nothing written.
    const settled = await rowCounts();
    expect(remembered(await submit(name, key, "A", prepared))).toEqual(remembered(first));
    expect(grown(settled, await rowCounts())).toEqual({});
  });
});

describe("keys", () => {
  test("different keys create two records", async () => {
    const [a, b] = await Promise.all([submit("campaign.create", crypto.randomUUID()), submit("campaign.create", crypto.randomUUID())]);
    expect([a.ok, b.ok]).toEqual([true, true]);
    expect(idOf(a.data)).not.toEqual(idOf(b.data));
  });

  test("a key is its user's and its action's: another user, or another action, with the same key creates its own", async () => {
    const key = crypto.randomUUID();
    const [ofA, ofB, pixel] = await Promise.all([submit("campaign.create", key), submit("campaign.create", key, "B"), submit("pixel.create", key)]);
    expect([ofA.ok, ofB.ok, pixel.ok]).toEqual([true, true, true]);
    expect(idOf(ofA.data)).not.toEqual(idOf(ofB.data));
    expect((ofB.data as { advertiserId: number }).advertiserId).toBe(fixture.b.advertiserId);
  });

  test("the same key with another input is refused and writes nothing; a key that is not a UUID is refused beside nothing", async () => {
    const key = crypto.randomUUID();
    expect((await submit("campaign.create", key)).ok).toBe(true);
    const { call, args } = await argsOf("campaign.create");
    const before = await rowCounts();
    const other = await callAs("A", call, withKey({ ...(args[0] as object), name: "Another campaign" }, key));
    expect(other).toMatchObject({ ok: false, status: 409, formError: expect.stringMatching(/already used for a different request/) });
    const bad = await callAs("A", call, withKey(args[0], "not-a-uuid"));
    expect(bad).toMatchObject({ ok: false, status: 400, fieldErrors: { [IDEMPOTENCY_KEY_FIELD]: expect.stringMatching(/must be a UUID/) } });
    expect(grown(before, await rowCounts())).toEqual({});
  });
});

describe("REST: the Idempotency-Key header", () => {
  let apiKey: string;
  beforeAll(async () => {
    const ctx = await f.ctxFor(fixture.a.users.RW.id, fixture.a.licenseeId);
    apiKey = (await createApiKey(scopeOf(ctx), { name: "Idempotent REST", scope: "READ_WRITE" })).secret;
  });

  async function post(body: unknown, key: string) {
    const request = new Request("http://localhost/api/v1/campaigns", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${apiKey}`, [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(body),
    });
    const response = await handleApiRequest(request);
    return { status: response.status, body: (await response.json()) as { respObject?: { id: number } } };
  }

  test("two POST /api/v1/campaigns at once with one key: one campaign, both 201 with the same body", async () => {
    const { args } = await argsOf("campaign.create");
    const body = { ...(args[0] as object), name: "Campaign by API, sent twice" };
    const key = crypto.randomUUID();
    const before = await rowCounts();
    const [first, second] = await Promise.all([post(body, key), post(body, key)]);
    expect(first.status).toBe(201);
    expect(second).toEqual(first);
    expect(grown(before, await rowCounts())).toMatchObject({ Campaign: 1, ActivityLog: 1, IdempotentRequest: 1 });
    // Retried later: the same answer.
    expect(await post(body, key)).toEqual(first);
  });

  test("the OpenAPI document lists the header on exactly the operations that pass it on, every idempotent create among them", () => {
    const header = (parameters: unknown[] = []) => parameters.some((p) => (p as { in: string; name: string }).in === "header" && (p as { name: string }).name === IDEMPOTENCY_KEY_HEADER);
    const documented = documentOperations(apiDocument()).filter(({ operation }) => header(operation.parameters)).map(({ method, path: p }) => `${method} ${p}`);
    const declared = restOperations().filter((o) => o.idempotent).map((o) => `${o.method.toLowerCase()} ${o.path}`);
    expect(documented.sort()).toEqual(declared.sort());
    expect(declared).toEqual(expect.arrayContaining(["post /campaigns", "post /strategies/{id}/clone", "post /strategies/{id}/rules"]));
    for (const resource of restResources()) if (resource.create) expect(declared).toContain(`post /${resource.path}`);
  });

  test("a header that is not a UUID is 400 with a message naming it, and creates nothing", async () => {
    const { args } = await argsOf("campaign.create");
    const before = await rowCounts();
    const answer = await post(args[0], "twice");
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/Idempotency-Key: The idempotency key must be a UUID/);
    expect(grown(before, await rowCounts())).toEqual({});
  });
});
