// Start-up preparation, run once before the server starts (npm start, Docker):
// validates configuration, applies pending migrations, seeds an empty database.
// A missing or malformed variable stops here with a message naming it; valid
// but risky settings (no SMTP_URL on PostgreSQL, no usable ffmpeg, ...) are
// logged as warnings.
import { configWarnings, parseEnv, ConfigError } from "../lib/env";
import { openDatabase } from "../lib/db/connect";
import { applyMigrations } from "../lib/db/migrate";
import { resolveDatabaseTarget } from "../lib/db/url";
import { isDatabaseEmpty, seedDatabase } from "../lib/seed";
import { mediaToolWarnings } from "../lib/creatives/media/media-tool";
import { log } from "../lib/log";

async function main() {
  const config = parseEnv(process.env);
  for (const warning of [...configWarnings(config), ...(await mediaToolWarnings())]) log.warn(`CONFIGURATION WARNING: ${warning}`);
  // Migrations hold a session-level advisory lock: never through a transaction-mode pooler.
  const target = resolveDatabaseTarget(config.DATABASE_DIRECT_URL ?? config.DATABASE_URL);
  log.info("preparing database", { kind: target.kind });
  const handle = await openDatabase(target);
  try {
    const applied = await applyMigrations(handle.raw, { log: (m) => log.info(m) });
    log.info("migrations up to date", { applied: applied.length });
    if (config.SEED_ON_EMPTY && (await isDatabaseEmpty(handle))) {
      const started = Date.now();
      const summary = await seedDatabase(handle, { ifEmpty: true });
      log.info("seeded demo data", { wallMs: Date.now() - started, ...summary });
    }
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  if (e instanceof ConfigError) console.error(e.message);
  else log.error("start-up preparation failed", { err: e });
  process.exit(1);
});
