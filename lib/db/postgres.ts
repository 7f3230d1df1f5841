// The PostgreSQL server driver; loaded by ./connect only for a postgres:// DATABASE_URL.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import { log } from "../log";
import { poolRaw, type DatabaseHandle } from "./handle";

export function handleForPostgres(url: string, poolMax = 10): DatabaseHandle {
  // JIT off: the app's statements are short, and the list and metric queries
  // (dozens of guarded subplans whose estimates run high) were measured
  // spending 4 s compiling for a 100 ms execution. PGlite has no JIT.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: "-c jit=off" });
  // An idle connection the server terminates (restart, failover, a dropped
  // database) makes the pool emit "error"; without a listener that error
  // would crash the process. The pool replaces the connection on next use.
  pool.on("error", (err) => log.warn("database: idle connection lost", { err }));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    target: { kind: "postgres", url },
    prisma,
    raw: poolRaw(pool),
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
