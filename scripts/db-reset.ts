// npm run db:reset — drops every table, type and function in the public schema of
// DATABASE_URL, re-applies the migrations and seeds the demo data. Refuses to
// run in production: it destroys all data.
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { resolveDatabaseTarget } from "../lib/db/url";
import { seedDatabase } from "../lib/seed";

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function main() {
  if (process.env.NODE_ENV === "production") {
    console.error(JSON.stringify({ reset: "refused", reason: "NODE_ENV=production" }));
    process.exit(1);
  }
  const target = resolveDatabaseTarget(process.env.DATABASE_URL);
  const handle = await openDatabase(target);
  try {
    const tables = await handle.raw.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    // Enums and any other user-defined types Prisma created (not the row types of tables, which go with them).
    const types = await handle.raw.query<{ name: string }>(
      `SELECT t.typname AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd', 'c') AND (t.typrelid = 0 OR (SELECT c.relkind FROM pg_class c WHERE c.oid = t.typrelid) = 'c')`,
    );
    // The migrations' own functions (the delivery rollups' triggers): a second reset would otherwise fail re-creating them.
    const functions = await handle.raw.query<{ signature: string }>(
      `SELECT p.oid::regprocedure::text AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`,
    );
    const drops = [
      ...(tables.length ? [`DROP TABLE IF EXISTS ${tables.map((t) => quote(t.name)).join(", ")} CASCADE`] : []),
      ...(types.length ? [`DROP TYPE IF EXISTS ${types.map((t) => quote(t.name)).join(", ")} CASCADE`] : []),
      ...(functions.length ? [`DROP FUNCTION IF EXISTS ${functions.map((f) => f.signature).join(", ")} CASCADE`] : []),
    ];
    if (drops.length) await handle.raw.exec(drops.join(";\n"));
    console.log(JSON.stringify({ reset: "dropped", database: target.kind, tables: tables.length, types: types.length }));
    const applied = await applyMigrations(handle.raw);
    console.log(JSON.stringify({ reset: "migrated", migrations: applied.length }));
    const summary = await seedDatabase(handle);
    console.log(JSON.stringify({ reset: "seeded", ...summary }));
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(JSON.stringify({ reset: "failed", error: e instanceof Error ? e.message : String(e) }));
  process.exit(1);
});
