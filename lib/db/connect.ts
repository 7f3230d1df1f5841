// Opens a database (PGlite directory or PostgreSQL server) and gives both a
// Prisma client and a raw SQL executor over the same connection(s).
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client";
import type { DatabaseTarget } from "./url";
import { log } from "../log";

export interface RawSql {
  /** Runs one or more statements without parameters (migrations, bulk seed SQL). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface DatabaseHandle {
  target: DatabaseTarget;
  prisma: PrismaClient;
  raw: RawSql;
  /** The PGlite client, PGlite targets only; pg-boss runs through it. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export function pgliteRaw(client: PGlite): RawSql {
  return {
    async exec(sql) {
      await client.exec(sql);
    },
    async query(sql, params) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as never[];
    },
  };
}

export function poolRaw(pool: pg.Pool): RawSql {
  return {
    async exec(sql) {
      await pool.query(sql);
    },
    async query(sql, params) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows;
    },
  };
}

export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir !== "memory://") fs.mkdirSync(dataDir, { recursive: true });
  return PGlite.create(dataDir === "memory://" ? undefined : dataDir, loadDataDir ? { loadDataDir } : undefined);
}

export function handleForPglite(target: DatabaseTarget, client: PGlite): DatabaseHandle {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    target,
    prisma,
    raw: pgliteRaw(client),
    pglite: client,
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

export function handleForPostgres(url: string, poolMax = 10): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
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

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return handleForPostgres(target.url);
  return handleForPglite(target, await openPglite(target.dataDir));
}
