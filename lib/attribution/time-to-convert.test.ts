import { formatDuration, secondsToConvert, TIME_TO_CONVERT_BANDS, timeToConvertBand } from "./time-to-convert";

const at = (iso: string) => new Date(iso);

test("seconds from touch to fire, never negative", () => {
  expect(secondsToConvert(at("2026-03-01T10:00:00Z"), at("2026-03-01T12:30:00Z"))).toBe(9000);
  expect(secondsToConvert(at("2026-03-01T10:00:05Z"), at("2026-03-01T10:00:00Z"))).toBe(0);
});

test.each([
  [0, "Under 1 hour"],
  [3599, "Under 1 hour"],
  [3600, "1 to 6 hours"],
  [6 * 3600 - 1, "1 to 6 hours"],
  [6 * 3600, "6 to 24 hours"],
  [86400, "1 to 3 days"],
  [3 * 86400, "3 to 7 days"],
  [7 * 86400, "7 to 14 days"],
  [14 * 86400, "14 to 30 days"],
  [30 * 86400 - 1, "14 to 30 days"],
  [30 * 86400, "30 days or more"],
  [90 * 86400, "30 days or more"],
])("%i seconds fall in '%s'", (seconds, label) => {
  expect(TIME_TO_CONVERT_BANDS[timeToConvertBand(seconds)].label).toBe(label);
});

test("the bands ascend from 0", () => {
  expect(TIME_TO_CONVERT_BANDS[0].from).toBe(0);
  for (let i = 1; i < TIME_TO_CONVERT_BANDS.length; i++) expect(TIME_TO_CONVERT_BANDS[i].from).toBeGreaterThan(TIME_TO_CONVERT_BANDS[i - 1].from);
});

test("durations read as minutes, hours or days", () => {
  expect(formatDuration(null)).toBe("-");
  expect(formatDuration(45 * 60)).toBe("45 min");
  expect(formatDuration(5.24 * 3600)).toBe("5.2 h");
  expect(formatDuration(3.4 * 86400)).toBe("3.4 days");
});
