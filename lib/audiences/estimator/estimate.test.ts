// The estimator's arithmetic on hand-made numbers, and its input's limits and messages.
import { estimate, goalRate } from "./estimate";
import { EstimateInputSchema, ESTIMATOR_MESSAGES as M } from "./schema";

const basis = { reachedUsers: 1000, goalUsers: 10, from: "2026-10-21", to: "2026-11-19" };

test("the rate is goal users over reached users; none without delivery", () => {
  expect(goalRate(basis)).toBe(0.01);
  expect(goalRate({ reachedUsers: 0, goalUsers: 0 })).toBeNull();
});

test("expected = each day's reach × rate, added up; per audience with its own reach", () => {
  const e = estimate({
    advertiserId: 1,
    goal: "INSTALL",
    days: ["2026-11-20", "2026-11-21", "2026-11-22"],
    reachByDay: [300, 200, 100],
    audiences: [{ id: 7, name: "Buyers", byDay: [200, 200, 0] }],
    basis,
  });
  expect(e.reach).toBe(300);
  expect(e.rate).toBe(0.01);
  expect(e.expected).toBeCloseTo(6, 10); // (300 + 200 + 100) × 1 %
  expect(e.days).toEqual([
    { day: "2026-11-20", reach: 300, expected: 3 },
    { day: "2026-11-21", reach: 200, expected: 2 },
    { day: "2026-11-22", reach: 100, expected: 1 },
  ]);
  expect(e.byAudience).toEqual([{ id: 7, name: "Buyers", reach: 200, expected: 4 }]);
});

test("without delivery only the reach is estimated", () => {
  const e = estimate({ advertiserId: 1, goal: "CLICK", days: ["2026-11-20"], reachByDay: [5], audiences: [{ id: 7, name: "A", byDay: [5] }], basis: { ...basis, reachedUsers: 0, goalUsers: 0 } });
  expect(e).toMatchObject({ reach: 5, rate: null, expected: null, days: [{ reach: 5, expected: null }], byAudience: [{ reach: 5, expected: null }] });
});

describe("selection limits", () => {
  const errors = (input: unknown) => {
    const r = EstimateInputSchema.safeParse(input);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
  };
  const base = { advertiserId: 1, targetIds: [2], blockedIds: [], goal: "INSTALL" };
  test("1 to 5 targets, up to 5 blocks, never both, one goal", () => {
    expect(errors(base)).toEqual({});
    expect(errors({ ...base, targetIds: [] })).toEqual({ targetIds: M.targetsRequired });
    expect(errors({ ...base, targetIds: [1, 2, 3, 4, 5, 6] })).toEqual({ targetIds: M.tooManyTargets });
    expect(errors({ ...base, blockedIds: [11, 12, 13, 14, 15, 16] })).toEqual({ blockedIds: M.tooManyBlocked });
    expect(errors({ ...base, blockedIds: [2] })).toEqual({ blockedIds: M.targetAndBlocked });
    expect(errors({ ...base, goal: "SALE" })).toEqual({ goal: M.goalRequired });
    // The same audience twice counts once.
    expect(EstimateInputSchema.parse({ ...base, targetIds: ["2", 2, 3] })).toMatchObject({ targetIds: [2, 3], blockedIds: [] });
  });
});
