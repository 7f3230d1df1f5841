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
import { holder as jobsHolder } from "../../lib/jobs/boss";
import { adminUrl, ensurePgliteTemplate, ensurePgTemplate } from "./template";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = await ensurePgliteTemplate();
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    return handleForPglite({ kind: "pglite", dataDir: "memory://" }, client);
  }
  const template = await ensurePgTemplate(url);
  const name = `dsp_test_${process.pid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Pool({ connectionString: adminUrl(url), max: 1 });
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const handle = handleForPostgres(adminUrl(url, name), 4);
  const close = handle.close;
  return {
    ...handle,
    async close() {
      await close();
      const dropper = new pg.Pool({ connectionString: adminUrl(url), max: 1 });
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function truncateAll(handle: DatabaseHandle) {
  const rows = await handle.raw.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`,
  );
  if (rows.length === 0) return;
  await handle.raw.exec(`TRUNCATE TABLE ${rows.map((r) => `"${r.tablename}"`).join(", ")} RESTART IDENTITY CASCADE`);
}

/** Call at the top of a test file: gives each file its own database. */
export function useTestDatabase() {
  const state: { handle?: DatabaseHandle } = {};
  beforeAll(async () => {
    state.handle = await createTestDatabase();
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
