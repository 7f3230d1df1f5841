// A simulated strategy's own rates (./simulate.ts): drawn once from (seed,
// strategy) and the kind of strategy it is, the same every hour.
import { createRng, mulberry32 } from "../random";
import type { SimulatedStrategy } from "./simulate-types";

export interface Traits {
  /** Mean impressions an hour it could win, before the daily curve and noise. */
  hourlyImpressions: number;
  ctr: number;
  /** Installs and click conversions per click. */
  installRate: number;
  convRate: number;
  /** View-through conversions per impression. */
  viewConvRate: number;
  /** App opens per click, and the share of opens that are re-engagements. */
  openRate: number;
  reEngageShare: number;
  winRate: number;
  /** Placed bids per eligible bid request. */
  bidRate: number;
  /** UTC hour of the daily peak (about 20:00 at the advertiser). */
  peakUtc: number;
  /** Weekend traffic against weekdays. */
  weekend: number;
  /** Share of Adv Spend kept as margin: media cost = Adv Spend x (1 - margin). */
  margin: number;
  /** Media cost per 1000 impressions (Margin pricing). */
  mediaCpm: number;
  /** The advertiser's revenue per install or conversion, set so its ROI lands near 1.3-3.2. */
  outcomeValue: number;
  /** Priced per click, install or conversion (CPC, CPI, CPA). */
  pricedPerOutcome: boolean;
  /** How well an app converts for this strategy (1: as usual; a few apps far worse). */
  appQuality(appId: number): number;
}

/** A 32-bit seed from whole numbers (seed, strategy, hour, ...). */
export const hashSeed = (...parts: number[]) => parts.reduce((h, p) => (Math.imul(h ^ p, 2654435761) >>> 0) ^ (h >>> 13), 0x9e3779b9) >>> 0;

export function strategyTraits(s: SimulatedStrategy, seed: number): Traits {
  const rng = createRng(hashSeed(seed, s.id));
  const installsObjective = s.objective === "MOBILE_APP_INSTALLS";
  const engagement = s.objective === "MOBILE_APP_ENGAGEMENT";
  const onApps = s.appIds.length > 0 && !s.ctv;
  const hourlyImpressions = s.ctv ? rng.range(120, 380) : onApps ? rng.range(600, 2500) : rng.range(500, 1900);
  const ctr = s.ctv ? rng.range(0.002, 0.004, 5) : rng.range(0.005, 0.02, 5);
  const installRate = installsObjective ? rng.range(0.08, 0.2) : engagement ? rng.range(0.005, 0.02) : onApps ? 0.01 : 0;
  const convRate =
    s.objective === "WEBSITE" ? rng.range(0.03, 0.08) : engagement ? rng.range(0.05, 0.12) : installsObjective ? rng.range(0.02, 0.05) : rng.range(0.002, 0.01);
  const viewConvRate = rng.range(0.00002, 0.0001, 6);
  const margin = s.pricingType === "MARGIN" ? Math.min(Math.max(Number(s.pricingValue), 0), 0.99) : rng.range(0.18, 0.38, 2);
  const mediaCpm = s.ctv ? rng.range(10, 18, 2) : rng.range(1.2, 3.5, 2);
  const roi = rng.range(1.3, 3.2, 2);
  const price = Number(s.pricingValue);
  const outcomesPerImpression = ctr * (installRate + convRate) + viewConvRate;
  // Adv Spend per impression under the pricing, for the advertiser's ROI.
  const spendPerImpression =
    s.pricingType === "CPC" ? ctr * price
    : s.pricingType === "CPI" ? ctr * installRate * price
    : s.pricingType === "CPA" ? outcomesPerImpression * price
    : s.pricingType === "MARGIN" ? mediaCpm / 1000 / (1 - margin)
    : s.pricingType === "REV_SHARE" ? 0
    : price / 1000;
  const outcomeValue = spendPerImpression > 0 ? (roi * spendPerImpression) / outcomesPerImpression : rng.range(2, 8, 2);
  return {
    hourlyImpressions,
    ctr,
    installRate,
    convRate,
    viewConvRate,
    openRate: engagement ? rng.range(0.3, 0.5) : onApps ? 0.02 : 0,
    reEngageShare: engagement ? 0.6 : 0,
    winRate: rng.range(0.12, 0.35),
    bidRate: rng.range(0.35, 0.6),
    peakUtc: (((rng.int(19, 21) - Math.round(s.utcOffsetHours)) % 24) + 24) % 24,
    weekend: rng.range(0.75, 1.3, 2),
    margin,
    mediaCpm,
    outcomeValue,
    pricedPerOutcome: ["CPC", "CPI", "CPA"].includes(s.pricingType),
    appQuality(appId) {
      const r = mulberry32(hashSeed(seed, s.id, appId, 11));
      // One app in five converts at a fifth to a third of the usual rate.
      return r() < 0.2 ? 0.2 + 0.15 * r() : 0.85 + 0.3 * r();
    },
  };
}
