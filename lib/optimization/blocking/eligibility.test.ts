import { INELIGIBLE_MESSAGE, optimizeEligibility } from "./eligibility";

const now = new Date("2026-11-26T12:00:00Z");
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

describe("optimize eligibility (business.md 4)", () => {
  it("is eligible at 30 days old", () => {
    expect(optimizeEligibility({ startTime: daysAgo(30), now, installs: 0, conversions: 0 })).toMatchObject({ eligible: true, reason: null, ageDays: 30 });
  });

  it("is eligible with 10 installs and conversions together", () => {
    expect(optimizeEligibility({ startTime: daysAgo(2), now, installs: 6, conversions: 4 })).toMatchObject({ eligible: true, results: 10 });
  });

  it("is not eligible younger than 30 days with fewer than 10 results, and says why", () => {
    const e = optimizeEligibility({ startTime: daysAgo(29.9), now, installs: 5, conversions: 4 });
    expect(e.eligible).toBe(false);
    expect(e.reason).toContain(INELIGIBLE_MESSAGE);
    expect(e.reason).toContain("29 days with 9 installs/conversions");
  });

  it("at the boundary: 9 results disabled and 10 enabled under 30 days; 29 days disabled and 30 enabled without results", () => {
    const young = daysAgo(29);
    expect(optimizeEligibility({ startTime: young, now, installs: 0, conversions: 9 })).toMatchObject({ eligible: false, results: 9, ageDays: 29 });
    expect(optimizeEligibility({ startTime: young, now, installs: 0, conversions: 10 })).toMatchObject({ eligible: true, reason: null, results: 10 });
    expect(optimizeEligibility({ startTime: daysAgo(29), now, installs: 0, conversions: 0 }).eligible).toBe(false);
    expect(optimizeEligibility({ startTime: daysAgo(30), now, installs: 0, conversions: 0 }).eligible).toBe(true);
    // A millisecond short of 30 days is still 29 days old.
    expect(optimizeEligibility({ startTime: new Date(daysAgo(30).getTime() + 1), now, installs: 0, conversions: 0 })).toMatchObject({ eligible: false, ageDays: 29 });
  });

  it("counts a strategy that has not started as 0 days old", () => {
    expect(optimizeEligibility({ startTime: daysAgo(-5), now, installs: 0, conversions: 0 })).toMatchObject({ eligible: false, ageDays: 0 });
  });
});
