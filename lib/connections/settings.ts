// The connection settings of the application's PostgreSQL pools, from
// lib/env (DATABASE_POOL_SIZE, DATABASE_*_TIMEOUT_SECONDS, ...), in ms.
import { envFrom, type EnvSource } from "../env";
import { withStatementTimeout, type WorkKind } from "./work";

export interface DatabaseSettings {
  /** Connections of the pool pages, reports and exports share, per process. */
  poolSize: number;
  /** Connections of the background jobs' own pool, per process. */
  jobsPoolSize: number;
  /** Longest wait for a connection: opening one, or a free one of a full pool. */
  connectTimeoutMs: number;
  /** An unused pooled connection is closed after this. */
  idleTimeoutMs: number;
  /** The server ends a session idle inside an open transaction this long (0: never). */
  idleInTransactionMs: number;
  /** Statement timeout of each kind of work (0: none). */
  statementTimeoutMs: Record<WorkKind, number>;
  /** Cap of the transaction time of row-scaled batches (ingestion, imports). */
  batchTransactionMaxMs: number;
  /** Hot standbys read-only work may read from (lib/db/replicas.ts); empty: none. */
  replicaUrls: readonly string[];
  /** A replica further behind the primary than this is not read from. */
  replicaMaxLagMs: number;
  /** DATABASE_URL is PgBouncer in transaction mode: settings per transaction, not per session (lib/db/pgbouncer.ts). */
  pgbouncer: boolean;
  /** The server itself, for what needs a session of its own (pg-boss, the jobs' pool); unset: DATABASE_URL. */
  directUrl?: string;
}

/** The environment variable of each kind's statement timeout, for messages. */
export const STATEMENT_TIMEOUT_VARIABLES: Record<WorkKind, string> = {
  pages: "DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS",
  reports: "DATABASE_STATEMENT_TIMEOUT_REPORTS_SECONDS",
  exports: "DATABASE_STATEMENT_TIMEOUT_EXPORTS_SECONDS",
  jobs: "DATABASE_STATEMENT_TIMEOUT_JOBS_SECONDS",
};

export function databaseSettings(source?: EnvSource): DatabaseSettings {
  const e = envFrom(source);
  const s = 1000;
  return {
    poolSize: e.DATABASE_POOL_SIZE,
    jobsPoolSize: e.DATABASE_JOBS_POOL_SIZE,
    connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * s,
    idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_SECONDS * s,
    idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * s,
    statementTimeoutMs: {
      pages: e.DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS * s,
      reports: e.DATABASE_STATEMENT_TIMEOUT_REPORTS_SECONDS * s,
      exports: e.DATABASE_STATEMENT_TIMEOUT_EXPORTS_SECONDS * s,
      jobs: e.DATABASE_STATEMENT_TIMEOUT_JOBS_SECONDS * s,
    },
    batchTransactionMaxMs: e.DATABASE_BATCH_TRANSACTION_MAX_SECONDS * s,
    replicaUrls: e.DATABASE_REPLICA_URLS ?? [],
    replicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_SECONDS * s,
    pgbouncer: e.DATABASE_PGBOUNCER,
    directUrl: e.DATABASE_DIRECT_URL,
  };
}

/** Base of a row-scaled transaction's time, and the floor of its statement timeout. */
export const BATCH_BASE_MS = 30_000;

/**
 * The time a transaction writing `rows` rows may take: BATCH_BASE_MS plus
 * `perRowMs` for each row, capped by DATABASE_BATCH_TRANSACTION_MAX_SECONDS.
 * A fixed limit failed large batches (100,000 delivery rows into a table of
 * millions took over 120 s) while giving small ones far more than they need.
 */
export function batchTransactionMs(rows: number, perRowMs: number, settings: Pick<DatabaseSettings, "batchTransactionMaxMs"> = databaseSettings()): number {
  return Math.min(settings.batchTransactionMaxMs, BATCH_BASE_MS + Math.max(0, rows) * perRowMs);
}

/**
 * Runs `fn` with the time of a batch of `rows` rows (batchTransactionMs),
 * passed to it for its transaction's `timeout`; its statements get the same
 * limit, since a web request's page timeout is far too short for them.
 */
export function withBatchTime<T>(rows: number, perRowMs: number, fn: (timeoutMs: number) => Promise<T>): Promise<T> {
  const ms = batchTransactionMs(rows, perRowMs);
  return withStatementTimeout(ms, () => fn(ms));
}
