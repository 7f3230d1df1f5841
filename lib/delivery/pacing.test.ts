import { pace, pacingModeOf, type PacingWindow } from "./pacing";

const START = new Date("2030-01-01T00:00:00Z");
const END = new Date("2030-01-11T00:00:00Z"); // 10 days
const at = (days: number) => new Date(START.getTime() + days * 86_400_000);
const even = (spent: string, over: Partial<PacingWindow> = {}): PacingWindow => ({ budget: "1000", spent, start: START, end: END, mode: "EVEN", ...over });

describe("even pacing: spend against the share of the schedule gone by", () => {
  test.each([
    // 4 of 10 days gone: 400 expected; on track within 10%.
    ["400", 4, "ON_TRACK", "400.000000"],
    ["360", 4, "ON_TRACK", "400.000000"], // exactly 0.9: still on track
    ["359.999999", 4, "UNDER", "400.000000"],
    ["440", 4, "ON_TRACK", "400.000000"], // exactly 1.1
    ["440.000001", 4, "OVER", "400.000000"],
    ["1000", 10, "ENDED", "1000.000000"], // spent exactly the budget by the end
    ["899.99", 10, "UNDER", "1000.000000"], // ended below 90%
  ])("spent %s after %s days: %s (expected %s)", (spent, days, status, expected) => {
    expect(pace(even(spent), at(days))).toMatchObject({ status, expected });
  });

  test("spending more than the budget is over at any time; the percentage is exact", () => {
    expect(pace(even("1000.000001"), at(2))).toMatchObject({ status: "OVER", percentOfBudget: "100.00" });
    expect(pace(even("123.456"), at(5))).toMatchObject({ percentOfBudget: "12.35" });
  });

  test("before the start: not started, or over when something was already spent", () => {
    expect(pace(even("0"), at(-1)).status).toBe("NOT_STARTED");
    expect(pace(even("0.01"), at(-1)).status).toBe("OVER");
  });
});

test("ASAP pacing is on track until it passes the budget; no budget is no pacing", () => {
  expect(pace(even("10", { mode: "ASAP" }), at(9))).toMatchObject({ status: "ON_TRACK", expected: "1000.000000" });
  expect(pace(even("1000.01", { mode: "ASAP" }), at(1)).status).toBe("OVER");
  expect(pace(even("10", { budget: null }), at(1))).toMatchObject({ status: "NO_BUDGET", percentOfBudget: null });
  expect(pace(even("10", { end: null }), at(400)).status).toBe("ON_TRACK"); // never ending: only the budget can be passed
});

test("pacing types 1 and 6 are ASAP; the weightage types spread the budget", () => {
  expect([1, 6, 10, 11, null].map(pacingModeOf)).toEqual(["ASAP", "ASAP", "EVEN", "EVEN", "EVEN"]);
});
