import { epochToInput, formatScheduleTime, inputToEpoch } from "./schedule-zone";

const zone = (iana: string) => ({ iana, name: iana });
const utc = (...p: [number, number, number, number, number]) => Date.UTC(...p) / 1000;

test("a half-hour zone: the wall clock of Kolkata both ways", () => {
  const kolkata = zone("Asia/Kolkata");
  expect(inputToEpoch("2030-01-31T09:30", kolkata)).toBe(utc(2030, 0, 31, 4, 0));
  expect(epochToInput(utc(2030, 0, 31, 4, 0), kolkata)).toBe("2030-01-31T09:30");
  expect(formatScheduleTime("2030-01-31T04:00:00.000Z", kolkata)).toBe("31 Jan 2030 09:30");
});

test("daylight saving: New York is UTC-5 in January and UTC-4 in July", () => {
  const ny = zone("America/New_York");
  expect(inputToEpoch("2030-01-15T12:00", ny)).toBe(utc(2030, 0, 15, 17, 0));
  expect(inputToEpoch("2030-07-15T12:00", ny)).toBe(utc(2030, 6, 15, 16, 0));
  expect(epochToInput(utc(2030, 6, 15, 16, 0), ny)).toBe("2030-07-15T12:00");
});

test("empty, malformed and sentinel values give no time", () => {
  expect(inputToEpoch("", zone("UTC"))).toBe("");
  expect(inputToEpoch("31/01/2030 09:30", zone("UTC"))).toBe("");
  expect(epochToInput(-1, zone("UTC"))).toBe("");
  expect(epochToInput(null, zone("UTC"))).toBe("");
  expect(formatScheduleTime("not a time", zone("UTC"))).toBe("-");
});
