// The delivery simulator: plausible hourly rows for strategies, in
// the row type ingestion writes (./schema.ts DeliveryRow), so they go through
// the same write path as real delivery: `npm run simulate` sends them to the
// ingestion API's module (./ingest.ts), the demo seed to the layer below its
// validation (./apply.ts). What the strategy is (kind, rates, inventory,
// budgets) comes from ./simulate-inputs.ts; per strategy and UTC hour of its
// schedule in the window:
//   impressions  a base rate by kind (app, web, CTV) x a daily curve peaking in
//                the advertiser's evening x weekend and slow waves x noise
//   outcomes     clicks (CTR), installs and conversions from per-strategy rates,
//                x a per-app quality (a few apps convert far worse), view-through
//                conversions, app opens, re-engagements, SKAN installs, unique users
//   bids         placed = impressions / win rate, eligible above that; wins =
//                impressions; lost bids split into the five loss reasons
//   video        starts and quartiles (falling), skips, for video and CTV
//   spend        Adv Spend (revenue) following the pricing: CPM per 1000
//                impressions, CPC per click, CPA per conversion, CPI per install,
//                Margin: media cost / (1 - margin), Rev share: a share of the
//                advertiser's revenue; media cost = Adv Spend x (1 - margin)
//   budgets      ./simulate-budgets.ts: the hour that reaches a budget is cut to it
//                (cutToBudget); after it, no delivery
// Deterministic: a strategy-hour's numbers come from (seed, strategy, hour) and
// the budget spent before it; where it ran (creative, app or site, aggregator,
// country, device: the natural key) from (strategy, hour) alone, so a run with
// another seed replaces the rows of the hours it covers instead of adding rows.
import { mulberry32 } from "../random";
import { COUNT_COLUMNS, type CountColumn, type DeliveryRow } from "./schema";
import { BudgetLedger, type SpentBefore } from "./simulate-budgets";
import { hashSeed, strategyTraits, type Traits } from "./simulate-traits";

export type { SimulatedBudgets, SimulatedDevice, SimulatedObjective, SimulatedStrategy } from "./simulate-types";
import type { SimulatedStrategy } from "./simulate-types";

export interface SimulationOptions {
  seed: number;
  /** Adv Spend already delivered before the window (decimal text by id), counted against lifetime budgets. */
  spentBefore?: SpentBefore;
}

/** The seed the demo data is generated with, and `npm run simulate`'s default: re-running it reproduces the seeded hours. */
export const DEFAULT_SIMULATION_SEED = 1;

const HOUR_MS = 3_600_000;
const WEEK_HOURS = 168;
/** Salt of the stream that places an hour (its natural key): independent of the seed. */
const PLACEMENT_SALT = 0x51ac3;

export function microsToText(micros: number): string {
  return `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, "0")}`;
}

/** Does the strategy run in this hour (schedule, stop time, daypart)? */
export function runsAt(s: SimulatedStrategy, hourMs: number): boolean {
  if (hourMs < s.startTime.getTime() || (s.endTime && hourMs >= s.endTime.getTime()) || s.creativeIds.length === 0) return false;
  if (s.appIds.length === 0 && s.siteIds.length === 0) return false;
  if (!s.daypart) return true;
  const local = Math.floor(hourMs / HOUR_MS) + Math.round(s.utcOffsetHours);
  // 1970-01-01 00:00 was a Thursday: hour 0 of the epoch is hour 72 of its week.
  return s.daypart[(((local + 72) % WEEK_HOURS) + WEEK_HOURS) % WEEK_HOURS];
}

/** Where the hour ran: one creative, app or site, aggregator, country and device. */
function placement(s: SimulatedStrategy, hourNumber: number) {
  const r = mulberry32(hashSeed(PLACEMENT_SALT, s.id, hourNumber));
  const pick = <T>(items: readonly T[]): T | null => (items.length ? items[Math.floor(r() * items.length)] : null);
  const creativeId = pick(s.creativeIds)!;
  const onApp = s.appIds.length > 0 && (s.siteIds.length === 0 || r() < 0.5);
  const appId = onApp ? pick(s.appIds) : null;
  const siteId = onApp ? null : pick(s.siteIds);
  return { creativeId, appId, siteId, aggregatorId: pick(s.aggregatorIds), country: pick(s.countries) ?? "", device: pick(s.devices) ?? ("" as const) };
}

interface Hour {
  counts: Partial<Record<CountColumn, number>>;
  /** Adv Spend and the advertiser's revenue, in micros (exact whole numbers). */
  revenue: number;
  advRevenue: number;
}

/** The hour's numbers when `scale` of its impressions are bought (1: all it could win). */
function hourNumbers(s: SimulatedStrategy, t: Traits, hourNumber: number, quality: number, seed: number, scale: number): Hour {
  const r = mulberry32(hashSeed(seed, s.id, hourNumber));
  const u = Array.from({ length: 14 }, () => r());
  const day = Math.floor(hourNumber / 24);
  const dayNoise = mulberry32(hashSeed(seed, s.id, day, 7))();
  const hourOfDay = hourNumber % 24;
  const weekend = (day + 3) % 7 >= 5; // day 0 (1970-01-01) was a Thursday
  const curve = 0.35 + 1.75 * Math.pow(0.5 + 0.5 * Math.cos((2 * Math.PI * (hourOfDay - t.peakUtc)) / 24), 2);
  const wave = 1 + 0.12 * Math.sin((2 * Math.PI * day) / 41 + s.id);
  const possible = t.hourlyImpressions * curve * (weekend ? t.weekend : 1) * wave * (0.8 + 0.4 * dayNoise) * (0.85 + 0.3 * u[0]);
  const impressions = Math.floor(possible * scale + u[1]);
  const clicks = Math.floor(impressions * t.ctr * (0.8 + 0.4 * u[2]) + u[3]);
  const installs = Math.floor(clicks * t.installRate * quality * (0.7 + 0.6 * u[4]) + u[5]);
  const clickConversions = Math.floor(clicks * t.convRate * quality * (0.7 + 0.6 * u[6]) + u[7]);
  const viewConversions = Math.floor(impressions * t.viewConvRate + u[8]);
  const conversions = clickConversions + viewConversions;
  const bidsPlaced = impressions + Math.floor(impressions * (1 / t.winRate - 1) * (0.9 + 0.2 * u[9])) + (impressions > 0 ? 1 : 0);
  const eligibleBids = bidsPlaced + Math.floor(bidsPlaced * (1 / t.bidRate - 1) * (0.9 + 0.2 * u[10])) + (bidsPlaced > 0 ? 1 : 0);
  const lost = bidsPlaced - impressions;
  const [belowFloor, outbid, rejected, timeout] = [0.2, 0.6, 0.05, 0.1].map((share) => Math.floor(lost * share));
  const appOpens = Math.floor(installs * 0.8 + clicks * t.openRate + u[11]);
  const impressionUniqUsers = Math.floor(impressions * (0.62 + 0.15 * u[12]));
  const starts = s.video || s.ctv ? Math.floor(impressions * (0.85 + 0.1 * u[13])) : 0;
  const outcomes = installs + conversions;
  const advRevenue = Math.round(outcomes * t.outcomeValue * (0.6 + 0.8 * u[13]) * 1e6);
  const counts: Hour["counts"] = {
    eligibleBids, bidsPlaced, bidsWon: impressions, impressions, clicks,
    lossBelowFloor: belowFloor, lossOutbid: outbid, lossCreativeRejected: rejected, lossTimeout: timeout,
    lossOther: lost - belowFloor - outbid - rejected - timeout,
    invalidClicks: Math.floor(clicks * 0.04 * u[5]),
    installs, conversions, clickConversions, viewConversions, appOpens,
    reEngagements: Math.floor(appOpens * t.reEngageShare + u[9]),
    reInstalls: Math.floor(installs * 0.06 + u[10]),
    skanViewInstalls: s.skad ? Math.floor(installs * 0.08 + u[11]) : 0,
    skanClickInstalls: s.skad ? Math.floor(installs * 0.3 + u[12]) : 0,
    eligibleUniqUsers: Math.floor(eligibleBids * 0.32),
    impressionUniqUsers,
    clickUniqUsers: clicks - Math.floor(clicks * 0.08),
    installUniqUsers: installs - Math.floor(installs * 0.03),
    conversionUniqUsers: conversions - Math.floor(conversions * 0.15),
    appOpenUniqUsers: appOpens - Math.floor(appOpens * 0.35),
    userReach: Math.floor(impressionUniqUsers * 0.93),
    totalUU: Math.floor(eligibleBids * 0.32 * 0.6),
    dailyUU: Math.floor(impressionUniqUsers * 0.85),
    videoStarts: starts,
    videoQ25: Math.floor(starts * 0.85),
    videoQ50: Math.floor(starts * 0.7),
    videoQ75: Math.floor(starts * 0.55),
    videoCompletes: Math.floor(starts * 0.45),
    videoSkips: Math.floor(starts * 0.3),
  };
  return { counts, revenue: Math.round(spend(s, t, counts, advRevenue, u[3]) * 1e6), advRevenue };
}

/** Adv Spend of the hour by the strategy's pricing (a float; rounded to micros by the caller). */
function spend(s: SimulatedStrategy, t: Traits, c: Hour["counts"], advRevenueMicros: number, u: number): number {
  const price = Number(s.pricingValue);
  switch (s.pricingType) {
    case "MARGIN":
      return ((c.impressions! / 1000) * t.mediaCpm * (0.9 + 0.2 * u)) / (1 - t.margin);
    case "CPC":
      return c.clicks! * price;
    case "CPA":
      return c.conversions! * price;
    case "CPI":
      return c.installs! * price;
    case "REV_SHARE":
      return (advRevenueMicros / 1e6) * price;
    default:
      return (c.impressions! / 1000) * price;
  }
}

/**
 * The hour cut to what the budget allows. Priced per click, install or
 * conversion: the least of the hour that reaches the budget, its outcomes
 * billed in full (Adv Spend stays outcomes x price, so the budget is passed by
 * at most the outcomes of one impression). Otherwise (per impression, Margin,
 * Rev share): the share of the impressions the budget buys, spending exactly
 * what was left. Either way the budget is reached and delivery stops there.
 */
function cutToBudget(s: SimulatedStrategy, t: Traits, hourNumber: number, quality: number, seed: number, full: number, allowed: number): Hour | null {
  if (!t.pricedPerOutcome) return { ...hourNumbers(s, t, hourNumber, quality, seed, allowed / full), revenue: allowed };
  let [low, high] = [0, 1];
  for (let i = 0; i < 24; i++) {
    const scale = (low + high) / 2;
    if (hourNumbers(s, t, hourNumber, quality, seed, scale).revenue >= allowed) high = scale;
    else low = scale;
  }
  return hourNumbers(s, t, hourNumber, quality, seed, high);
}

function toRow(s: SimulatedStrategy, t: Traits, hourNumber: number, where: ReturnType<typeof placement>, h: Hour): DeliveryRow {
  const counts = {} as DeliveryRow["counts"];
  for (const c of COUNT_COLUMNS) counts[c] = String(h.counts[c] ?? 0);
  return {
    hour: new Date(hourNumber * HOUR_MS),
    strategyId: s.id,
    ...where,
    counts,
    amounts: { revenue: microsToText(h.revenue), cost: microsToText(Math.round(h.revenue * (1 - t.margin))), advRevenue: microsToText(h.advRevenue) },
  };
}

/**
 * Every row of these strategies for the whole UTC hours of [from, to), hour
 * by hour within each campaign so its strategies share its budgets.
 */
export function simulate(strategies: SimulatedStrategy[], from: Date, to: Date, opts: SimulationOptions): DeliveryRow[] {
  const rows: DeliveryRow[] = [];
  const first = Math.ceil(from.getTime() / HOUR_MS);
  const last = Math.ceil(to.getTime() / HOUR_MS); // exclusive
  const ledger = new BudgetLedger(opts.spentBefore);
  const campaigns = new Map<number, SimulatedStrategy[]>();
  for (const s of [...strategies].sort((a, b) => a.campaignId - b.campaignId || a.id - b.id)) campaigns.set(s.campaignId, [...(campaigns.get(s.campaignId) ?? []), s]);
  for (const group of campaigns.values()) {
    const traits = new Map(group.map((s) => [s.id, strategyTraits(s, opts.seed)]));
    for (let hn = first; hn < last; hn++) {
      for (const s of group) {
        if (!runsAt(s, hn * HOUR_MS)) continue;
        const t = traits.get(s.id)!;
        const where = placement(s, hn);
        const quality = where.appId !== null ? t.appQuality(where.appId) : 1;
        const allowed = ledger.allowed(s, hn);
        if (allowed <= 0) continue; // a budget is spent: no bids, no delivery
        let hour: Hour | null = hourNumbers(s, t, hn, quality, opts.seed, 1);
        if (hour.revenue > allowed) hour = cutToBudget(s, t, hn, quality, opts.seed, hour.revenue, allowed);
        if (!hour || hour.counts.impressions === 0) continue;
        ledger.spend(s, hn, hour.revenue);
        rows.push(toRow(s, t, hn, where, hour));
      }
    }
  }
  return rows;
}

/** A row as the ingestion API takes it (JSON `rows[]`): flat fields, counts as numbers, amounts as text. */
export function toBatchRow(row: DeliveryRow): Record<string, string | number | null> {
  return {
    hour: row.hour.toISOString(),
    strategyId: row.strategyId,
    creativeId: row.creativeId,
    appId: row.appId,
    siteId: row.siteId,
    aggregatorId: row.aggregatorId,
    country: row.country,
    device: row.device,
    ...Object.fromEntries(Object.entries(row.counts).map(([k, v]) => [k, Number(v)])),
    ...row.amounts,
  };
}
