// The PostgreSQL server driver; loaded by ./connect only for a postgres:// DATABASE_URL.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { log } from "../log";
import { poolRaw, type DatabaseHandle } from "./handle";
import { managedPool } from "./managed-pool";
import { openReplicaSet } from "./replicas";
import type { DatabaseSettings } from "../connections/settings";

/**
 * With settings (the application: lib/db/index.ts, tests): two managed pools
 * (./managed-pool.ts), one for web requests, reports and exports and one for
 * background jobs, each with its size and the timeouts of its work. With a
 * number (operator scripts: migrate, seed, simulate): one plain pool of that
 * size without statement timeouts, since a migration or a bulk seed may
 * rightly run for minutes.
 */
export function handleForPostgres(url: string, settings: DatabaseSettings | number = 10): DatabaseHandle {
  if (typeof settings === "number") {
    // JIT off: see ./managed-pool.ts.
    const pool = watched(new pg.Pool({ connectionString: url, max: settings, options: "-c jit=off" }));
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return { target: { kind: "postgres", url }, prisma, raw: poolRaw(pool), close: closer([prisma], [pool]) };
  }
  const pool = watched(managedPool({ url, settings, base: "pages", max: settings.poolSize, applicationName: "dsp-console" }));
  // Jobs hold long transactions and pg-boss needs a session of its own
  // (LISTEN, its startup options): both go to the server itself when
  // DATABASE_URL is a transaction-mode pooler (DATABASE_DIRECT_URL).
  const direct = settings.directUrl;
  const jobsSettings = direct ? { ...settings, pgbouncer: false } : settings;
  const jobsPool = watched(managedPool({ url: direct ?? url, settings: jobsSettings, base: "jobs", max: settings.jobsPoolSize, applicationName: "dsp-console-job-work" }));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const jobsPrisma = new PrismaClient({ adapter: new PrismaPg(jobsPool) });
  const raw = poolRaw(pool);
  const replicas = settings.replicaUrls.length > 0 ? openReplicaSet({ urls: settings.replicaUrls, settings, primary: raw }) : undefined;
  const close = closer([prisma, jobsPrisma], [pool, jobsPool]);
  return {
    // The URL of what needs a session (lib/jobs/boss.ts opens pg-boss's pool with it).
    target: { kind: "postgres", url: direct ?? url },
    prisma,
    raw,
    jobs: { prisma: jobsPrisma, raw: poolRaw(jobsPool) },
    replicas,
    async close() {
      await replicas?.close();
      await close();
    },
  };
}

// An idle connection the server terminates (restart, failover, a dropped
// database) makes the pool emit "error"; without a listener that error
// would crash the process. The pool replaces the connection on next use.
function watched(pool: pg.Pool): pg.Pool {
  pool.on("error", (err) => log.warn("database: idle connection lost", { err }));
  return pool;
}

function closer(clients: PrismaClient[], pools: pg.Pool[]) {
  return async () => {
    for (const client of clients) await client.$disconnect();
    for (const pool of pools) await pool.end();
  };
}
