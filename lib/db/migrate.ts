// Applies prisma/migrations/*/migration.sql in order, recording them in Prisma's
// own _prisma_migrations table (so `prisma migrate status` still understands the
// database). We apply them ourselves rather than through the Prisma CLI because
// the CLI's WASM engine hangs on PGlite and cannot read PostgreSQL catalog types
// (../shared/stack-facts.md). An advisory lock makes concurrent containers safe.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RawSql } from "./connect";

export const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");
const LOCK_KEY = 724_311_001; // arbitrary, fixed: one migrator at a time per database

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: crypto.createHash("sha256").update(sql).digest("hex") };
    });
}

/** A hash of the whole migration history: test templates are rebuilt when it changes. */
export function migrationsFingerprint(dir = MIGRATIONS_DIR): string {
  const hash = crypto.createHash("sha256");
  for (const m of readMigrations(dir)) hash.update(m.name).update(m.checksum);
  return hash.digest("hex").slice(0, 16);
}

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function applyMigrations(raw: RawSql, opts: { dir?: string; log?: (m: string) => void } = {}) {
  const log = opts.log ?? (() => {});
  const migrations = readMigrations(opts.dir);
  await raw.query(`SELECT pg_advisory_lock(${LOCK_KEY})`);
  try {
    await raw.exec(CREATE_TABLE);
    const rows = await raw.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r.checksum]));
    const done: string[] = [];
    for (const m of migrations) {
      const previous = applied.get(m.name);
      if (previous) {
        if (previous !== m.checksum) throw new Error(`Migration ${m.name} was changed after it was applied`);
        continue;
      }
      // Each migration and its record commit together or not at all.
      await raw.exec(`BEGIN;\n${m.sql}\n;COMMIT;`).catch(async (e) => {
        await raw.exec("ROLLBACK").catch(() => {});
        throw new Error(`Migration ${m.name} failed: ${(e as Error).message}`);
      });
      await raw.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
        [crypto.randomUUID(), m.checksum, m.name],
      );
      done.push(m.name);
      log(`applied migration ${m.name}`);
    }
    return done;
  } finally {
    await raw.query(`SELECT pg_advisory_unlock(${LOCK_KEY})`);
  }
}
