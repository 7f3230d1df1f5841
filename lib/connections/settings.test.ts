import { batchTransactionMs, databaseSettings } from "./settings";
import { parseEnv } from "../env";

test("defaults: 10 + 5 connections, 10 s to connect, 15 s pages, 60 s reports, 120 s exports, 10 min jobs, 60 s idle in a transaction", () => {
  expect(databaseSettings({})).toEqual({
    poolSize: 10,
    jobsPoolSize: 5,
    connectTimeoutMs: 10_000,
    idleTimeoutMs: 30_000,
    idleInTransactionMs: 60_000,
    statementTimeoutMs: { pages: 15_000, reports: 60_000, exports: 120_000, jobs: 600_000 },
    batchTransactionMaxMs: 900_000,
    replicaUrls: [],
    replicaMaxLagMs: 30_000,
    pgbouncer: false,
    directUrl: undefined,
  });
});

test("replicas: a comma-separated list of postgres:// URLs, only with a PostgreSQL DATABASE_URL; empty is unset", () => {
  const primary = { DATABASE_URL: "postgres://app@db:5432/dsp", AUTH_SECRET: "x".repeat(32) };
  const s = databaseSettings({ ...primary, DATABASE_REPLICA_URLS: " postgres://app@r1/dsp, postgresql://app@r2/dsp ,", DATABASE_REPLICA_MAX_LAG_SECONDS: "5" });
  expect(s).toMatchObject({ replicaUrls: ["postgres://app@r1/dsp", "postgresql://app@r2/dsp"], replicaMaxLagMs: 5_000 });
  expect(databaseSettings({ ...primary, DATABASE_REPLICA_URLS: "" }).replicaUrls).toEqual([]);
  expect(() => parseEnv({ ...primary, DATABASE_REPLICA_URLS: "mysql://r1/dsp" })).toThrow(/DATABASE_REPLICA_URLS.*postgres:\/\//);
  expect(() => parseEnv({ DATABASE_REPLICA_URLS: "postgres://r1/dsp" })).toThrow(/DATABASE_REPLICA_URLS: only with a PostgreSQL DATABASE_URL/);
  expect(() => parseEnv({ DATABASE_DIRECT_URL: "postgres://db/dsp" })).toThrow(/DATABASE_DIRECT_URL: only with a PostgreSQL DATABASE_URL/);
  expect(() => parseEnv({ ...primary, DATABASE_PGBOUNCER: "true" })).toThrow(/DATABASE_DIRECT_URL: required with DATABASE_PGBOUNCER=true/);
  expect(databaseSettings({ ...primary, DATABASE_PGBOUNCER: "true", DATABASE_DIRECT_URL: "postgres://app@db:5432/dsp" })).toMatchObject({ pgbouncer: true, directUrl: "postgres://app@db:5432/dsp" });
});

test("each is set by its variable; 0 switches a timeout off", () => {
  const s = databaseSettings({
    DATABASE_POOL_SIZE: "20",
    DATABASE_JOBS_POOL_SIZE: "3",
    DATABASE_CONNECT_TIMEOUT_SECONDS: "5",
    DATABASE_IDLE_TIMEOUT_SECONDS: "60",
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: "0",
    DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS: "8",
    DATABASE_STATEMENT_TIMEOUT_REPORTS_SECONDS: "30",
    DATABASE_STATEMENT_TIMEOUT_EXPORTS_SECONDS: "0",
    DATABASE_STATEMENT_TIMEOUT_JOBS_SECONDS: "1800",
    DATABASE_BATCH_TRANSACTION_MAX_SECONDS: "300",
  });
  expect(s).toMatchObject({ poolSize: 20, jobsPoolSize: 3, connectTimeoutMs: 5_000, idleTimeoutMs: 60_000, idleInTransactionMs: 0, batchTransactionMaxMs: 300_000 });
  expect(s.statementTimeoutMs).toEqual({ pages: 8_000, reports: 30_000, exports: 0, jobs: 1_800_000 });
});

test("a malformed value stops start-up naming the variable", () => {
  expect(() => parseEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE: must be a whole number from 1 to 1000/);
  expect(() => parseEnv({ DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS: "fast" })).toThrow(/DATABASE_STATEMENT_TIMEOUT_PAGES_SECONDS/);
});

test("a batch's transaction time grows with its rows, capped: 100,000 delivery rows get more than the old fixed 120 s", () => {
  const cap = { batchTransactionMaxMs: 900_000 };
  expect(batchTransactionMs(100_000, 1, cap)).toBe(130_000);
  expect(batchTransactionMs(100_000, 1, cap)).toBeGreaterThan(120_000);
  expect(batchTransactionMs(10, 1, cap)).toBe(30_010);
  expect(batchTransactionMs(1_000_000, 1, cap)).toBe(900_000);
  expect(batchTransactionMs(100_000, 1, { batchTransactionMaxMs: 60_000 })).toBe(60_000);
});
