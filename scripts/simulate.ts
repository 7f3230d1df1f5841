// npm run simulate -- --days N --strategies M [--seed S]
// Generates delivery for the last N days of up to M strategies of every
// licensee in DATABASE_URL (the embedded database by default) with the
// simulator (lib/delivery/simulate.ts) and loads it through the same
// ingestion as the API (lib/delivery/ingest.ts), as each licensee's
// read-write user. Running it again with the same seed replaces, never doubles.
import "./dotenv.mjs"; // first: .env is loaded before any module reads the environment
import { openDatabase } from "../lib/db/connect";
import { resolveDatabaseTarget } from "../lib/db/url";

function parseArgs(argv: string[]): { days: number; strategies: number; seed: number } {
  const opts = { days: 7, strategies: 50, seed: 1 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], Number(argv[i + 1])];
    const key = ({ "--days": "days", "--strategies": "strategies", "--seed": "seed" } as const)[flag as "--days"];
    if (!key || !Number.isSafeInteger(value) || value < 0) throw new Error(`usage: npm run simulate -- --days N --strategies M [--seed S] (got ${flag} ${argv[i + 1] ?? ""})`);
    opts[key] = value;
  }
  if (opts.days < 1 || opts.days > 365) throw new Error("--days must be 1 to 365");
  return opts;
}

const BATCH = 100_000;

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const handle = await openDatabase(resolveDatabaseTarget(process.env.DATABASE_URL));
  const { installDatabase, retireDatabase, db } = await import("../lib/db");
  installDatabase(handle);
  const { loadSessionContext } = await import("../lib/auth/context");
  const { ingestDelivery } = await import("../lib/delivery/ingest");
  const { simulate } = await import("../lib/delivery/simulate");
  try {
    const now = Date.now();
    const to = new Date(Math.floor(now / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - opts.days * 86_400_000);
    const [apps, sites, aggregators] = await Promise.all([
      db.inventoryApp.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
      db.inventorySite.findMany({ select: { id: true }, orderBy: { id: "asc" }, take: 20 }),
      db.aggregator.findMany({ select: { id: true }, orderBy: { id: "asc" } }),
    ]);
    for (const membership of await db.membership.findMany({ where: { role: "RW" }, distinct: ["licenseeId"], orderBy: { id: "asc" } })) {
      const user = await db.user.findUniqueOrThrow({ where: { id: membership.userId } });
      const ctx = await loadSessionContext({ userId: user.id, licenseeId: membership.licenseeId, sessionVersion: user.sessionVersion });
      const strategies = await db.strategy.findMany({
        where: { licenseeId: membership.licenseeId, isArchived: false, active: true },
        orderBy: { id: "asc" },
        take: opts.strategies,
        include: { campaign: { select: { objective: true, dailyAdvSpendBudget: true } } },
      });
      const creatives = await db.creative.findMany({ where: { licenseeId: membership.licenseeId, isArchived: false }, select: { id: true, advertiserId: true, type: true } });
      const rows = simulate(
        strategies.map((s) => {
          const own = creatives.filter((c) => c.advertiserId === s.advertiserId);
          return {
            id: s.id,
            creativeIds: own.map((c) => c.id),
            appIds: apps.map((a) => a.id),
            siteIds: sites.map((x) => x.id),
            aggregatorIds: aggregators.map((a) => a.id),
            startTime: s.startTime,
            endTime: s.endTime,
            pricingType: s.pricingType,
            pricingValue: s.pricingValue.toString(),
            dailyAdvSpendBudget: s.dailyAdvSpendBudget?.toString() ?? s.campaign.dailyAdvSpendBudget?.toString() ?? null,
            appObjective: s.campaign.objective === "MOBILE_APP_INSTALLS" || s.campaign.objective === "MOBILE_APP_ENGAGEMENT",
            video: s.type === "CTV_OTT" || own.some((c) => c.type.includes("VIDEO")),
          };
        }),
        from,
        to,
        opts.seed,
      );
      for (let i = 0; i < rows.length; i += BATCH) {
        const result = await ingestDelivery(ctx, { rows: rows.slice(i, i + BATCH) });
        console.log(JSON.stringify({ simulate: "batch", licenseeId: membership.licenseeId, strategies: strategies.length, ...result }));
      }
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
