// Two young strategies either side of the optimize rule (business.md 9
// "Optimize enabled at 30 days or 10 conversions", computed by
// lib/optimization/blocking/eligibility.ts on the stored lifetime totals):
// both started a week ago, one with 9 conversions (Optimize disabled, with the
// reason) and one with 10 (enabled). Every blueprint strategy is 30 days old
// or more, so without them the boundary never shows.
//
// They copy a blueprint strategy of Puzzle Peak's re-engagement campaign (its
// settings, creative set, creatives and pixels; a campaign without a lifetime
// budget, whose daily budget its delivery stays far below) and are written
// after every other strategy, so no other strategy's id, and with it its
// simulated delivery, changes. Their delivery is scripted, not simulated: one
// hour a day over the days they ran inside the seeded window, the conversions
// spread over those hours, priced per click like their campaign. They were
// paused today: `npm run simulate` delivers for running strategies only, so
// their counts stay 9 and 10.
import type { Tx } from "../db";
import { Prisma } from "../generated/prisma/client";
import { COUNT_COLUMNS, type CountColumn, type DeliveryRow } from "../delivery/schema";
import { microsToText, runsAt, type SimulatedStrategy } from "../delivery/simulate";
import { addDays, DAY_MS, HOUR_MS } from "../random";
import type { SeededStrategy } from "./entities";

/** The blueprint strategy they copy (lib/seed/blueprints.ts). */
const SOURCE_STRATEGY = "iOS - Lapsed 30 days";
export const BOUNDARY_START_DAYS_AGO = 7;
export const OPTIMIZE_BOUNDARY_STRATEGIES = [
  { name: "iOS - Win-back new, 9 conversions", conversions: 9 },
  { name: "iOS - Win-back new, 10 conversions", conversions: 10 },
] as const;
/** The UTC hour of each day's delivery, or the next one the strategy's day parts allow. */
const PREFERRED_HOUR = 15;

export async function seedOptimizeBoundaryStrategies(tx: Tx, licenseeId: number, today: Date): Promise<SeededStrategy[]> {
  const source = await tx.strategy.findFirstOrThrow({
    where: { licenseeId, name: SOURCE_STRATEGY },
    omit: { id: true, createdAt: true, updatedAt: true, version: true },
    include: { creativeSets: true, creatives: true, pixels: true },
  });
  const { creativeSets, creatives, pixels, inventory, targeting, productFeedTargeting, ...settings } = source;
  const seeded: SeededStrategy[] = [];
  for (const { name, conversions } of OPTIMIZE_BOUNDARY_STRATEGIES) {
    const row = await tx.strategy.create({
      data: {
        ...settings,
        name,
        startTime: addDays(today, -BOUNDARY_START_DAYS_AGO),
        active: false,
        isAbTestStrategy: false,
        inventory: inventory as Prisma.InputJsonValue,
        targeting: targeting as Prisma.InputJsonValue,
        productFeedTargeting: productFeedTargeting === null ? Prisma.DbNull : (productFeedTargeting as Prisma.InputJsonValue),
        creativeSets: { create: creativeSets.map(({ creativeSetId }) => ({ creativeSetId })) },
        creatives: { create: creatives.map(({ creativeId }) => ({ creativeId })) },
        pixels: { create: pixels.map(({ pixelId }) => ({ pixelId })) },
      },
      select: { id: true, name: true, advertiserId: true },
    });
    seeded.push({ ...row, licenseeId, channel: "IOS", stopAt: today, scriptedConversions: conversions });
  }
  return seeded;
}

/** The hours it delivers in: one a day, each whole UTC day of [from, to) inside its schedule that its day parts allow. */
function deliveryHours(s: SimulatedStrategy, from: Date, to: Date): number[] {
  const first = Math.max(from.getTime(), Math.ceil(s.startTime.getTime() / DAY_MS) * DAY_MS);
  const end = Math.min(to.getTime(), s.endTime?.getTime() ?? Infinity);
  const hours: number[] = [];
  for (let day = first; day + DAY_MS <= end; day += DAY_MS) {
    const hour = Array.from({ length: 24 }, (_, h) => day + ((PREFERRED_HOUR + h) % 24) * HOUR_MS).find((ms) => runsAt(s, ms));
    if (hour !== undefined) hours.push(hour);
  }
  return hours;
}

/** Exactly `conversions` conversions (and no installs) over the strategy's days in [from, to); none when it ran on none. */
export function scriptedDelivery(s: SimulatedStrategy, conversions: number, from: Date, to: Date): DeliveryRow[] {
  const hours = deliveryHours(s, from, to);
  const pick = <T>(items: readonly T[], k: number): T | null => (items.length ? items[k % items.length] : null);
  return hours.map((ms, k) => {
    // Spread evenly: the first k days hold floor(k x total / days) of them.
    const converted = Math.floor(((k + 1) * conversions) / hours.length) - Math.floor((k * conversions) / hours.length);
    const impressions = 1_800 + 150 * (k % 5);
    const clicks = Math.round(impressions * 0.012);
    const bidsPlaced = impressions * 4;
    const set: Partial<Record<CountColumn, number>> = {
      eligibleBids: bidsPlaced * 2, bidsPlaced, bidsWon: impressions, impressions, lossOutbid: bidsPlaced - impressions, clicks,
      conversions: converted, clickConversions: converted, appOpens: clicks, reEngagements: converted,
      impressionUniqUsers: Math.floor(impressions * 0.7), userReach: Math.floor(impressions * 0.65), clickUniqUsers: clicks, conversionUniqUsers: converted,
    };
    const counts = Object.fromEntries(COUNT_COLUMNS.map((c) => [c, String(set[c] ?? 0)])) as DeliveryRow["counts"];
    const revenue = Math.round(clicks * Number(s.pricingValue) * 1e6);
    return {
      hour: new Date(ms),
      strategyId: s.id,
      creativeId: pick(s.creativeIds, k)!,
      appId: pick(s.appIds, k),
      siteId: s.appIds.length ? null : pick(s.siteIds, k),
      aggregatorId: pick(s.aggregatorIds, k),
      country: pick(s.countries, k) ?? "",
      device: pick(s.devices, k) ?? "",
      counts,
      amounts: { revenue: microsToText(revenue), cost: microsToText(Math.round(revenue * 0.7)), advRevenue: microsToText(converted * 40 * 1e6) },
    };
  });
}
