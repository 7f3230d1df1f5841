// npm run simulate -- --days N --strategies M [--seed S]
// Generates delivery for the last N whole UTC days and today up to the
// current hour, for up to M active strategies of every licensee in
// DATABASE_URL (the embedded database by default), and loads it through the
// same ingestion as the API, as each licensee's read-write user
// (lib/delivery/simulate-run.ts). Rows replace those of the same natural key:
// with the default seed (the demo seed's own) the seeded hours come out the
// same; another seed replaces their numbers.
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";
import { DEFAULT_SIMULATION_SEED } from "../lib/delivery/simulate";

function parseArgs(argv: string[]): { days: number; strategies: number; seed: number } {
  const opts = { days: 7, strategies: 50, seed: DEFAULT_SIMULATION_SEED };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], Number(argv[i + 1])];
    const key = ({ "--days": "days", "--strategies": "strategies", "--seed": "seed" } as const)[flag as "--days"];
    if (!key || !Number.isSafeInteger(value) || value < 0) throw new Error(`usage: npm run simulate -- --days N --strategies M [--seed S] (got ${flag} ${argv[i + 1] ?? ""})`);
    opts[key] = value;
  }
  if (opts.days < 1 || opts.days > 365) throw new Error("--days must be 1 to 365");
  return opts;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_URL));
  const { installDatabase, retireDatabase, db } = await import("../lib/db");
  installDatabase(handle);
  const { loadSessionContext } = await import("../lib/auth/context");
  const { simulateLicensee } = await import("../lib/delivery/simulate-run");
  try {
    const now = new Date();
    for (const membership of await db.membership.findMany({ where: { role: "RW" }, distinct: ["licenseeId"], orderBy: { id: "asc" } })) {
      const user = await db.user.findUniqueOrThrow({ where: { id: membership.userId } });
      const ctx = await loadSessionContext({ userId: user.id, licenseeId: membership.licenseeId, sessionVersion: user.sessionVersion });
      const { strategies, batches } = await simulateLicensee(ctx, { ...opts, now });
      for (const result of batches) console.log(JSON.stringify({ simulate: "batch", licenseeId: membership.licenseeId, strategies, ...result }));
    }
  } finally {
    retireDatabase();
    await handle.close();
  }
}

main().catch((e: unknown) => {
  console.error(JSON.stringify({ simulate: "failed", error: e instanceof Error ? e.message : String(e) }));
  process.exit(1);
});
