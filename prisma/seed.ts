// npm run db:seed [-- --if-empty] [-- --days=N] — fills DATABASE_URL with the
// deterministic demo data (lib/seed). With --if-empty it leaves a database that
// already has a licensee untouched (first start of a container).
import "../scripts/dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";
import { seedDatabase, SeedError } from "../lib/seed";

function parseArgs(argv: string[]) {
  const opts: { ifEmpty: boolean; days?: number } = { ifEmpty: false };
  for (const arg of argv) {
    if (arg === "--if-empty") opts.ifEmpty = true;
    else if (arg.startsWith("--days=")) opts.days = Number(arg.slice("--days=".length));
    else throw new SeedError(`unknown argument ${arg} (expected --if-empty or --days=N)`);
  }
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const target = resolveDatabaseTarget(process.env.DATABASE_URL);
  const handle = await openDatabase(target);
  try {
    console.log(JSON.stringify({ seed: "start", database: target.kind, ifEmpty: opts.ifEmpty, days: opts.days ?? 90 }));
    const summary = await seedDatabase(handle, opts);
    if (summary.skipped) console.log(JSON.stringify({ seed: "skipped", reason: "database already has a licensee" }));
    else console.log(JSON.stringify({ seed: "done", ...summary }));
  } finally {
    await handle.close();
  }
}

main().catch((e) => {
  console.error(JSON.stringify({ seed: "failed", error: e instanceof Error ? e.message : String(e) }));
  process.exit(1);
});
