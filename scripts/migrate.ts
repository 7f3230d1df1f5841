// npm run db:migrate — applies pending migrations to DATABASE_URL (from the
// environment, else from .env).
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { resolveDatabaseTarget } from "../lib/db/url";

async function main() {
  // DATABASE_DIRECT_URL first: the migrations' advisory lock needs a session of its own (no transaction-mode pooler).
  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL));
  try {
    const applied = await applyMigrations(handle.raw, { log: (m) => console.log(m) });
    console.log(applied.length ? `${applied.length} migration(s) applied` : "database is up to date");
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
