// Figure (f) of npm run bench: 50 concurrent connections for 30 s (autocannon)
// against the running app's strategy list, page 100 by spend (the page of
// (a)-(c)), as the bench user of ./lists.ts signed in through the app's own
// password sign-in over HTTP. Measured twice: as served (a page loaded again
// comes from the page cache while nothing it shows changed:
// lib/page-cache/serve.ts), then with PAGE_CACHE=false (every request renders).
//
// The app is the production server (`next start` of a build in .next-bench-a
// or -b, built here when missing or older than the sources) on a free port of
// 127.0.0.1, on the bench database: on PostgreSQL the isolated database
// itself; on PGlite, whose in-memory database no other process can open, a
// copy of its data directory in a temporary directory the server opens with
// DATABASE_URL=pglite:<dir>. No jobs run (JOBS_ENABLED=false),
// nothing is seeded. The server's process group is killed afterwards, on
// failure and on Ctrl-C too.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { DatabaseHandle } from "../lib/db/connect";

const ROOT = path.resolve(__dirname, "..");
/**
 * Two build directories used in turn: a build goes into the older one, so the
 * last good build survives a build that fails (say, another change in the
 * working tree does not type-check yet) and can still be measured, saying so.
 */
const DIST_DIRS = [".next-bench-a", ".next-bench-b"];
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const AUTOCANNON_BIN = path.join(ROOT, "node_modules", "autocannon", "autocannon.js");
/** The user benchLists (bench/run.ts) creates: makeTenant("RW", "benchlists"). */
const BENCH_EMAIL = "rw.benchlists@example.com";
const PAGE = "/strategy?sort=-revenue&page=100&size=20";
/** What a browser's page load accepts (the page cache answers page loads, not the client-side router's requests). */
const PAGE_LOAD_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const CONNECTIONS = 50;
const SECONDS = 30;
/** autocannon's own default: a request without an answer after 10 s is a timeout, counted as an error. */
const TIMEOUT_SECONDS = 10;
/** What a build depends on: newer files than its BUILD_ID mean it is stale. */
const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.ts", "postcss.config.mjs", "package-lock.json"];
/** Files `next build` rewrites for a non-default dist dir; put back so other agents' typecheck is unchanged. */
const REWRITTEN_BY_BUILD = ["tsconfig.json", "next-env.d.ts"];

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** Children killed with their whole process group when the bench stops, however it stops. */
const children = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
const onExit = () => children.forEach((c) => killGroup(c, "SIGKILL"));
const onSignal = (signal: NodeJS.Signals) => {
  onExit();
  process.exit(signal === "SIGINT" ? 130 : 143);
};

/** Starts a command in its own process group; output is kept (last 200 lines) for error messages. */
function start(args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 200));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  void exited.then(() => children.delete(child));
  return { child, exited, tail: (n = 30) => lines.slice(-n).join("\n") };
}

async function stop(proc: ReturnType<typeof start>) {
  killGroup(proc.child, "SIGTERM");
  const timer = setTimeout(() => killGroup(proc.child, "SIGKILL"), 10_000);
  await proc.exited;
  clearTimeout(timer);
}

function newestSource(): number {
  let newest = 0;
  for (const entry of SOURCES) {
    const top = path.join(ROOT, entry);
    if (!fs.existsSync(top)) continue;
    const files = fs.statSync(top).isDirectory() ? fs.readdirSync(top, { recursive: true, encoding: "utf8" }).map((f) => path.join(top, f)) : [top];
    for (const file of files) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

const builtAt = (dir: string) => {
  const id = path.join(ROOT, dir, "BUILD_ID");
  return fs.existsSync(id) ? fs.statSync(id).mtimeMs : 0;
};

/**
 * The dist dir of a production build of the sources as they are: the newest
 * build when it is newer than every source file, else a new one. When the
 * new one fails, the previous build is used if there is one (the line says
 * so and why); without one (f) cannot be measured.
 */
async function ensureBuild(engine: string): Promise<string> {
  const [last, next] = [...DIST_DIRS].sort((a, b) => builtAt(b) - builtAt(a));
  if (builtAt(last) > newestSource()) {
    console.log(`(f) build ${engine}: reusing ${last} (newer than the sources)`);
    return last;
  }
  const kept = REWRITTEN_BY_BUILD.map((f) => [f, fs.existsSync(path.join(ROOT, f)) ? fs.readFileSync(path.join(ROOT, f), "utf8") : null] as const);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: next, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  delete env.DATABASE_URL; // a build reads no database (and a postgres:// URL would demand AUTH_SECRET)
  delete env.TEST_DATABASE_URL;
  fs.rmSync(path.join(ROOT, next, "BUILD_ID"), { force: true }); // a failed build must not pass for a good one
  const t0 = performance.now();
  const build = start([NEXT_BIN, "build"], env);
  const code = await build.exited;
  for (const [file, text] of kept) {
    const now = fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), "utf8") : null;
    if (text !== null && now !== text) fs.writeFileSync(path.join(ROOT, file), text);
  }
  if (code === 0) {
    console.log(`(f) build ${engine}: next build into ${next} took ${seconds(performance.now() - t0)} s (${builtAt(last) ? "the sources changed since the last one" : "no build there"})`);
    return next;
  }
  const why = `next build into ${next} failed (exit ${code}) after ${seconds(performance.now() - t0)} s:\n${build.tail(15)}`;
  if (!builtAt(last)) throw new Error(why);
  console.log(`(f) build ${engine}: ${why}\n(f) build ${engine}: MEASURING THE PREVIOUS BUILD of ${new Date(builtAt(last)).toISOString()} in ${last}, older than the sources`);
  return last;
}

/** What copyDataDir reads of PGlite's Emscripten module (its in-memory file system, where PGDATA is). */
type PgliteModule = {
  ENV: { PGDATA: string };
  FS: { readdir(p: string): string[]; stat(p: string): { mode: number }; isDir(mode: number): boolean; isFile(mode: number): boolean; readFile(p: string): Uint8Array };
};

/**
 * Copies an in-memory PGlite's data directory to disk file by file, after a
 * CHECKPOINT and with no query running: the same files dumpDataDir() puts in
 * its tarball, which cannot hold the bench database (a single array, > 4 GB).
 */
async function copyDataDir(client: import("@electric-sql/pglite").PGlite, dir: string): Promise<number> {
  await client.exec("CHECKPOINT");
  const { FS, ENV } = client.Module as unknown as PgliteModule;
  let bytes = 0;
  const copy = (from: string, to: string) => {
    fs.mkdirSync(to, { recursive: true });
    for (const name of FS.readdir(from)) {
      if (name === "." || name === "..") continue;
      const mode = FS.stat(`${from}/${name}`).mode;
      if (FS.isDir(mode)) copy(`${from}/${name}`, path.join(to, name));
      else if (FS.isFile(mode)) {
        const data = FS.readFile(`${from}/${name}`);
        fs.writeFileSync(path.join(to, name), data);
        bytes += data.length;
      } else throw new Error(`PGlite data directory: ${from}/${name} is neither a file nor a directory`);
    }
  };
  copy(ENV.PGDATA, dir);
  return bytes;
}

/** DATABASE_URL for the server: the bench database, or on PGlite a directory holding a copy of it. */
async function appDatabase(handle: DatabaseHandle, engine: string): Promise<{ url: string; dir?: string }> {
  if (handle.target.kind === "postgres") return { url: handle.target.url };
  if (!handle.pglite) throw new Error("a PGlite handle without its client");
  const { openPglite } = await import("../lib/db/pglite");
  const t0 = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dsp-bench-pglite-"));
  const bytes = await copyDataDir(handle.pglite, dir);
  // Opened once here: the copy is recovered from its checkpoint and closed cleanly before the server opens it.
  const copy = await openPglite(dir);
  const [{ n }] = (await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Strategy"`)).rows;
  await copy.close();
  console.log(`(f) database ${engine}: the bench database (${(bytes / 1e6).toFixed(0)} MB, ${n} strategies) copied into ${dir} for the server in ${seconds(performance.now() - t0)} s`);
  return { url: `pglite:${dir}`, dir };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(distDir: string, databaseUrl: string, port: number, pageCache: boolean) {
  const env: NodeJS.ProcessEnv = {
    PAGE_CACHE: String(pageCache),
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    SECRETS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64"),
    JOBS_ENABLED: "false",
    SEED_ON_EMPTY: "false",
    PORT: String(port),
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    CHECKPOINT_DISABLE: "1",
  };
  delete env.TEST_DATABASE_URL;
  // BENCH_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (where its time goes under the load).
  const profile = process.env.BENCH_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const server = start([...profile, NEXT_BIN, "start", "-H", "127.0.0.1", "-p", String(port)], env);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.tail()}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.ok, () => false);
    if (ok) return { server, base };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop(server);
  throw new Error(`the server did not answer /api/health within 180 s:\n${server.tail()}`);
}

/** The sign-in server action's id, from the build's manifest (what the login page's script posts). */
function loginActionId(distDir: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, distDir, "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const id = Object.keys(manifest.node).find((k) => manifest.node[k].filename === "lib/auth/actions.ts" && manifest.node[k].exportedName === "loginAction");
  if (!id) throw new Error(`no loginAction in ${distDir}/server/server-reference-manifest.json`);
  return id;
}

/**
 * The login form's own request: the password step (loginAction) posted to
 * /login as the browser posts it, arguments encoded as React encodes them.
 * Returns the Cookie header of the session next-auth set.
 */
async function signIn(base: string, actionId: string, email: string, password: string): Promise<string> {
  const { hasSessionCookie } = await import("../lib/auth/session-cookie");
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "next-action": actionId, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base },
    body: JSON.stringify([{ email, password, captcha: null, returnUrl: "/strategy" }]),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.text();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }))
    .filter((c) => c.value !== "");
  if (res.status !== 200 || !body.includes('"signed-in"') || !hasSessionCookie(cookies)) {
    throw new Error(`sign-in as ${email} refused: ${res.status}, ${body.slice(0, 300)}`);
  }
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The page with that cookie is the list itself (not a redirect to /login), with the rows the app's module gives for it. */
async function verifyPage(base: string, cookie: string, expectedIds: number[]) {
  const res = await fetch(`${base}${PAGE}`, { headers: { cookie, accept: PAGE_LOAD_ACCEPT }, redirect: "manual", signal: AbortSignal.timeout(60_000) });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${PAGE} with the session answered ${res.status} ${res.headers.get("location") ?? ""}`);
  const missing = expectedIds.filter((id) => !body.includes(`data-row-id="${id}"`));
  if (!body.includes('data-testid="strategy-table"') || !body.includes("Bench strategy ") || missing.length) {
    throw new Error(`GET ${PAGE} is not the expected list page (table ${body.includes('data-testid="strategy-table"')}, rows missing: ${missing.join(", ")})`);
  }
}

/** The page's time with nothing else asking (median of 3, after the first): what 50 connections share. */
async function timeAlone(base: string, cookie: string): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await (await fetch(`${base}${PAGE}`, { headers: { cookie, accept: PAGE_LOAD_ACCEPT }, signal: AbortSignal.timeout(60_000) })).text();
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b)[1];
}

type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};

/**
 * autocannon's latencies are those of answered requests only: when more than
 * (100 - p)% of the requests timed out, the percentile is past the timeout.
 */
function percentile(r: LoadResult, p: 50 | 99): string {
  const timedOut = r.timeouts / Math.max(1, r.timeouts + r.requests.total);
  return timedOut > (100 - p) / 100 ? `> ${TIMEOUT_SECONDS * 1000} ms` : `${r.latency[`p${p}`]} ms`;
}

async function autocannon(url: string, cookie: string): Promise<LoadResult> {
  const args = [AUTOCANNON_BIN, "-c", String(CONNECTIONS), "-d", String(SECONDS), "-t", String(TIMEOUT_SECONDS), "-H", `cookie:${cookie}`, "-H", `accept:${PAGE_LOAD_ACCEPT}`, "-j", url];
  const run = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(run);
  let out = "";
  let err = "";
  run.stdout.on("data", (c: Buffer) => (out += c.toString()));
  run.stderr.on("data", (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => run.on("exit", resolve));
  children.delete(run);
  if (code !== 0) throw new Error(`autocannon failed (exit ${code}): ${err.slice(-500)}`);
  return JSON.parse(out) as LoadResult;
}

/** (f): prints one line; throws (after stopping everything it started) when it cannot measure. */
export async function benchLoad(handle: DatabaseHandle, engine: string): Promise<void> {
  const { db } = await import("../lib/db");
  const { hashPassword } = await import("../lib/auth/password");
  const { ctxFor } = await import("../tests/helpers/factories");
  const { loadListView } = await import("../lib/entities/lists");

  const user = await db.user.findUnique({ where: { email: BENCH_EMAIL }, include: { memberships: true } });
  if (!user || user.memberships.length !== 1) throw new Error(`(f) needs the bench user ${BENCH_EMAIL} of the list data, with one licensee`);
  const expected = await loadListView(await ctxFor(user.id, user.memberships[0].licenseeId), "strategy", { sort: "-revenue", page: "100", size: "20" });
  const password = `Bench-${crypto.randomBytes(12).toString("base64url")}-9a`;
  await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password), twoFactorEnabled: false } });

  process.on("exit", onExit);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let database: { url: string; dir?: string } | undefined;
  let server: ReturnType<typeof start> | undefined;
  try {
    const distDir = await ensureBuild(engine);
    database = await appDatabase(handle, engine);
    // With the page cache (as served), then without it (every request renders the page).
    for (const pageCache of [true, false]) {
      const t0 = performance.now();
      const started = await startServer(distDir, database.url, await freePort(), pageCache);
      const upIn = performance.now() - t0;
      server = started.server;
      const label = pageCache ? "" : ", page cache off";
      const cookie = await signIn(started.base, loginActionId(distDir), BENCH_EMAIL, password);
      await verifyPage(started.base, cookie, expected.rows.map((r) => r.id));
      const alone = await timeAlone(started.base, cookie);
      console.log(
        `(f) server ${engine}${label}: next start on ${started.base} answered in ${seconds(upIn)} s; signed in as ${BENCH_EMAIL} through the login form's action;` +
          ` ${PAGE} shows the 20 rows of (a); alone it takes ${alone.toFixed(0)} ms`,
      );
      const r = await autocannon(`${started.base}${PAGE}`, cookie);
      console.log(
        `(f) load ${engine}${label}: ${r.requests.average.toFixed(1)} requests/s, p50 ${percentile(r, 50)}, p99 ${percentile(r, 99)}, ${r.errors + r.non2xx} errors, ${r.non2xx} non-2xx` +
          `; target 0 errors, p99 <= 1 s (${CONNECTIONS} connections, ${SECONDS} s, ${r.requests.total} answers, ${r.timeouts} timeouts after ${TIMEOUT_SECONDS} s)`,
      );
      await stop(server);
      server = undefined;
    }
  } catch (err) {
    console.log(`(f) load ${engine}: not measured: ${err instanceof Error ? err.message : String(err)}`);
    throw err;
  } finally {
    if (server) await stop(server);
    onExit();
    process.off("exit", onExit);
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (database?.dir) fs.rmSync(database.dir, { recursive: true, force: true });
  }
}
