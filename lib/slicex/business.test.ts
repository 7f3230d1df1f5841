import { businessPeriods, growthPercent } from "./business";

describe("businessPeriods", () => {
  it("computes margin and each figure's growth over the period before, in period order", () => {
    const periods = businessPeriods([
      { period: "2026-11-09", label: "Week of 2026-11-09", revenue: 150, cost: 120 },
      { period: "2026-11-02", label: "Week of 2026-11-02", revenue: 100, cost: 60 },
    ]);
    expect(periods.map((p) => [p.period, p.marginAmount, p.marginPercent])).toEqual([
      ["2026-11-02", 40, 40],
      ["2026-11-09", 30, 20],
    ]);
    expect(periods[0].growth).toEqual({ revenue: null, cost: null, marginAmount: null });
    expect(periods[1].growth).toEqual({ revenue: 50, cost: 100, marginAmount: -25 });
  });

  it("has no margin without media spend (read-only users) and no growth from zero", () => {
    const [first, second] = businessPeriods([
      { period: "2026-10", label: "Oct", revenue: 0, cost: null },
      { period: "2026-11", label: "Nov", revenue: 10, cost: null },
    ]);
    expect([first.marginAmount, second.marginPercent]).toEqual([null, null]);
    expect(second.growth.revenue).toBeNull();
    expect(growthPercent(-10, -20)).toBe(50);
  });
});
