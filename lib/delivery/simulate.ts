// The delivery simulator (issue #14): plausible hourly rows for strategies,
// sent through the same ingestion as real delivery (./ingest.ts). For each
// strategy and each UTC hour of its schedule in the window:
//   impressions  a per-strategy base rate x a daily curve (peak in the evening) x noise
//   clicks, installs, conversions from per-strategy rates (installs for app objectives)
//   bids placed = impressions / win rate; wins = impressions; the lost bids split
//                 into below floor, outbid, creative rejected, timeout and other
//   video quartiles for video and CTV strategies (starts, 25/50/75%, completes, skips)
//   spend following the pricing: CPM per 1000 impressions, CPC per click, CPA per
//                 conversion, CPI per install, Margin: advertiser spend = media
//                 cost / (1 - margin), Rev share: a share of the advertiser's revenue;
//                 capped per hour at the daily advertiser spend budget / 24 (even pacing)
//   media cost = advertiser spend x (1 - 30%) for every pricing but Margin
// Deterministic: the numbers of a strategy-hour come from (seed, strategy, hour) alone.
import { createRng, mulberry32 } from "../random";

export interface SimulatedStrategy {
  id: number;
  creativeIds: number[];
  appIds: number[];
  siteIds: number[];
  aggregatorIds: number[];
  startTime: Date;
  endTime: Date | null;
  pricingType: string;
  /** Decimal text; Margin as a fraction (0.3). */
  pricingValue: string;
  /** Decimal text or null (unlimited). */
  dailyAdvSpendBudget: string | null;
  appObjective: boolean;
  video: boolean;
}

export type SimulatedRow = Record<string, string | number | null>;

const HOUR_MS = 3_600_000;
const MEDIA_SHARE = 0.7;
const COUNTRIES = ["US", "IN", "DE", "GB", "BR"];
const DEVICES = ["PHONE", "TABLET", "DESKTOP"];

const money = (v: number) => (Math.round(Math.max(0, v) * 1e6) / 1e6).toFixed(6);
const hashSeed = (...parts: number[]) => parts.reduce((h, p) => (Math.imul(h ^ p, 2654435761) >>> 0) ^ (h >>> 13), 0x9e3779b9) >>> 0;

/** One strategy-hour's row, or null when the strategy does not run in that hour. */
export function simulateHour(s: SimulatedStrategy, hourMs: number, seed: number): SimulatedRow | null {
  if (hourMs < s.startTime.getTime() || (s.endTime && hourMs >= s.endTime.getTime()) || s.creativeIds.length === 0) return null;
  const traits = createRng(hashSeed(seed, s.id)); // the strategy's own rates, the same every hour
  const base = traits.range(80, 900, 0);
  const ctr = traits.range(0.004, 0.02, 5);
  const winRate = traits.range(0.15, 0.45, 3);
  const conv = traits.range(0.02, 0.12, 4);
  const peak = traits.int(17, 22);
  const noise = mulberry32(hashSeed(seed, s.id, Math.floor(hourMs / HOUR_MS)));
  const r = () => noise();
  const hourOfDay = new Date(hourMs).getUTCHours();
  const curve = 0.35 + 1.3 * Math.pow(0.5 + 0.5 * Math.cos((2 * Math.PI * (hourOfDay - peak)) / 24), 2);
  const impressions = Math.floor(base * curve * (0.8 + 0.4 * r()));
  const clicks = Math.floor(impressions * ctr * (0.7 + 0.6 * r()));
  const installs = s.appObjective ? Math.floor(clicks * conv * (0.7 + 0.6 * r())) : 0;
  const conversions = s.appObjective ? Math.floor(installs * 0.3) : Math.floor(clicks * conv * (0.7 + 0.6 * r()));
  const bidsPlaced = Math.ceil(impressions / winRate);
  const lost = bidsPlaced - impressions;
  const [belowFloor, outbid, rejected, timeout] = [0.2, 0.6, 0.05, 0.1].map((share) => Math.floor(lost * share));
  const price = Number(s.pricingValue);
  const advRevenue = (installs + conversions) * (2 + 6 * r());
  let revenue: number;
  let cost = 0;
  switch (s.pricingType) {
    case "MARGIN":
      cost = (impressions / 1000) * (1.5 + r());
      revenue = cost / (1 - Math.min(price, 0.99));
      break;
    case "CPC":
      revenue = clicks * price;
      break;
    case "CPA":
      revenue = conversions * price;
      break;
    case "CPI":
      revenue = installs * price;
      break;
    case "REV_SHARE":
      revenue = advRevenue * price;
      break;
    default:
      revenue = (impressions / 1000) * price;
  }
  const hourlyCap = s.dailyAdvSpendBudget === null ? Infinity : Number(s.dailyAdvSpendBudget) / 24;
  const scale = revenue > hourlyCap ? hourlyCap / revenue : 1;
  revenue *= scale;
  cost = s.pricingType === "MARGIN" ? cost * scale : revenue * MEDIA_SHARE;
  const starts = s.video ? Math.floor(impressions * 0.9) : 0;
  const pickOf = <T>(items: T[]) => (items.length ? items[Math.floor(r() * items.length)] : null);
  const onApp = s.appIds.length > 0 && (s.siteIds.length === 0 || r() < 0.7);
  return {
    hour: new Date(hourMs).toISOString(),
    strategyId: s.id,
    creativeId: pickOf(s.creativeIds),
    appId: onApp ? pickOf(s.appIds) : null,
    siteId: onApp ? null : pickOf(s.siteIds),
    aggregatorId: pickOf(s.aggregatorIds),
    country: COUNTRIES[s.id % COUNTRIES.length],
    device: s.video ? "CTV" : DEVICES[s.id % DEVICES.length],
    eligibleBids: Math.ceil(bidsPlaced * 1.4),
    bidsPlaced,
    bidsWon: impressions,
    lossBelowFloor: belowFloor,
    lossOutbid: outbid,
    lossCreativeRejected: rejected,
    lossTimeout: timeout,
    lossOther: lost - belowFloor - outbid - rejected - timeout,
    impressions,
    clicks,
    installs,
    conversions,
    clickConversions: conversions,
    videoStarts: starts,
    videoQ25: Math.floor(starts * 0.85),
    videoQ50: Math.floor(starts * 0.7),
    videoQ75: Math.floor(starts * 0.55),
    videoCompletes: Math.floor(starts * 0.45),
    videoSkips: Math.floor(starts * 0.3),
    revenue: money(revenue),
    cost: money(cost),
    advRevenue: money(advRevenue),
  };
}

/** Every row of these strategies for the whole UTC hours of [from, to). */
export function simulate(strategies: SimulatedStrategy[], from: Date, to: Date, seed: number): SimulatedRow[] {
  const rows: SimulatedRow[] = [];
  const first = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS;
  for (const s of strategies) {
    for (let h = first; h < to.getTime(); h += HOUR_MS) {
      const row = simulateHour(s, h, seed);
      if (row) rows.push(row);
    }
  }
  return rows;
}
