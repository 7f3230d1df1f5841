import { METRICS } from "./catalogue";
import { baseColumnsOf, computeMetrics, sumColumnOf, type BaseSums } from "./formulas";

const ALL = METRICS.map((m) => m.id);

// Hand-made sums and the values worked out on paper.
const sums: BaseSums = {
  impressions: 2000n,
  clicks: "50",
  installs: 4,
  conversions: "6",
  appOpens: "8",
  reEngagements: "2",
  revenue: "30.000000",
  cost: "21.000000",
  advRevenue: "45.500000",
  skanViewInstalls: "3",
  skanClickInstalls: "2",
  invalidClicks: "7",
  totalUU: "120",
};

describe("metric formulas", () => {
  const v = computeMetrics(sums, ALL);

  test.each([
    ["ctr", 2.5], // 50 / 2000 x 100
    ["ctc", 20], // (4 + 6) / 50 x 100
    ["cvr", 12], // 6 / 50 x 100
    ["iti", 500], // 2000 / 4
    ["ecpm", 10.5], // 21 / 2000 x 1000
    ["ecpc", 0.42], // 21 / 50
    ["ecpi", 5.25], // 21 / 4
    ["ecpa", 3.5], // 21 / 6
    ["ecpo", 2.625], // 21 / 8
    ["erpm", 15], // 30 / 2000 x 1000
    ["erpc", 0.6],
    ["erpi", 7.5],
    ["erpa", 5],
    ["erpo", 3.75],
    ["margin", 30], // (30 - 21) / 30 x 100
    ["rpr", 2.5], // 30 / (4 + 6 + 2)
    ["cpr", 1.75], // 21 / 12
    ["totalSkanInstalls", 5], // 3 + 2
    ["revenue", 30],
    ["cost", 21],
    ["advRevenue", 45.5],
    ["appopen", 8], // id appopen sums column appOpens
    ["impressions", 2000],
    ["invalidClicks", 7],
    ["totalUU", 120],
  ])("%s = %p", (id, expected) => {
    expect(v[id]).toBe(expected);
  });

  test("roi = advRevenue / revenue", () => {
    expect(v.roi).toBeCloseTo(45.5 / 30, 12);
  });

  test("sums that were not delivered are 0", () => {
    expect(v.reInstalls).toBe(0);
    expect(v.dailyUU).toBe(0);
  });

  test("arithmetic is decimal: 7 / 100 x 100 is exactly 7 (float gives 7.000000000000001)", () => {
    expect(computeMetrics({ clicks: "7", impressions: "100" }, ["ctr"]).ctr).toBe(7);
    expect(computeMetrics({ revenue: "0.3", cost: "0.1" }, ["cost", "revenue"])).toEqual({ cost: 0.1, revenue: 0.3 });
    expect(computeMetrics({ cost: "0.3", impressions: "3" }, ["ecpm"]).ecpm).toBe(100);
  });

  test("division by zero is null for every ratio", () => {
    const zero = computeMetrics({}, ALL);
    for (const id of ["ctr", "ctc", "cvr", "iti", "ecpm", "ecpc", "ecpi", "ecpa", "ecpo", "erpm", "erpc", "erpi", "erpa", "erpo", "roi", "margin", "rpr", "cpr"]) {
      expect([id, zero[id]]).toEqual([id, null]);
    }
    expect(zero.impressions).toBe(0);
    expect(zero.totalSkanInstalls).toBe(0);
  });

  test("cost without revenue: margin is null, not -Infinity; revenue without cost: margin is 100", () => {
    expect(computeMetrics({ cost: "5" }, ["margin"]).margin).toBeNull();
    expect(computeMetrics({ revenue: "5" }, ["margin"]).margin).toBe(100);
    expect(computeMetrics({ revenue: "10", cost: "12" }, ["margin"]).margin).toBe(-20);
  });

  test("only the requested ids are returned", () => {
    expect(Object.keys(computeMetrics(sums, ["ctr", "clicks"]))).toEqual(["ctr", "clicks"]);
  });

  test("every catalogue metric is either a formula or a rollup column", () => {
    for (const id of ALL) {
      const col = sumColumnOf(id);
      if (col) expect(Object.keys(computeMetrics({ [col]: "1" }, [id]))).toEqual([id]);
      expect(computeMetrics(sums, [id])[id]).not.toBeNull();
    }
  });
});

describe("baseColumnsOf: what a statement must sum for some metrics", () => {
  test("formulas bring their columns, summed metrics their own, each once, in catalogue order", () => {
    expect(baseColumnsOf(["margin", "ctr"])).toEqual(["impressions", "clicks", "revenue", "cost"]);
    expect(baseColumnsOf(["ecpm", "cost", "impressions"])).toEqual(["impressions", "cost"]);
    expect(baseColumnsOf([])).toEqual([]);
    expect(baseColumnsOf(["no-such-metric"])).toEqual([]);
  });

  test("computing the metrics from those columns alone gives what all columns give", () => {
    const all: BaseSums = { impressions: 1000, clicks: 7, revenue: "12.5", cost: "3.25", installs: 4, conversions: 2 };
    for (const ids of [["margin", "ctr"], ["ecpm", "cpc", "cpi"], METRICS.map((m) => m.id)]) {
      const only = Object.fromEntries(baseColumnsOf(ids).map((c) => [c, all[c] ?? 0])) as BaseSums;
      expect(computeMetrics(only, ids)).toEqual(computeMetrics(all, ids));
    }
  });
});
