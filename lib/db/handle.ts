// What an open database gives: a Prisma client and a raw SQL executor over the
// same connection(s), whichever driver opened it (./pglite, ./postgres).
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { PrismaClient } from "../generated/prisma/client";
import type { DatabaseTarget } from "./url";

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
  /**
   * What background jobs use: on PostgreSQL a pool of their own, so pages
   * holding every connection of theirs cannot keep a job from starting; on
   * PGlite (one connection) absent, and jobs use the fields above.
   */
  jobs?: { prisma: PrismaClient; raw: RawSql };
  /**
   * Hot standbys read-only work may read from (DATABASE_REPLICA_URLS,
   * ./replicas.ts); absent without any (and always on PGlite).
   */
  replicas?: ReplicaSet;
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

/** A WAL position as PostgreSQL prints it ("16/B374D848"). */
export type WalPosition = string;

export interface Replica {
  /** host:port/database, for logs. */
  name: string;
  prisma: PrismaClient;
  raw: RawSql;
}

export interface ReplicaSet {
  /** A replica that has replayed `readAfter` and lags less than the maximum, or null: read from the primary. */
  pick(readAfter: WalPosition | null): Promise<Replica | null>;
  /** The primary's WAL position now: a read that must see what was committed so far needs a replica past it. */
  primaryPosition(): Promise<WalPosition>;
  close(): Promise<void>;
}
