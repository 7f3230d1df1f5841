// npm run bench [-- --scale 0.1] [--runs 20] [--ingest-runs 20] [--only pages,reports,exports,load,ingest,scaling] [--db NAME] [--build-only]
//
// The console measured as its users meet it: the world of ./world.ts (10,000
// strategies under one advertiser with 365 days of hourly delivery at scale
// 1) in a PostgreSQL database of its own on the server of DATABASE_URL, built
// once and reused (./database.ts); the production build served as a
// deployment serves it (./server.ts); every figure over HTTP as the signed-in
// bench user or with their API key (./pages.ts, ./load.ts, ./ingest.ts). One
// line per figure (name, p50, p95, n, errors), the delivery tables' row
// counts and the machine's load at start and end; all of it also in
// bench/results/<timestamp>.json.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { hashPassword } from "../lib/auth/password";
import { benchDatabaseName, openBenchDatabase } from "./database";
import { machine, Results } from "./figures";
import { invalidator, measureIngestion, measureOneRow } from "./ingest";
import { loadFigure } from "./load";
import { measureScaling } from "./scaling";
import { measureExports, measurePages, measureReports, setView, type Bench } from "./pages";
import { ensureBuild, ROOT, serverSecrets, signIn, startServer, stop, type Server } from "./server";
import { BENCH_EMAIL, KOLKATA_TZ, worldSize } from "./world";

const GROUPS = ["pages", "reports", "exports", "load", "ingest", "scaling"] as const;
type Group = (typeof GROUPS)[number];

function parseArgs(argv: string[]) {
  const value = (flag: string) => {
    const i = argv.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
    if (i < 0) return undefined;
    return argv[i].includes("=") ? argv[i].slice(flag.length + 1) : argv[i + 1];
  };
  const number = (flag: string, fallback: number) => {
    const v = value(flag);
    const n = v === undefined ? fallback : Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag} takes a positive number; got ${v}`);
    return n;
  };
  const only = value("--only")?.split(",") ?? [...GROUPS];
  const unknown = only.filter((g) => !(GROUPS as readonly string[]).includes(g));
  if (unknown.length) throw new Error(`--only takes ${GROUPS.join(",")}; got ${unknown.join(",")}`);
  return {
    scale: number("--scale", 1),
    runs: Math.round(number("--runs", 20)),
    ingestRuns: Math.round(number("--ingest-runs", 20)),
    only: new Set(only as Group[]),
    db: value("--db"),
    buildOnly: argv.includes("--build-only"),
  };
}

function commit(): string {
  const git = (...args: string[]) => execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = git("status", "--porcelain", "--untracked-files=no") ? " with uncommitted changes" : "";
  return `${git("rev-parse", "--short", "HEAD")}${dirty}`;
}

const seconds = (ms: number) => (ms / 1000).toFixed(0);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new Error("npm run bench measures PostgreSQL: set DATABASE_URL=postgres://user@host:5432/<any database> (a role that may create databases)");
  const log = (line: string) => console.log(line);
  const results = new Results(log);
  const loadStart = machine();
  const at = commit();
  log(`bench: scale ${args.scale}, commit ${at}, ${loadStart.nproc} CPUs, load average ${loadStart.loadavg.join(" / ")} (1/5/15 min) at start`);
  const size = worldSize(args.scale);
  const t0 = performance.now();
  const bench = await openBenchDatabase(url, benchDatabaseName(url, args.scale, args.db), size, log);
  const dataSeconds = (performance.now() - t0) / 1000;
  const end = new Date(bench.marker.end);
  Object.assign(results.facts, { commit: at, scale: args.scale, runs: args.runs, world: { ...size, end: bench.marker.end, database: bench.name }, database: bench.story, machineAtStart: loadStart });
  let server: Server | undefined;
  try {
    if (args.buildOnly) return;
    const { prisma, raw } = bench.handle;
    // A fresh password and API key each run (nothing secret is kept between runs).
    const password = `Bench-${crypto.randomBytes(12).toString("base64url")}-9a`;
    await prisma.user.update({ where: { id: bench.world.userId }, data: { passwordHash: await hashPassword(password), twoFactorEnabled: false } });
    const apiKey = `dsp_${crypto.randomBytes(4).toString("hex")}_${crypto.randomBytes(24).toString("base64url")}`;
    await prisma.apiKey.create({
      data: {
        userId: bench.world.userId, licenseeId: bench.world.licenseeId, name: `bench ${new Date().toISOString()}`, prefix: apiKey.slice(4, 12),
        keyHash: crypto.createHash("sha256").update(apiKey).digest("hex"), expiresAt: new Date(Date.now() + 2 * 86_400_000), scope: "READ_WRITE",
      },
    });
    const build = await ensureBuild(log);
    const secrets = serverSecrets();
    server = await startServer({ distDir: build.dir, databaseUrl: bench.url, pageCache: true, secrets });
    log(`server: node scripts/start.mjs on ${server.base} answered after ${server.startSeconds.toFixed(1)} s (migrations, then next start; page cache on, jobs on)`);
    Object.assign(results.facts, { build: build.note, serverStartSeconds: Number(server.startSeconds.toFixed(1)) });
    const b: Bench = {
      base: server.base,
      cookie: await signIn(server.base, build.dir, BENCH_EMAIL, password),
      apiKey,
      raw,
      world: bench.world,
      end,
      runs: args.runs,
      results,
      invalidate: invalidator(raw, bench.world),
    };
    const listPage = `${server.base}/strategy?sort=-revenue`;
    const pageLoad = { accept: "text/html,application/xhtml+xml", cookie: b.cookie };
    const phase = async (name: Group, fn: () => Promise<void>) => {
      if (!args.only.has(name)) return;
      const p0 = performance.now();
      await fn();
      log(`(${name} measured in ${seconds(performance.now() - p0)} s)`);
    };
    await phase("pages", () => measurePages(b));
    await phase("reports", () => measureReports(b));
    await phase("exports", () => measureExports(b));
    await phase("load", async () => {
      await setView(b, KOLKATA_TZ, 30);
      results.add(await loadFigure("/strategy list by spend 30 days Asia/Kolkata, page cache on", listPage, pageLoad));
      results.add(await loadFigure("REST GET /api/v1/strategies?size=20 (API key)", `${server!.base}/api/v1/strategies?size=20`, { authorization: `Bearer ${apiKey}` }));
    });
    await phase("ingest", async () => {
      results.add(await measureOneRow(server!.base, apiKey, raw, bench.world, end, args.runs));
      results.add(await measureIngestion(server!.base, apiKey, raw, bench.world, end, args.ingestRuns, Date.now() % 100_000, log));
    });
    await stop(server.proc);
    server = undefined;
    if (args.only.has("scaling")) await measureScaling({ distDir: build.dir, secrets, databaseUrl: bench.url, apiKey, results, log });
    if (args.only.has("load")) {
      server = await startServer({ distDir: build.dir, databaseUrl: bench.url, pageCache: false, secrets });
      const cookie = await signIn(server.base, build.dir, BENCH_EMAIL, password);
      await setView(b, KOLKATA_TZ, 30);
      results.add(await loadFigure("/strategy list by spend 30 days Asia/Kolkata, page cache off", `${server.base}/strategy?sort=-revenue`, { ...pageLoad, cookie }));
    }
  } finally {
    if (server) await stop(server.proc);
    const rows = await tableRows(bench.handle.raw);
    log(`rows: ${Object.entries(rows).map(([t, n]) => `${t} ${n.toLocaleString("en-US")}`).join(", ")}`);
    const loadEnd = machine();
    log(`machine: load average ${loadEnd.loadavg.join(" / ")} (1/5/15 min) at end, ${loadEnd.nproc} CPUs; data ready after ${dataSeconds.toFixed(0)} s`);
    Object.assign(results.facts, { rows, machineAtEnd: loadEnd, dataReadySeconds: Number(dataSeconds.toFixed(0)) });
    log(`results: ${results.write(path.join(ROOT, "bench", "results"))}`);
    await bench.handle.close();
  }
}

/** Exact row counts of the delivery tables (whatever migrations added) and the change rows. */
async function tableRows(raw: Bench["raw"]): Promise<Record<string, number>> {
  const tables = await raw.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND (tablename LIKE 'Delivery%' OR tablename = 'DataChange') ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) out[name] = Number((await raw.query<{ n: string }>(`SELECT count(*)::text AS n FROM "${name}"`))[0].n);
  return out;
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
