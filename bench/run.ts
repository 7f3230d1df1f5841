// npm run bench: the delivery figures of issue #14, measured in one run on an
// isolated database (PostgreSQL when DATABASE_URL names one, else an
// in-memory PGlite), one printed line per figure:
//   (a) the strategy list page 100 sorted by spend, 30 days, Asia/Kolkata,
//       through the app's own module (10,000 strategies, 365 days: ./lists.ts);
//   (b) the same page as one hand-written statement over the hourly rollup;
//   (c) as (a) for 365 days;
//   (d) the CSV export of all 10,000 strategies with metrics;
//   (e) ingestion of one 100,000-row batch through the app's own module
//       (validation, references, upsert, rollup), then the same batch again;
//   (f) 50 concurrent connections for 30 s (autocannon) against the running
//       app's strategy list page of (a), signed in as the user of (a) (./load.ts);
//   (g) the dashboards (home, advertiser analytics, campaign and strategy
//       details) over 365 days of the demo seed (./dashboards.ts);
//   (h) the re-import of an edited strategy export of 10,000 rows: validate,
//       then apply (./reimport.ts; runs alone too).
// `npm run bench -- --only=af` measures some figures only (the list data is
// built for any of a-d and f).
import { performance } from "node:perf_hooks";
import { buildListData, measureHandWritten, measureList, p50p95, setRange, STRATEGIES as LIST_STRATEGIES } from "./lists";
import { benchLoad } from "./load";
import { benchDashboards } from "./dashboards";
import { benchReimport } from "./reimport";

const BATCH_ROWS = 100_000;
const STRATEGIES = 1_000;
const FIGURES = "abcdefgh";

/** The figures asked for: --only=<letters>, else all. */
function figuresAsked(argv: string[]): Set<string> {
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  if (only === undefined) return new Set(FIGURES);
  const asked = new Set(only.toLowerCase());
  const unknown = [...asked].filter((l) => !FIGURES.includes(l));
  if (unknown.length || asked.size === 0) throw new Error(`--only takes letters of ${FIGURES}; got "${only}"`);
  return asked;
}

async function main() {
  const asked = figuresAsked(process.argv.slice(2));
  const wants = (letters: string) => [...letters].some((l) => asked.has(l));
  const url = process.env.DATABASE_URL;
  if (url?.startsWith("postgres")) process.env.TEST_DATABASE_URL = url;
  else delete process.env.TEST_DATABASE_URL;
  const { createTestDatabase } = await import("../tests/helpers/db");
  const { installDatabase, retireDatabase } = await import("../lib/db");

  const handle = await createTestDatabase();
  installDatabase(handle);
  try {
    const engine = process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite";
    if (wants("abcdf")) await benchLists(handle, engine, asked);
    if (wants("e")) await benchIngestion(engine);
    if (wants("f")) await benchLoad(handle, engine);
    if (wants("h")) await benchReimport(engine);
  } finally {
    retireDatabase();
    await handle.close();
  }
  if (!wants("g")) return;
  // (g) on a database of its own, seeded as the demo is.
  const demo = await createTestDatabase();
  installDatabase(demo);
  try {
    await benchDashboards(demo, process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite");
  } finally {
    retireDatabase();
    await demo.close();
  }
}

/** (e): a 100,000-row batch of 1,000 strategies through the app's ingestion, then the same batch again. */
async function benchIngestion(engine: string) {
  const { db } = await import("../lib/db");
  const f = await import("../tests/helpers/factories");
  const { ingestDelivery } = await import("../lib/delivery/ingest");
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
  console.log(`(e) ingestion ${engine}: ${first.rows} rows in ${((t1 - t0) / 1000).toFixed(2)} s (inserted ${first.inserted}, ${first.strategyHours} strategy-hours moved); target <= 10 s`);
  console.log(`(e) replay ${engine}: ${again.rows} rows in ${((t2 - t1) / 1000).toFixed(2)} s (replaced ${again.replaced}); facts stored ${stored}`);
}

async function benchLists(handle: import("../lib/db/connect").DatabaseHandle, engine: string, asked: Set<string>) {
  const { db } = await import("../lib/db");
  const f = await import("../tests/helpers/factories");
  const { loadListExport, loadListView } = await import("../lib/entities/lists");
  const { todayIn } = await import("../lib/user-settings/date-range");
  const { buildCsv } = await import("../lib/list/csv");
  const { ctx, licensee, user } = await f.makeTenant("RW", "benchlists");
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 20, columns: ["impressions", "clicks", "ctr", "revenue", "cost", "margin"] } });
  const t0 = performance.now();
  await buildListData(handle, { licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, userId: user.id });
  console.log(`setup ${engine}: ${LIST_STRATEGIES} strategies, 365 days (7 hourly) built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const today = todayIn("Asia/Kolkata");

  const month = await setRange(handle, user.id, 30, today);
  const page = await loadListView(ctx, "strategy", { sort: "-revenue", page: "100", size: "20" });
  if (page.rows.length !== 20) throw new Error(`the list page has ${page.rows.length} rows`);
  // (a) and (c) read the list's statements each time (the read cache dropped before each run), then as a repeated page is served.
  const list = async (days: number) =>
    `${p50p95(await measureList(ctx, loadListView, "uncached"))} (50 runs, read cache dropped before each);` +
    ` repeated: ${p50p95(await measureList(ctx, loadListView, "cached"))} (served from the read cache); target p95 <= 150 ms (${days} days)`;
  if (asked.has("a")) console.log(`(a) strategy list ${engine}, 30 days Asia/Kolkata, page 100 by spend: ${await list(30)}`);
  if (asked.has("b")) {
    console.log(`(b) hand-written SQL over the hourly rollup ${engine}, same page: ${p50p95(await measureHandWritten(handle, licensee.id, month))} (50 runs; hours exist for 7 of the 30 days)`);
  }
  if (asked.has("c")) {
    await setRange(handle, user.id, 365, today);
    console.log(`(c) strategy list ${engine}, 365 days Asia/Kolkata, page 100 by spend: ${await list(365)}`);
    await setRange(handle, user.id, 30, today);
  }
  if (asked.has("d")) {
    const e0 = performance.now();
    const file = await loadListExport(ctx, "strategy", {});
    const csv = buildCsv(file.header, file.rows);
    console.log(`(d) CSV export ${engine}: ${file.rows.length} strategies with metrics (${(csv.length / 1e6).toFixed(1)} MB) in ${((performance.now() - e0) / 1000).toFixed(2)} s; target <= 3 s`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
