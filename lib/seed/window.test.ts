import { SeedError, seedWindow } from "./index";

// The default demo window (90 UTC days ending yesterday) without seeding 90
// days: tests/integration/seed.test.ts checks that the delivery seeded covers
// exactly the window it is given.
describe("seedWindow", () => {
  test("defaults to the 90 UTC days before the start of today", () => {
    const { days, today, from } = seedWindow({ today: new Date("2026-03-15T09:30:00Z") });
    expect(days).toBe(90);
    expect(today.toISOString()).toBe("2026-03-15T00:00:00.000Z");
    expect(from.toISOString()).toBe("2025-12-15T00:00:00.000Z");
  });

  test("cuts days in UTC whatever the instant's own day elsewhere", () => {
    // 23:30 UTC on 14 March is already 15 March in Asia/Kolkata: the window still ends at 14 March 00:00 UTC.
    const { today, from } = seedWindow({ days: 2, today: new Date("2026-03-14T23:30:00Z") });
    expect([from.toISOString(), today.toISOString()]).toEqual(["2026-03-12T00:00:00.000Z", "2026-03-14T00:00:00.000Z"]);
  });

  test.each([-1, 1.5, 3661, Number.NaN])("refuses %p days", (days) => {
    expect(() => seedWindow({ days })).toThrow(SeedError);
  });
});
