// The world npm run bench measures: one licensee with one advertiser whose
// strategies (10,000 at scale 1) each delivered every hour of the 365 UTC days
// before the world's end, one fact per strategy-hour (87.6 M facts at scale 1),
// built the way production ingestion leaves it (./bulk-facts.ts; held to
// lib/delivery/ingest.ts by tests/integration/bench-world.test.ts).
//
// Entities are written through Prisma (they are few); the facts by SQL.
// Everything is deterministic: two empty databases built alike hold the same
// rows with the same ids (the equivalence test relies on it).
import type { PrismaClient } from "../lib/generated/prisma/client";
import { seedDictionaries } from "../lib/seed/dictionaries";

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const UTC_TZ = 805;
export const KOLKATA_TZ = 814;
export const BENCH_EMAIL = "bench.user@bench.example";

export interface WorldSize {
  scale: number;
  strategies: number;
  campaigns: number;
  creatives: number;
  /** Extra dictionary rows beside the seed's few, so inventory reports group over many. */
  sites: number;
  apps: number;
  days: number;
}

/** What --scale means: strategies (and so facts) scaled, a year of hours always. */
export function worldSize(scale: number, days = 365): WorldSize {
  if (!(scale > 0 && scale <= 1)) throw new Error(`--scale must be in (0, 1]; got ${scale}`);
  return {
    scale,
    strategies: Math.max(1, Math.round(10_000 * scale)),
    // 50 strategies a campaign, 2 creatives a strategy out of a shared pool, as a large app advertiser runs.
    campaigns: Math.max(1, Math.round(200 * scale)),
    creatives: Math.max(2, Math.round(400 * scale)),
    sites: Math.max(10, Math.round(1_000 * scale)),
    apps: Math.max(10, Math.round(2_000 * scale)),
    days,
  };
}

export interface WorldIds {
  licenseeId: number;
  userId: number;
  advertiserId: number;
  campaignIds: number[];
  strategyIds: number[];
}

type Db = PrismaClient;

/** The licensee and its user, advertiser, campaigns, creatives and strategies (the delivery comes after: ./bulk-facts.ts). */
export async function buildEntities(prisma: Db, size: WorldSize, end: Date, opts: { referenceData?: boolean } = {}): Promise<WorldIds> {
  // The dictionaries a deployment is prepared with (timezones, geos, presets, the seed's inventory); a test of the facts alone goes without.
  if (opts.referenceData !== false && (await prisma.timezone.count()) === 0) await seedDictionaries(prisma);
  await prisma.aggregator.createMany({ data: ["Bench Exchange A", "Bench Exchange B", "Bench Exchange C"].map((name) => ({ name })) });
  await prisma.inventorySite.createMany({ data: Array.from({ length: size.sites }, (_, i) => ({ name: `Bench site ${i + 1}`, domain: `site${i + 1}.bench.example` })) });
  await prisma.inventoryApp.createMany({
    data: Array.from({ length: size.apps }, (_, i) => ({
      name: `Bench app ${i + 1}`,
      packageName: i % 2 ? `${1_600_000_000 + i}` : `com.bench.app${i + 1}`,
      platform: i % 2 ? ("IOS" as const) : ("ANDROID" as const),
      category: ["Puzzle", "Casual", "News", "Shopping"][i % 4],
    })),
  });
  const licensee = await prisma.licensee.create({
    data: { name: "Bench Media", theme: { create: { subDomain: "bench", pageTitle: "Bench Media", logoLg: "/logo-lg.svg", logoSm: "/logo-sm.svg", favIcon: "/favicon.ico" } } },
  });
  const user = await prisma.user.create({
    data: { email: BENCH_EMAIL, name: "Bench User", memberships: { create: [{ licenseeId: licensee.id, role: "RW", isDefault: true }] } },
  });
  await prisma.userSettings.create({ data: { userId: user.id, timezoneId: KOLKATA_TZ } });
  const advertiser = await prisma.advertiser.create({
    data: {
      licenseeId: licensee.id, name: "Bench Games", domain: "benchgames.example", category: "Games", currencyCode: "USD", language: "en",
      contactEmail: "ads@benchgames.example", contactAddress: "1 Main Street", region: "APAC", androidPhoneBundle: "com.benchgames.app",
      declaredAndroidUrl: "https://play.google.com/store/apps/details?id=com.benchgames.app", mmp: "AppsFlyer", logoUrl: "/brand/default-advertiser-logo.svg",
    },
  });
  const start = new Date(end.getTime() - size.days * DAY_MS);
  const own = { licenseeId: licensee.id, advertiserId: advertiser.id };
  const campaigns = await prisma.campaign.createManyAndReturn({
    data: Array.from({ length: size.campaigns }, (_, i) => ({
      ...own, name: `Campaign ${String(i + 1).padStart(3, "0")}`, objective: i % 3 ? ("MOBILE_APP_INSTALLS" as const) : ("WEBSITE" as const),
      startTime: new Date(start.getTime() - DAY_MS), endTime: new Date(end.getTime() + 90 * DAY_MS), pricingType: "CPM" as const, pricingValue: "2.5",
      currencyCode: "USD", lifetimeBudget: String(500_000 + i * 1_000), dailyBudget: String(5_000 + (i % 10) * 500),
    })),
    select: { id: true },
  });
  const creatives = await prisma.creative.createManyAndReturn({
    data: Array.from({ length: size.creatives }, (_, k) => ({
      ...own, name: `Creative ${k + 1}`, type: k % 3 === 2 ? ("VIDEO" as const) : ("IMAGE" as const), width: k % 2 ? 320 : 300, height: k % 2 ? 480 : 250,
      fileUrl: `https://cdn.bench.example/creative-${k + 1}${k % 3 === 2 ? ".mp4" : ".png"}`,
    })),
    select: { id: true },
  });
  // Strategies in campaign order, 50 to a campaign; budgets and bids vary as a trading desk sets them.
  const per = Math.ceil(size.strategies / size.campaigns);
  const strategyIds: number[] = [];
  for (let from = 0; from < size.strategies; from += 2_000) {
    const rows = await prisma.strategy.createManyAndReturn({
      data: Array.from({ length: Math.min(2_000, size.strategies - from) }, (_, j) => {
        const i = from + j;
        return {
          ...own, campaignId: campaigns[Math.floor(i / per)].id, name: `Strategy ${String(i + 1).padStart(5, "0")}`,
          type: i % 10 === 9 ? ("CTV_OTT" as const) : ("MULTI_DEVICE" as const), startTime: new Date(start.getTime() - DAY_MS),
          endTime: i % 4 === 0 ? null : new Date(end.getTime() + 60 * DAY_MS), pricingType: "CPM" as const, pricingValue: (1 + (i % 40) / 10).toFixed(2),
          budgetValue: i % 3 === 0 ? null : String(20_000 + (i % 50) * 1_000), dailyAdvSpendBudget: i % 2 ? String(80 + (i % 20) * 10) : null,
          pacingTypeId: i % 2 ? 6 : 1, bidCapMax: (3 + (i % 7)).toFixed(2), fcapFrequency: 3, fcapInterval: 24, campaignFcap: false,
        };
      }),
      select: { id: true },
    });
    strategyIds.push(...rows.map((r) => r.id));
  }
  // Each strategy serves the two creatives the facts name (factsSelect: creative index 2i and 2i+1 of the pool).
  await prisma.strategyCreative.createMany({
    data: strategyIds.flatMap((id, i) => [0, 1].map((k) => ({ strategyId: id, creativeId: creatives[(2 * i + k) % creatives.length].id }))),
    skipDuplicates: true,
  });
  return { licenseeId: licensee.id, userId: user.id, advertiserId: advertiser.id, campaignIds: campaigns.map((c) => c.id), strategyIds };
}

/** The world's ids, found again in a database built earlier. */
export async function findWorld(prisma: Db): Promise<WorldIds> {
  const user = await prisma.user.findUniqueOrThrow({ where: { email: BENCH_EMAIL }, include: { memberships: true } });
  const licenseeId = user.memberships[0].licenseeId;
  const advertiser = await prisma.advertiser.findFirstOrThrow({ where: { licenseeId }, orderBy: { id: "asc" } });
  const campaigns = await prisma.campaign.findMany({ where: { advertiserId: advertiser.id }, orderBy: { id: "asc" }, select: { id: true } });
  const strategies = await prisma.strategy.findMany({ where: { advertiserId: advertiser.id }, orderBy: { id: "asc" }, select: { id: true } });
  return { licenseeId, userId: user.id, advertiserId: advertiser.id, campaignIds: campaigns.map((c) => c.id), strategyIds: strategies.map((s) => s.id) };
}
