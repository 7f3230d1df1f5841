// The statistics of an A/B experiment: a two-proportion z-test on
// the experiment's conversion rate (clicks per impression, installs per
// click or conversions per click), arm against control. Pooled standard
// error, two-sided p-value; the confidence shown is 1 - p, and a difference
// below 95 % confidence reads 'not significant yet'. Pure: safe in client
// components and tested against hand-computed values.

/** A rate's two counts: `successes` out of `trials` (clicks out of impressions for CTR). */
export interface Proportion {
  successes: number;
  trials: number;
}

/** The confidence from which a difference counts as significant. */
export const SIGNIFICANT_CONFIDENCE = 0.95;

export interface ZTestResult {
  /** The control's and the arm's rates, as fractions (0.05 for 5 %). */
  rateA: number;
  rateB: number;
  /** rateB - rateA, as a fraction (percentage points / 100). */
  difference: number;
  /** (rateB - rateA) / rateA; null when the control's rate is 0. */
  relativeDifference: number | null;
  z: number;
  /** Two-sided. */
  pValue: number;
  /** 1 - pValue. */
  confidence: number;
  /** confidence >= 95 %. */
  significant: boolean;
}

/**
 * erfc(x) for x >= 0 by the Chebyshev fit of Numerical Recipes (erfcc):
 * relative error below 1.2e-7 everywhere, plenty for a confidence shown to
 * one decimal of a percent.
 */
function erfcNonNegative(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const poly =
    -x * x -
    1.26551223 +
    t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(poly);
}

/** The standard normal distribution function Φ(x). */
export function normalCdf(x: number): number {
  const tail = 0.5 * erfcNonNegative(Math.abs(x) / Math.SQRT2);
  return x >= 0 ? 1 - tail : tail;
}

const valid = (p: Proportion) =>
  Number.isFinite(p.successes) && Number.isFinite(p.trials) && p.trials > 0 && p.successes >= 0 && p.successes <= p.trials;

/**
 * The pooled two-proportion z-test of B against A. Null when it cannot be
 * computed: no trials on one side, counts that are no proportion, or a pooled
 * rate of 0 or 1 (no variance: nothing to tell apart yet).
 */
export function twoProportionZTest(a: Proportion, b: Proportion): ZTestResult | null {
  if (!valid(a) || !valid(b)) return null;
  const rateA = a.successes / a.trials;
  const rateB = b.successes / b.trials;
  const pooled = (a.successes + b.successes) / (a.trials + b.trials);
  const variance = pooled * (1 - pooled) * (1 / a.trials + 1 / b.trials);
  if (!(variance > 0)) return null;
  const z = (rateB - rateA) / Math.sqrt(variance);
  const pValue = Math.min(1, 2 * (1 - normalCdf(Math.abs(z))));
  const confidence = 1 - pValue;
  return {
    rateA,
    rateB,
    difference: rateB - rateA,
    relativeDifference: rateA === 0 ? null : (rateB - rateA) / rateA,
    z,
    pValue,
    confidence,
    significant: confidence >= SIGNIFICANT_CONFIDENCE,
  };
}

/** A confidence as the page shows it: "97.3%" (floored, so 94.96 % never reads as 95.0 %). */
export function confidenceText(confidence: number): string {
  return `${(Math.floor(confidence * 1000) / 10).toFixed(1)}%`;
}

/** The significance column's text: "Significant (97.3% confidence)", "Not significant yet (81.0% confidence)" or "Not enough data". */
export function significanceText(result: ZTestResult | null): string {
  if (!result) return "Not enough data";
  const confidence = confidenceText(result.confidence);
  return result.significant ? `Significant (${confidence} confidence)` : `Not significant yet (${confidence} confidence)`;
}
