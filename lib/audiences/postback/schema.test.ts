import { mmpPostbackSchema, parseEventTime, postbackUrlTemplate, POSTBACK_MESSAGES as M } from "./schema";
import { USER_EVENT_RETENTION_DAYS, userEventCutoff } from "../events/retention-window";

const NOW = new Date("2026-11-27T12:00:00Z");
const IDFA = "6D92078A-8246-4BA4-AE5B-76104861E7DC";
const GOOD = { event: "AF_Purchase", device_id: IDFA, os: "iOS", country: "de", value: "4.99", event_time: "" };

const parse = (input: Record<string, unknown>) => mmpPostbackSchema(NOW).safeParse(input);
const errors = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

test("a full postback: event lower-cased, iOS is 3, country upper-cased, the value kept, no time means now", () => {
  expect(parse(GOOD)).toEqual({
    success: true,
    data: { event: "af_purchase", device_id: IDFA, os: 3, country: "DE", value: "4.99", event_time: NOW.toISOString() },
  });
  expect(parse({ ...GOOD, os: "android", country: "", value: undefined })).toMatchObject({ success: true, data: { os: 4, country: "", value: null } });
});

test("each required parameter, when missing, is named", () => {
  expect(errors({})).toEqual({ event: M.eventRequired, device_id: M.deviceIdRequired, os: M.osRequired });
});

test("bad values are refused on their own field", () => {
  expect(errors({ ...GOOD, event: "x".repeat(65) })).toEqual({ event: M.eventTooLong });
  expect(errors({ ...GOOD, event: "buy\nnow" })).toEqual({ event: M.eventInvalid });
  expect(errors({ ...GOOD, device_id: "user@example.com" })).toEqual({ device_id: M.deviceIdInvalid });
  expect(errors({ ...GOOD, device_id: "00000000-0000-0000-0000-000000000000" })).toEqual({ device_id: M.deviceIdZero });
  expect(errors({ ...GOOD, os: "windows" })).toEqual({ os: M.osInvalid });
  expect(errors({ ...GOOD, country: "DEU" })).toEqual({ country: M.countryInvalid });
  expect(errors({ ...GOOD, value: "-1" })).toEqual({ value: M.valueInvalid });
  expect(errors({ ...GOOD, value: "1e3" })).toEqual({ value: M.valueInvalid });
  expect(errors({ ...GOOD, value: "1000000000.5" })).toEqual({ value: M.valueTooLarge });
  expect(errors({ ...GOOD, event_time: "yesterday" })).toEqual({ event_time: M.eventTimeInvalid });
  expect(errors({ ...GOOD, event_time: "2026-11-27" })).toEqual({ event_time: M.eventTimeInvalid }); // no time, no zone
});

test("an unreplaced macro counts as not sent: optional fields fall back, required ones are missing", () => {
  expect(parse({ ...GOOD, country: "{country_code}", value: "{revenue}", event_time: "{created_at}" })).toMatchObject({
    success: true,
    data: { country: "", value: null, event_time: NOW.toISOString() },
  });
  expect(errors({ ...GOOD, device_id: "{idfa}" })).toEqual({ device_id: M.deviceIdRequired });
});

test("values: plain decimals, JSON numbers, digits past 6 decimals cut, trailing zeros dropped", () => {
  expect(parse({ ...GOOD, value: "0012.3456789" })).toMatchObject({ data: { value: "12.345678" } });
  expect(parse({ ...GOOD, value: 10.5 })).toMatchObject({ data: { value: "10.5" } });
  expect(parse({ ...GOOD, value: "7.000" })).toMatchObject({ data: { value: "7" } });
});

test("event times: Unix seconds and milliseconds, ISO 8601 with a zone, AppsFlyer's spaced UTC form", () => {
  const at = new Date("2026-11-26T08:30:00Z");
  expect(parseEventTime(String(at.getTime() / 1000))).toEqual(at);
  expect(parseEventTime(String(at.getTime()))).toEqual(at);
  expect(parseEventTime("2026-11-26T10:30:00+02:00")).toEqual(at);
  expect(parseEventTime("2026-11-26 08:30:00.000")).toEqual(at);
  expect(parse({ ...GOOD, event_time: at.getTime() / 1000 })).toMatchObject({ data: { event_time: at.toISOString() } });
});

test("event times ahead of the clock (beyond 10 minutes) or past retention are refused", () => {
  expect(errors({ ...GOOD, event_time: new Date(NOW.getTime() + 9 * 60_000).toISOString() })).toEqual({});
  expect(errors({ ...GOOD, event_time: new Date(NOW.getTime() + 11 * 60_000).toISOString() })).toEqual({ event_time: M.eventTimeFuture });
  const cutoff = userEventCutoff(NOW);
  expect(errors({ ...GOOD, event_time: cutoff.toISOString() })).toEqual({});
  expect(errors({ ...GOOD, event_time: new Date(cutoff.getTime() - 1000).toISOString() })).toEqual({ event_time: M.eventTimeTooOld });
  expect(M.eventTimeTooOld).toContain(String(USER_EVENT_RETENTION_DAYS));
});

test("the URL template names every parameter, with the key or its placeholder", () => {
  expect(postbackUrlTemplate("https://console.example.com/", 42)).toBe(
    "https://console.example.com/api/mmp/42?key=YOUR_POSTBACK_KEY&event={EVENT_NAME}&device_id={IDFA_OR_GAID}&os={ios|android}&country={COUNTRY_CODE}&value={REVENUE}&event_time={EVENT_TIME}",
  );
  expect(postbackUrlTemplate("https://c.example", 7, "abc_-1")).toMatch(/^https:\/\/c\.example\/api\/mmp\/7\?key=abc_-1&event=/);
});
