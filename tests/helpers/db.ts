// A fresh migrated database per test file, installed as the app's database
// (lib/db), and emptied between tests. Against PGlite by default; against the
// PostgreSQL server named by TEST_DATABASE_URL when set.
import fs from "node:fs";
import crypto from "node:crypto";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { installDatabase, retireDatabase } from "../../lib/db";
import type { DatabaseHandle } from "../../lib/db/connect";
import { handleForPglite } from "../../lib/db/pglite";
import { handleForPostgres } from "../../lib/db/postgres";
import { databaseSettings, type DatabaseSettings } from "../../lib/connections/settings";
import { holder as jobsHolder } from "../../lib/jobs/boss";
import { dropReadCache } from "../../lib/data/read-cache";
import { adminUrl, ensurePgliteTemplate, ensurePgTemplate } from "./template";
import { installReplicaFloor, primaryPosition, testReplicaUrls, waitForReplay } from "./replicas";

/**
 * The server itself, for creating and dropping databases: TEST_DATABASE_DIRECT_URL
 * when TEST_DATABASE_URL is a transaction-mode pooler (PgBouncer keeps server
 * connections to a database open, which CREATE DATABASE ... TEMPLATE refuses).
 */
function serverUrl(url: string): string {
  return process.env.TEST_DATABASE_DIRECT_URL || url;
}

/** `settings`: PostgreSQL only, in place of the defaults (smaller pools, shorter timeouts). */
export async function createTestDatabase(settings: Partial<DatabaseSettings> = {}): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = await ensurePgliteTemplate();
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    return handleForPglite({ kind: "pglite", dataDir: "memory://" }, client);
  }
  return databaseFromTemplate(url, await ensurePgTemplate(serverUrl(url)), settings);
}

/** PostgreSQL: the test database each handle opened, so a copy can be made of it. */
const pgNames = new WeakMap<DatabaseHandle, string>();

/**
 * A second database holding what `source` holds now, ids and timestamps
 * included. On PostgreSQL the source's idle connections are ended first (a
 * template may have no other sessions); its pool opens new ones when next used.
 */
export async function copyTestDatabase(source: DatabaseHandle): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const client = await PGlite.create({ loadDataDir: await source.pglite!.dumpDataDir("none") });
    return handleForPglite({ kind: "pglite", dataDir: "memory://" }, client);
  }
  const name = pgNames.get(source);
  if (!name) throw new Error("copyTestDatabase: not a database createTestDatabase opened");
  const admin = new pg.Pool({ connectionString: adminUrl(serverUrl(url)), max: 1 });
  await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  await admin.end();
  return databaseFromTemplate(url, name, {});
}

async function databaseFromTemplate(url: string, template: string, settings: Partial<DatabaseSettings>): Promise<DatabaseHandle> {
  const name = `dsp_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Pool({ connectionString: adminUrl(serverUrl(url)), max: 1 });
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const pooled = Boolean(process.env.TEST_DATABASE_DIRECT_URL);
  const replicas = testReplicaUrls();
  // The application's pools and limits (lib/db/managed-pool.ts), smaller; through a pooler, per-transaction settings.
  const handle = handleForPostgres(adminUrl(url, name), {
    ...databaseSettings(),
    poolSize: 4,
    jobsPoolSize: 2,
    ...(pooled ? { pgbouncer: true, directUrl: adminUrl(serverUrl(url), name) } : {}),
    replicaUrls: replicas.map((r) => adminUrl(r, name)),
    ...settings,
  });
  if (replicas.length > 0) {
    // The new database exists on a standby once replayed; until then its connections would fail.
    if (!(await waitForReplay(replicas, await primaryPosition(handle.raw), 10_000))) throw new Error("the replicas did not replay the new test database within 10 s");
    installReplicaFloor(replicas, handle.raw);
  }
  const close = handle.close;
  const opened: DatabaseHandle = {
    ...handle,
    async close() {
      await close();
      const dropper = new pg.Pool({ connectionString: adminUrl(serverUrl(url)), max: 1 });
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
  pgNames.set(opened, name);
  return opened;
}

const catalogs = new WeakMap<DatabaseHandle, Promise<{ tables: string[]; sequences: string[] }>>();

/** The public tables and sequences of a test database (its schema never changes during a file). */
function catalogOf(handle: DatabaseHandle) {
  let catalog = catalogs.get(handle);
  if (!catalog) {
    catalog = (async () => ({
      tables: (await handle.raw.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1`)).map((r) => r.name),
      sequences: (await handle.raw.query<{ name: string }>(`SELECT quote_ident(sequencename) AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.name),
    }))();
    catalogs.set(handle, catalog);
  }
  return catalog;
}

/**
 * Empties every table and restarts every sequence: the state of a fresh
 * database. Only the tables holding rows are emptied, by DELETE with
 * triggers and foreign keys off (session_replication_role): a TRUNCATE of
 * all ~70 tables cost 75 ms on PGlite and 170 ms on PostgreSQL after every
 * test. Every sequence restarts, also of an empty table (a rolled-back insert
 * still advanced it). The read cache of lib/data/read-cache.ts is dropped,
 * since no trigger records these deletes as changes.
 */
export async function truncateAll(handle: DatabaseHandle) {
  const { tables, sequences } = await catalogOf(handle);
  if (tables.length === 0) return;
  const filled = await handle.raw.query<{ name: string }>(
    tables.map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM "${t}")`).join(" UNION ALL "),
  );
  const restart = sequences.length ? `SELECT ${sequences.map((q) => `setval('public.${q.replace(/'/g, "''")}', 1, false)`).join(", ")};` : "";
  // One simple-protocol string: one connection of a pool, one transaction.
  await handle.raw.exec(
    `BEGIN; SET LOCAL session_replication_role = replica; ${filled.map((r) => `DELETE FROM "${r.name}";`).join(" ")} ${restart} COMMIT;`,
  );
  if (filled.length > 0) await dropReadCache();
}

/** Call at the top of a test file: gives each file its own database. */
export function useTestDatabase(settings?: Partial<DatabaseSettings>) {
  const state: { handle?: DatabaseHandle } = {};
  beforeAll(async () => {
    state.handle = await createTestDatabase(settings);
    installDatabase(state.handle);
  });
  afterEach(async () => {
    if (state.handle) await truncateAll(state.handle);
  });
  afterAll(async () => {
    // A file that enqueued for real started pg-boss on its database: stop it first, or its
    // timers outlive the file in the worker and log "PGlite is closed" into the next file's test.
    const boss = await jobsHolder.boss?.catch(() => undefined);
    jobsHolder.boss = undefined;
    await boss?.stop({ graceful: false, timeout: 2_000 });
    retireDatabase();
    await state.handle?.close();
  });
  return {
    get handle(): DatabaseHandle {
      if (!state.handle) throw new Error("test database not ready");
      return state.handle;
    },
  };
}
