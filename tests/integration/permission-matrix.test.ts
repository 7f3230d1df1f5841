// The permission matrix: every exported server action and
// route handler, found in the source tree, has an entry in
// tests/security/permission-registry.ts, and is called as every kind of caller
// through the real session (next-auth cookies, lib/auth/session.ts):
// - anonymous, RO and DEMO of licensee A (roles the entry does not allow), and
//   the RW user of licensee B on A's ids (route handlers also with B's API
//   key): refused (401/403/404) and not one row of any table (nor one stored
//   file) changes; B learns nothing of A;
// - public entries, anonymously: they change only the tables they are for;
// - the roles the entry allows: the same call succeeds, so the arguments name
//   real records and the refusals above are the role's, not a typo's.
// One database for the file, seeded once; refusals change nothing, so their
// order does not matter, and the successful calls run last.
import "../helpers/browser-doubles";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { installDatabase, retireDatabase } from "@/lib/db";
import type { DatabaseHandle } from "@/lib/db/connect";
import { getSessionContext } from "@/lib/auth/session";
import { BOSS_SCHEMA } from "@/lib/jobs/boss";
import { enqueue } from "@/lib/jobs/queue";
import type { Role } from "@/lib/auth/roles";
import { createTestDatabase } from "../helpers/db";
import { as, Browser, HOST, signInBrowser, useAuthSecret } from "../helpers/browser-session";
import { allowedRoles, definedActions } from "@/lib/actions/define-action";
import { discoverCallables, inlineServerActionFiles, type Callable } from "../security/discover";
import { MARKER_A, seedMatrix, type MatrixFixture, type MatrixUser } from "../security/permission-fixture";
import { PERMISSION_REGISTRY, type GuardedEntry, type PublicEntry, type RegistryEntry } from "../security/permission-registry";

jest.mock("@/lib/jobs/queue", () => ({ ...jest.requireActual("@/lib/jobs/queue"), enqueue: jest.fn(async () => "job-id") }));
const enqueueMock = enqueue as jest.MockedFunction<typeof enqueue>;

jest.setTimeout(60_000);
useAuthSecret();

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "permission-matrix-"));
let handle: DatabaseHandle;
let fixture: MatrixFixture;
let callables: Map<string, Callable>;
const browsers = new Map<SessionCaller, Browser>();

beforeAll(async () => {
  process.env.STORAGE_DIR = storageDir;
  handle = await createTestDatabase();
  installDatabase(handle);
  fixture = await seedMatrix();
  callables = new Map((await discoverCallables()).map((c) => [c.key, c]));
  for (const caller of ["RO", "DEMO", "RW of licensee B"] as const) {
    const browser = new Browser();
    const user = userOf(caller);
    await signInBrowser(browser, user.id, user.licenseeId);
    browsers.set(caller, browser);
  }
});

afterAll(async () => {
  retireDatabase();
  await handle?.close();
  delete process.env.STORAGE_DIR;
  fs.rmSync(storageDir, { recursive: true, force: true });
});

type RefusedCaller = "anonymous" | "RO" | "DEMO" | "RW of licensee B" | "API key of licensee B";
type SessionCaller = Exclude<RefusedCaller, "anonymous" | "API key of licensee B">;

function userOf(caller: SessionCaller | Role): MatrixUser {
  return caller === "RW of licensee B" ? fixture.b.users.RW : fixture.a.users[caller];
}

/**
 * What a refused API key call may still write: the key's own bookkeeping (its
 * use in the account's sign-in log, its rate-limit counter, its lastUsedAt), never data.
 */
const API_KEY_BOOKKEEPING = ["AuthEvent", "RateLimit", "ApiKey"];

// ───────────── what a call changed ─────────────

let countQuery: string | undefined;

/**
 * Every table of every schema but pg-boss's and the migration history: its
 * exact row count and a digest of its rows, so an UPDATE (or an insert and a
 * delete) shows as a change like an insert does.
 */
async function tableStates(): Promise<Record<string, string>> {
  if (!countQuery) {
    const tables = await handle.raw.query<{ schema: string; name: string }>(
      `SELECT n.nspname AS schema, c.relname AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
          AND n.nspname NOT IN ('pg_catalog', 'information_schema', $1)
          AND n.nspname NOT LIKE 'pg\\_%'
          AND NOT (n.nspname = 'public' AND c.relname = '_prisma_migrations')
        ORDER BY 1, 2`,
      [BOSS_SCHEMA],
    );
    const label = (t: { schema: string; name: string }) => (t.schema === "public" ? t.name : `${t.schema}.${t.name}`);
    countQuery = tables
      .map(
        (t) =>
          `SELECT '${label(t).replace(/'/g, "''")}' AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM "${t.schema}"."${t.name}" x`,
      )
      .join(" UNION ALL ");
    // Sanity: the query must see the application's tables, or the matrix proves nothing.
    expect(tables.map(label)).toEqual(expect.arrayContaining(["Advertiser", "User", "ActivityLog", "PixelFire"]));
  }
  const rows = await handle.raw.query<{ t: string; n: number | string; h: string }>(countQuery);
  return Object.fromEntries(rows.map((r) => [r.t, `${Number(r.n)} rows #${r.h.slice(0, 8)}`]));
}

function storedFileCount(): number {
  if (!fs.existsSync(storageDir)) return 0;
  return fs.readdirSync(storageDir, { recursive: true }).filter((p) => fs.statSync(path.join(storageDir, String(p))).isFile()).length;
}

interface Snapshot {
  rows: Record<string, string>;
  files: number;
}

async function snapshot(): Promise<Snapshot> {
  return { rows: await tableStates(), files: storedFileCount() };
}

/** "Table: before → after" for each table whose rows changed (count or content), and the stored files. */
function changes(before: Snapshot, after: Snapshot): Record<string, string> {
  const out: Record<string, string> = {};
  for (const t of new Set([...Object.keys(before.rows), ...Object.keys(after.rows)])) {
    if (before.rows[t] !== after.rows[t]) out[t] = `${before.rows[t]} → ${after.rows[t]}`;
  }
  if (before.files !== after.files) out["(stored files)"] = `${before.files} → ${after.files}`;
  return out;
}

// ───────────── calling an entry ─────────────

type Outcome =
  | { kind: "action"; value: unknown }
  | { kind: "route"; status: number; text: string }
  | { kind: "threw"; error: unknown };

function callableOf(key: string): Callable {
  const callable = callables.get(key);
  if (!callable) throw new Error(`${key} is in the registry but no such export exists`);
  return callable;
}

async function invoke(
  key: string,
  entry: RegistryEntry,
  browser: Browser,
  extraHeaders: Record<string, string> = {},
): Promise<{ outcome: Outcome; changed: Record<string, string> }> {
  const callable = callableOf(key);
  let run: () => Promise<Outcome>;
  if (callable.kind === "action") {
    if (!entry.args) throw new Error(`${key}: a server action's entry needs args`);
    const args = await entry.args(fixture);
    run = async () => ({ kind: "action", value: await callable.fn(...args) });
  } else {
    if (!entry.request) throw new Error(`${key}: a route handler's entry needs request`);
    const call = await entry.request(fixture);
    const request = new NextRequest(`http://${HOST}${call.path}`, {
      method: call.method,
      headers: { host: HOST, cookie: browser.cookieHeader(), ...call.headers, ...extraHeaders },
      body: call.body,
    });
    run = async () => {
      const response = (await callable.fn(request, { params: Promise.resolve(call.params ?? {}) })) as Response;
      return { kind: "route", status: response.status, text: call.method === "HEAD" ? "" : await response.text() };
    };
  }
  enqueueMock.mockClear();
  const before = await snapshot();
  let outcome: Outcome;
  try {
    outcome = await as(browser, run);
  } catch (error) {
    outcome = { kind: "threw", error };
  }
  return { outcome, changed: changes(before, await snapshot()) };
}

const REFUSED = [401, 403, 404];

/** The status the caller was refused with, or null when the call was not refused. */
function refusedStatus(outcome: Outcome): number | null {
  if (outcome.kind === "route") return REFUSED.includes(outcome.status) ? outcome.status : null;
  if (outcome.kind === "action") {
    const v = outcome.value as { ok?: unknown; status?: unknown } | null;
    if (v && v.ok === false && typeof v.status === "number" && REFUSED.includes(v.status)) return v.status;
  }
  return null;
}

function succeeded(outcome: Outcome): boolean {
  if (outcome.kind === "route") return outcome.status >= 200 && outcome.status < 300;
  if (outcome.kind === "action") return (outcome.value as { ok?: unknown } | null)?.ok === true;
  return false;
}

function isRedirect(error: unknown): boolean {
  return typeof (error as { digest?: unknown })?.digest === "string" && (error as { digest: string }).digest.startsWith("NEXT_REDIRECT");
}

function describeOutcome(outcome: Outcome): string {
  if (outcome.kind === "threw") return `threw ${outcome.error instanceof Error ? outcome.error.stack : String(outcome.error)}`;
  return JSON.stringify(outcome.kind === "action" ? outcome.value : { status: outcome.status, body: outcome.text.slice(0, 500) });
}

/** Anything of licensee A in what the caller got back (names and e-mails of A all carry the marker). */
function leaksA(outcome: Outcome): boolean {
  const text = outcome.kind === "route" ? outcome.text : outcome.kind === "action" ? JSON.stringify(outcome.value ?? null) : "";
  return text.toLowerCase().includes(MARKER_A.toLowerCase());
}

/** The browser must still hold the session it had: a refusal because the session broke would prove nothing. */
async function expectSignedInAs(browser: Browser, user: MatrixUser) {
  const ctx = await as(browser, getSessionContext);
  expect({ userId: ctx?.userId, licenseeId: ctx?.licenseeId, role: ctx?.role }).toEqual({ userId: user.id, licenseeId: user.licenseeId, role: user.role });
}

// ───────────── the matrix ─────────────

const entries = Object.entries(PERMISSION_REGISTRY);
const publicEntries = entries.filter((e): e is [string, PublicEntry] => e[1].access === "public");
const guardedEntries = entries.filter((e): e is [string, GuardedEntry] => e[1].access !== "public");

const defaultRoles = (entry: GuardedEntry): readonly Role[] => entry.roles ?? (entry.access === "write" ? ["RW"] : ["RW", "RO", "DEMO"]);

/** Every caller that must be refused, or (for B's no-data reads) must learn nothing of A. */
function refusedCallers(entry: GuardedEntry): RefusedCaller[] {
  const roles = defaultRoles(entry);
  const callers: RefusedCaller[] = ["anonymous", ...(["RO", "DEMO"] as const).filter((r) => !roles.includes(r))];
  if ((entry.otherLicensee ?? "not-found") !== "own-account") {
    callers.push("RW of licensee B");
    // The REST API also takes API keys: the same rules hold for a key's context.
    if (entry.request) callers.push("API key of licensee B");
  }
  return callers;
}

describe("the registry", () => {
  test("names every exported server action and route handler method, and nothing else", async () => {
    const found = [...callables.keys()].sort();
    const registered = Object.keys(PERMISSION_REGISTRY).sort();
    expect({ missingFromRegistry: found.filter((k) => !(k in PERMISSION_REGISTRY)), notInSource: registered.filter((k) => !callables.has(k)) }).toEqual({
      missingFromRegistry: [],
      notInSource: [],
    });
    // The discovery itself works: it sees actions and handlers we know exist.
    expect(found).toEqual(expect.arrayContaining(["lib/pixels/actions.ts#createPixelAction", "app/api/px/[pixelId]/route.ts#GET"]));
  });

  test("no server action is defined inline (it could not be named here)", () => {
    expect(inlineServerActionFiles()).toEqual([]);
  });

  test("agrees with what each action built by defineAction declares about itself", () => {
    // Every definition the builder knows (loading the server action modules ran every defineAction),
    // found by the exported action that carries it: a definition no "use server" module exports
    // would be reachable by nobody the matrix calls, so it is reported instead of skipped.
    const exportedAs = new Map<unknown, string>();
    for (const c of callables.values()) {
      const definition = (c.fn as { definition?: unknown }).definition;
      if (definition) exportedAs.set(definition, c.key);
    }
    const definitions = [...definedActions()];
    expect(definitions.length).toBeGreaterThan(40);
    const declared = definitions.map(([name, spec]) => ({ name, key: exportedAs.get(spec) ?? "(not exported by a server action module)", access: spec.access }));
    expect(declared.map((d) => ({ ...d, access: PERMISSION_REGISTRY[d.key]?.access }))).toEqual(declared);
    // The roles an entry says succeed must pass the builder's role rule (the body may refuse more, never fewer).
    for (const [name, spec] of definitions) {
      const entry = PERMISSION_REGISTRY[exportedAs.get(spec) ?? ""];
      if (!entry || entry.access === "public") continue;
      const refusedByBuilder = defaultRoles(entry).filter((role) => !allowedRoles(spec).includes(role));
      expect({ name, refusedByBuilder }).toEqual({ name, refusedByBuilder: [] });
    }
  });

  test("agrees with the access each REST operation declares (the router enforces it)", () => {
    const rest = [...callables.values()].filter((c) => c.rest);
    expect(rest.length).toBeGreaterThan(50);
    // Public to the router, yet its ticket names the one user whose browser may use it: checked here like a write.
    const guardedByTheirOwnProof: Record<string, "write"> = { "POST /api/v1/session": "write" };
    const declared = rest.map((c) => ({ key: c.key, access: guardedByTheirOwnProof[c.key] ?? c.rest!.access }));
    expect(declared.map((d) => ({ key: d.key, access: PERMISSION_REGISTRY[d.key]?.access }))).toEqual(declared);
  });

  test("every entry says how to call it, and public ones why they are public", () => {
    for (const [key, entry] of entries) {
      const isRoute = /\/route\.(ts|js|mjs)#/.test(key) || callables.get(key)?.rest !== undefined;
      expect({ key, callable: isRoute ? typeof entry.request : typeof entry.args }).toEqual({ key, callable: "function" });
      if (entry.access === "public") expect({ key, reason: entry.reason.length > 10 }).toEqual({ key, reason: true });
    }
  });
});

describe("refused callers change nothing", () => {
  const cases = guardedEntries.flatMap(([key, entry]) => refusedCallers(entry).map((caller) => [key, caller, entry] as const));

  test.each(cases)("%s as %s", async (key, caller, entry) => {
    const viaApiKey = caller === "API key of licensee B";
    const browser = caller === "anonymous" || viaApiKey ? new Browser() : browsers.get(caller)!;
    if (caller !== "anonymous" && !viaApiKey) await expectSignedInAs(browser, userOf(caller));
    const { outcome, changed } = await invoke(key, entry, browser, viaApiKey ? { authorization: `Bearer ${fixture.b.apiKeySecret}` } : {});
    if (viaApiKey) for (const table of API_KEY_BOOKKEEPING) delete changed[table];
    const otherLicensee = caller === "RW of licensee B" || viaApiKey;
    const noData = otherLicensee && entry.otherLicensee === "no-data";
    if (noData) {
      // A read that names nothing of A: B may get B's own answer (checked below: nothing of A in it).
      expect(succeeded(outcome) || refusedStatus(outcome) !== null ? "answered" : describeOutcome(outcome)).toBe("answered");
    } else {
      const perItem = entry.refusedPerItem && caller !== "anonymous" && outcome.kind === "action" && entry.refusedPerItem(outcome.value);
      const invalidRows = otherLicensee && entry.otherLicensee === "invalid-rows" && outcome.kind === "route" && outcome.status === 400;
      expect(refusedStatus(outcome) !== null || perItem || invalidRows ? "refused" : describeOutcome(outcome)).toBe("refused");
    }
    expect(changed).toEqual({});
    if (otherLicensee) expect(leaksA(outcome) ? describeOutcome(outcome) : "nothing of licensee A").toBe("nothing of licensee A");
    expect(enqueueMock).not.toHaveBeenCalled();
  });
});

describe("public endpoints, called anonymously, change only what they are for", () => {
  test.each(publicEntries)("%s", async (key, entry) => {
    const { outcome, changed } = await invoke(key, entry, new Browser());
    if (outcome.kind === "threw" && !isRedirect(outcome.error)) throw outcome.error;
    const unexpected = Object.keys(changed).filter((t) => !entry.writes.includes(t));
    const undone = (entry.mustWrite ?? []).filter((t) => !(t in changed));
    expect({ unexpected, undone, changed, outcome: describeOutcome(outcome) }).toMatchObject({ unexpected: [], undone: [] });
    if (outcome.kind === "route") expect(outcome.status).toBeLessThan(500);
    if (outcome.kind === "action") expect((outcome.value as { status?: number } | undefined)?.status ?? 200).toBeLessThan(500);
    expect(leaksA(outcome)).toBe(false);
  });
});

describe("the roles an entry allows succeed with the same arguments", () => {
  const cases = guardedEntries.flatMap(([key, entry]) => defaultRoles(entry).map((role) => [key, role, entry] as const));

  test.each(cases)("%s as %s of licensee A", async (key, role, entry) => {
    const user = fixture.a.users[role];
    const browser = new Browser();
    await signInBrowser(browser, user.id, user.licenseeId);
    const { outcome } = await invoke(key, entry, browser);
    expect(succeeded(outcome) ? "succeeded" : describeOutcome(outcome)).toBe("succeeded");
  });
});
