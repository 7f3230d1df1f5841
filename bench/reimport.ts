// Figure (h) of npm run bench: the re-import of an edited strategy export
// (lib/strategies/transfer) with 10,000 rows, every bid changed: validating
// the file (read, every row merged and parsed by the strategy schema, the
// preview) and applying it (validated again in the transaction, one UPDATE
// per chunk, one activity row per strategy). Target: both within 15 s on
// PostgreSQL. Alone: DATABASE_URL=postgres://... npx tsx --require
// ./scripts/server-only-stub.cjs bench/reimport.ts
import { performance } from "node:perf_hooks";

const STRATEGIES = 10_000;

/** On the database installed by the caller (bench/run.ts or main below). */
export async function benchReimport(engine: string): Promise<void> {
  const { db } = await import("../lib/db");
  const f = await import("../tests/helpers/factories");
  const { loadExportTable } = await import("../lib/strategies/transfer/export");
  const { readTransferFile, writeTransferFile } = await import("../lib/strategies/transfer/file");
  const { importStrategies } = await import("../lib/strategies/transfer/import");
  const { scopeOf } = await import("../lib/data/scope");
  const { mapFileRows } = await import("../lib/strategies/transfer/rows");
  const { ctx, licensee } = await f.makeTenant("RW", "benchreimport");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  await db.strategy.createMany({
    data: Array.from({ length: STRATEGIES }, (_, i) => ({
      licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, name: `Reimport strategy ${i + 1}`,
      type: "MULTI_DEVICE" as const, startTime: new Date("2026-01-01T00:00:00Z"), pricingType: "CPM" as const, pricingValue: "1.5",
    })),
  });
  const { header, rows } = await loadExportTable(ctx, { campaignIds: [campaign.id], from: "2026-11-01", to: "2026-11-25", format: "csv" });
  const bid = header.indexOf("Bid Price (editable)");
  for (const r of rows) r[bid] = "2.25";
  const file = await writeTransferFile("csv", header, rows);

  const t0 = performance.now();
  const scope = scopeOf(ctx);
  const preview = await importStrategies(scope, { ...mapFileRows(await readTransferFile(file)), dryRun: true });
  const t1 = performance.now();
  const applied = await importStrategies(scope, { ...mapFileRows(await readTransferFile(file)), dryRun: false });
  const t2 = performance.now();
  if (preview.changed.length !== STRATEGIES || !applied.applied) throw new Error(`re-import: ${preview.changed.length} changes, applied ${applied.applied}`);
  const logs = await db.activityLog.count({ where: { licenseeId: licensee.id, action: "UPDATE" } });
  console.log(
    `(h) re-import of ${STRATEGIES.toLocaleString("en-US")} strategies ${engine}: validate ${((t1 - t0) / 1000).toFixed(2)} s, apply ${((t2 - t1) / 1000).toFixed(2)} s ` +
      `(${logs} activity rows); target <= 15 s each`,
  );
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith("postgres")) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestDatabase } = await import("../tests/helpers/db");
  const { installDatabase, retireDatabase } = await import("../lib/db");
  const handle = await createTestDatabase();
  installDatabase(handle);
  try {
    await benchReimport(process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite");
  } finally {
    retireDatabase();
    await handle.close();
  }
}

if (process.argv[1]?.endsWith("reimport.ts")) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
