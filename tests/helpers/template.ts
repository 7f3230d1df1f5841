// Migrated template databases, built once per migration history and cloned per
// test file: PGlite → a gzipped data-dir dump loaded into an in-memory PGlite
// (~0.6 s); PostgreSQL (TEST_DATABASE_URL) → CREATE DATABASE ... TEMPLATE (~25 ms).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations, migrationsFingerprint } from "../../lib/db/migrate";
import { pgliteRaw, poolRaw } from "../../lib/db/connect";

export function pgliteDumpPath(): string {
  return path.join(os.tmpdir(), `dsp-pglite-template-${migrationsFingerprint()}.tgz`);
}

export function pgTemplateName(): string {
  return `dsp_test_tpl_${migrationsFingerprint()}`;
}

export function adminUrl(url: string, database = "postgres"): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function ensurePgliteTemplate(): Promise<string> {
  const file = pgliteDumpPath();
  if (fs.existsSync(file)) return file;
  const client = await PGlite.create();
  await applyMigrations(pgliteRaw(client));
  const dump = await client.dumpDataDir("gzip");
  await client.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file); // atomic: parallel runs never read half a file
  return file;
}

export async function ensurePgTemplate(testUrl: string): Promise<string> {
  const name = pgTemplateName();
  const admin = new pg.Pool({ connectionString: adminUrl(testUrl), max: 1 });
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const pool = new pg.Pool({ connectionString: adminUrl(testUrl, building), max: 1 });
    try {
      await applyMigrations(poolRaw(pool));
    } finally {
      await pool.end();
    }
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`).catch(async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`); // another run won the race
    });
    return name;
  } finally {
    await admin.end();
  }
}
