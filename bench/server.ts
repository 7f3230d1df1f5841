// The production server the bench measures: `next build` into .next-bench-a
// or -b (whichever is older; rebuilt only when a source file is newer than
// the last build), started as a deployment starts it (node scripts/start.mjs:
// migrations, then `next start`) on a free port from 3900, against the bench
// database, with its own secrets, jobs running as in production and the API
// key rate limit lifted (the bench measures capacity, not the limit). Every
// process it starts is killed with its process group when the bench stops.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";

export const ROOT = path.resolve(__dirname, "..");
const DIST_DIRS = [".next-bench-a", ".next-bench-b"];
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
/** What a build depends on: newer files than its BUILD_ID mean it is stale. */
const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "instrumentation.ts", "instrumentation-client.ts", "next.config.ts", "postcss.config.mjs", "package-lock.json"];
/** Files `next build` rewrites for a non-default dist dir; put back so other work's typecheck is unchanged. */
const REWRITTEN_BY_BUILD = ["tsconfig.json", "next-env.d.ts"];

const children = new Set<ChildProcess>();
function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
export const killAll = () => children.forEach((c) => killGroup(c, "SIGKILL"));
process.on("exit", killAll);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

export interface Proc {
  child: ChildProcess;
  exited: Promise<number | null>;
  tail: (n?: number) => string;
}

/** A node script in its own process group; its output kept (last 300 lines) for error messages. */
export function startNode(args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 300));
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  void exited.then(() => children.delete(child));
  return { child, exited, tail: (n = 30) => lines.slice(-n).join("\n") };
}

export async function stop(proc: Proc) {
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

/** The dist dir of a production build of the sources as they are; a failed build falls back to the previous one, saying so. */
export async function ensureBuild(log: (line: string) => void): Promise<{ dir: string; note: string }> {
  const [last, next] = [...DIST_DIRS].sort((a, b) => builtAt(b) - builtAt(a));
  if (builtAt(last) > newestSource()) {
    const note = `reusing the build in ${last} (newer than every source file)`;
    log(`build: ${note}`);
    return { dir: last, note };
  }
  const kept = REWRITTEN_BY_BUILD.map((f) => [f, fs.existsSync(path.join(ROOT, f)) ? fs.readFileSync(path.join(ROOT, f), "utf8") : null] as const);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", NEXT_DIST_DIR: next, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  delete env.DATABASE_URL; // a build reads no database (and a postgres:// URL would demand AUTH_SECRET)
  fs.rmSync(path.join(ROOT, next, "BUILD_ID"), { force: true });
  const t0 = performance.now();
  log(`build: next build into ${next} ...`);
  const build = startNode([NEXT_BIN, "build"], env);
  const code = await build.exited;
  for (const [file, text] of kept) {
    const now = fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), "utf8") : null;
    if (text !== null && now !== text) fs.writeFileSync(path.join(ROOT, file), text);
  }
  const secs = ((performance.now() - t0) / 1000).toFixed(0);
  if (code === 0) {
    const note = `next build into ${next} took ${secs} s`;
    log(`build: ${note}`);
    return { dir: next, note };
  }
  const why = `next build into ${next} failed (exit ${code}) after ${secs} s:\n${build.tail(15)}`;
  if (!builtAt(last)) throw new Error(why);
  const note = `MEASURING THE PREVIOUS BUILD of ${new Date(builtAt(last)).toISOString()} in ${last}, older than the sources: ${why}`;
  log(`build: ${note}`);
  return { dir: last, note };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "0.0.0.0", () => server.close(() => resolve(true)));
  });
}

/** The first free port from 3900 (others' servers and CI use the 3000s below it). */
export async function freePort(from = 3900): Promise<number> {
  for (let p = from; p < from + 100; p++) if (await portFree(p)) return p;
  throw new Error(`no free port in ${from}-${from + 99}`);
}

export interface Server {
  proc: Proc;
  base: string;
  /** Seconds from spawn to the first answer of /api/health. */
  startSeconds: number;
}

export const serverSecrets = () => ({ AUTH_SECRET: crypto.randomBytes(32).toString("hex"), SECRETS_ENCRYPTION_KEY: crypto.randomBytes(32).toString("base64") });

/** node scripts/start.mjs as a deployment runs it; resolves once /api/health answers. */
export async function startServer(o: { distDir: string; databaseUrl: string; pageCache: boolean; secrets: Record<string, string>; env?: Record<string, string> }): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...o.secrets,
    NODE_ENV: "production",
    DATABASE_URL: o.databaseUrl,
    PORT: String(port),
    NEXT_DIST_DIR: o.distDir,
    PAGE_CACHE: String(o.pageCache),
    JOBS_ENABLED: "true",
    SEED_ON_EMPTY: "false",
    API_KEY_RATE_LIMIT_PER_MINUTE: "10000000",
    NEXT_TELEMETRY_DISABLED: "1",
    ...o.env,
  };
  delete env.TEST_DATABASE_URL;
  const t0 = performance.now();
  const proc = startNode([path.join(ROOT, "scripts", "start.mjs")], env);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`the server exited (${proc.child.exitCode}):\n${proc.tail()}`);
    const ok = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.ok, () => false);
    if (ok) return { proc, base, startSeconds: (performance.now() - t0) / 1000 };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop(proc);
  throw new Error(`the server did not answer /api/health within 300 s:\n${proc.tail()}`);
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
 * The login form's own request: the password step posted to /login as the
 * browser posts it (the user has no second factor). Returns the Cookie
 * header of the session next-auth set.
 */
export async function signIn(base: string, distDir: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { "next-action": loginActionId(distDir), "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", origin: base },
    body: JSON.stringify([{ email, password, captcha: null, returnUrl: "/home" }]),
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.text();
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => pair.slice(pair.indexOf("=") + 1) !== "");
  if (res.status !== 200 || !body.includes('"signed-in"') || !cookies.some((c) => c.includes("session-token"))) {
    throw new Error(`sign-in as ${email} refused: ${res.status}, ${body.slice(0, 300)}`);
  }
  return cookies.join("; ");
}
