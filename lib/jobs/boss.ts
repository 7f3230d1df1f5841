// One pg-boss instance per process, on the application's own database: its
// tables live in the `pgboss` schema beside ours. On PostgreSQL it opens a small
// pool of its own (LISTEN/NOTIFY, transactions need dedicated connections); on
// PGlite there is no server to connect to, so it runs through the app's PGlite
// client (pg-boss's `pglite` backend; PGlite serialises every statement, and a
// Prisma transaction holds the connection until it ends, so the two never
// interleave inside a transaction).
//
// The instance is kept on globalThis: Next.js evaluates server modules once per
// bundle (instrumentation, route handlers, pages), and all of them must share it.
import type { PgBoss, PGliteLike } from "pg-boss";
import { getDatabase } from "../db";
import type { DatabaseHandle } from "../db/connect";
import { databaseSettings } from "../connections/settings";
import { log } from "../log";
import { jobsEnabled } from "./config";
import { QUEUES } from "./names";
import { ensureQueues } from "./retry";

type Holder = { boss?: Promise<PgBoss>; running?: Promise<void> };
export const holder: Holder = ((globalThis as Record<string, unknown>).__dspJobs ??= {}) as Holder;

export const BOSS_SCHEMA = "pgboss";

/** The started pg-boss of this process, created on first use, with every queue in place. */
export function getBoss(): Promise<PgBoss> {
  holder.boss ??= createBoss().catch((err) => {
    holder.boss = undefined; // let a later call try again
    throw err;
  });
  return holder.boss;
}

async function createBoss(): Promise<PgBoss> {
  // The database is taken before anything is awaited: the one open when the
  // job was asked for (a test's own database stays that, even if the slow
  // first import below outlives the test), never one opened later.
  const database = jobDatabase();
  // Loaded on use: pg-boss is ESM-only, and pages that never enqueue need not load it.
  const { PgBoss, fromPglite } = await import("pg-boss");
  const handle = await database;
  const enabled = jobsEnabled();
  const common = {
    schema: BOSS_SCHEMA,
    // Maintenance and cron only where workers run: a JOBS_ENABLED=false
    // container is a producer, the others keep the queues healthy.
    supervise: enabled,
    schedule: enabled,
    application_name: "dsp-console-jobs",
  };
  let boss: PgBoss;
  if (handle.target.kind === "postgres") {
    // Its own small pool beside the jobs' (lib/db/postgres.ts), with the jobs' limits.
    const settings = databaseSettings();
    boss = new PgBoss({
      ...common,
      connectionString: handle.target.url,
      max: 4,
      connectionTimeoutMillis: settings.connectTimeoutMs,
      options: `-c statement_timeout=${settings.statementTimeoutMs.jobs} -c idle_in_transaction_session_timeout=${settings.idleInTransactionMs}`,
    });
  } else {
    const client = pgliteClientOf(handle);
    if (!client) throw new Error("jobs: the PGlite database handle does not expose its client (DatabaseHandle.pglite)");
    boss = new PgBoss({ ...common, db: fromPglite(client), backend: "pglite" });
  }
  boss.on("error", (err) => log.error("jobs: pg-boss error", { err }));
  await boss.start();
  await ensureQueues(boss, QUEUES);
  return boss;
}

export function pgliteClientOf(handle: DatabaseHandle): PGliteLike | undefined {
  return (handle as DatabaseHandle & { pglite?: PGliteLike }).pglite;
}

/**
 * The app database, with its PGlite client reachable when it is PGlite.
 *
 * INTERIM, until lib/db/connect.ts's handleForPglite() puts the client on the
 * handle (`pglite: client`): when nothing has opened the database yet (the
 * runner starts from instrumentation.ts, before any request), open it here
 * exactly as lib/db's getDatabase() would, through the same global holder (so
 * no second PGlite is ever opened over the directory), keeping the client.
 */
async function jobDatabase(): Promise<DatabaseHandle> {
  // lib/db exposes the PGlite client on its handle, so the runner shares the
  // application's one connection instead of opening the directory twice.
  return getDatabase();
}
