// The z-test against values computed by hand (pooled standard error, then
// the two-sided tail of the standard normal), e.g. 50/1000 against 70/1000:
// pooled p = 120/2000 = 0.06, se = sqrt(0.06 * 0.94 * (1/1000 + 1/1000)) =
// 0.0106207, z = 0.02 / 0.0106207 = 1.88311, p = 2 * (1 - Φ(1.88311)) = 0.05969.
import { confidenceText, normalCdf, significanceText, twoProportionZTest } from "./significance";

describe("normalCdf", () => {
  test.each([
    [0, 0.5],
    [1, 0.841344746],
    [1.959963985, 0.975],
    [-1.644853627, 0.05],
    [3, 0.998650102],
  ])("Φ(%p) = %p", (x, expected) => {
    expect(normalCdf(x)).toBeCloseTo(expected, 6);
  });
});

describe("twoProportionZTest", () => {
  test("5.0% against 7.0% of 1000 each: z 1.8831, p 0.0597, 94.0% confidence, not significant yet", () => {
    const r = twoProportionZTest({ successes: 50, trials: 1000 }, { successes: 70, trials: 1000 })!;
    expect(r.rateA).toBeCloseTo(0.05, 10);
    expect(r.rateB).toBeCloseTo(0.07, 10);
    expect(r.difference).toBeCloseTo(0.02, 10);
    expect(r.relativeDifference).toBeCloseTo(0.4, 10);
    expect(r.z).toBeCloseTo(1.883109, 5);
    expect(r.pValue).toBeCloseTo(0.059686, 5);
    expect(r.confidence).toBeCloseTo(0.940314, 5);
    expect(r.significant).toBe(false);
    expect(significanceText(r)).toBe("Not significant yet (94.0% confidence)");
  });

  test("5.0% against 8.0% of 1000 each: z 2.7211, p 0.0065, significant at 99.3%", () => {
    const r = twoProportionZTest({ successes: 50, trials: 1000 }, { successes: 80, trials: 1000 })!;
    expect(r.z).toBeCloseTo(2.721095, 5);
    expect(r.pValue).toBeCloseTo(0.006507, 5);
    expect(r.significant).toBe(true);
    expect(significanceText(r)).toBe("Significant (99.3% confidence)");
  });

  test("unequal samples and a worse arm: 30/400 against 20/500 gives z -2.2778, 97.7% confidence", () => {
    const r = twoProportionZTest({ successes: 30, trials: 400 }, { successes: 20, trials: 500 })!;
    expect(r.z).toBeCloseTo(-2.277770, 5);
    expect(r.pValue).toBeCloseTo(0.022740, 5);
    expect(r.difference).toBeCloseTo(-0.035, 10);
    expect(r.significant).toBe(true);
  });

  test("equal rates: z 0, p 1, 0% confidence", () => {
    const r = twoProportionZTest({ successes: 10, trials: 100 }, { successes: 10, trials: 100 })!;
    expect(r.z).toBe(0);
    expect(r.pValue).toBeCloseTo(1, 6);
    expect(r.confidence).toBeCloseTo(0, 6);
    expect(r.significant).toBe(false);
  });

  test("no trials, no successes at all, or counts that are no proportion: no result", () => {
    expect(twoProportionZTest({ successes: 0, trials: 0 }, { successes: 5, trials: 100 })).toBeNull();
    expect(twoProportionZTest({ successes: 0, trials: 100 }, { successes: 0, trials: 100 })).toBeNull();
    expect(twoProportionZTest({ successes: 100, trials: 100 }, { successes: 50, trials: 50 })).toBeNull();
    expect(twoProportionZTest({ successes: 101, trials: 100 }, { successes: 5, trials: 100 })).toBeNull();
    expect(significanceText(null)).toBe("Not enough data");
  });

  test("the confidence is floored to one decimal: 94.99% never reads 95.0%", () => {
    expect(confidenceText(0.94999)).toBe("94.9%");
    expect(confidenceText(0.95)).toBe("95.0%");
  });
});
