// The experiment form's datetime inputs read and write UTC, whatever the browser's zone.
import { fromUtcInput, toUtcInput } from "./utc-time";

test("epoch seconds to a datetime-local value in UTC and back", () => {
  const seconds = Date.UTC(2030, 1, 1, 9, 30) / 1000;
  expect(toUtcInput(seconds)).toBe("2030-02-01T09:30");
  expect(fromUtcInput("2030-02-01T09:30")).toBe(seconds);
  expect(fromUtcInput("2030-02-01T09:30:15")).toBe(seconds + 15);
});

test("no time (blank, -1 for no end, text) is an empty input; an unreadable value is blank", () => {
  expect(toUtcInput(-1)).toBe("");
  expect(toUtcInput("")).toBe("");
  expect(toUtcInput(null)).toBe("");
  expect(fromUtcInput("")).toBe("");
  expect(fromUtcInput("tomorrow")).toBe("");
});
