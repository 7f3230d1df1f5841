// npm run bench: the delivery figures of issue #14, measured in one run on an
// isolated database (PostgreSQL when DATABASE_URL names one, else an
// in-memory PGlite), one printed line per figure. Figures so far:
//   (e) ingestion of one 100,000-row batch through the app's own module
//       (validation, references, upsert, rollup), then the same batch again
//       (a replay: every row replaced).
// The list and export figures (a)-(d) and the load test (f) come with the
// storage work of the issue; nothing is printed for a figure not measured.
import { performance } from "node:perf_hooks";

const BATCH_ROWS = 100_000;
const STRATEGIES = 1_000;

async function main() {
  const url = process.env.DATABASE_URL;
  if (url?.startsWith("postgres")) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestDatabase } = await import("../tests/helpers/db");
  const { installDatabase, retireDatabase, db } = await import("../lib/db");
  const f = await import("../tests/helpers/factories");
  const { ingestDelivery } = await import("../lib/delivery/ingest");

  const handle = await createTestDatabase();
  installDatabase(handle);
  try {
    const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
    const { ctx, licensee } = await f.makeTenant("RW", "bench");
    const advertiser = await f.makeAdvertiser(licensee.id);
    const campaign = await f.makeCampaign(advertiser);
    const creative = await f.makeCreative(advertiser);
    const strategies = await db.strategy.createManyAndReturn({
      data: Array.from({ length: STRATEGIES }, (_, i) => ({
        licenseeId: licensee.id,
        advertiserId: advertiser.id,
        campaignId: campaign.id,
        name: `Bench strategy ${i + 1}`,
        type: "MULTI_DEVICE" as const,
        startTime: new Date("2026-01-01T00:00:00Z"),
        pricingType: "CPM" as const,
        pricingValue: "1.5",
      })),
      select: { id: true },
    });
    // 100 hours of each strategy, ending at the last whole hour.
    const hours = BATCH_ROWS / STRATEGIES;
    const last = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
    const rows = strategies.flatMap((s, i) =>
      Array.from({ length: hours }, (_, h) => ({
        hour: new Date(last - h * 3_600_000).toISOString(),
        strategyId: s.id,
        creativeId: creative.id,
        country: "IN",
        device: "PHONE",
        impressions: 1000 + ((i * 7 + h) % 500),
        clicks: 10 + (h % 7),
        bidsPlaced: 4000,
        bidsWon: 1000,
        lossOutbid: 2500,
        videoStarts: 500,
        videoQ25: 400,
        revenue: `${(1 + (h % 10) / 10).toFixed(6)}`,
        cost: "0.800000",
      })),
    );

    const t0 = performance.now();
    const first = await ingestDelivery(ctx, { rows });
    const t1 = performance.now();
    const again = await ingestDelivery(ctx, { rows });
    const t2 = performance.now();
    const stored = await db.deliveryHourly.count();
    console.log(`(e) ingestion ${engine}: ${first.rows} rows in ${((t1 - t0) / 1000).toFixed(2)} s (inserted ${first.inserted}, ${first.strategyHours} strategy-hours rebuilt); target <= 10 s`);
    console.log(`(e) replay ${engine}: ${again.rows} rows in ${((t2 - t1) / 1000).toFixed(2)} s (replaced ${again.replaced}); facts stored ${stored}`);
  } finally {
    retireDatabase();
    await handle.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
