// Preset validation (shell.md 5 "Preferences"): the schema the form and the server share.
import { presetSchema, PRESET_MESSAGES } from "./schema";

const valid = { name: "My view", rowLimit: 50, timezoneId: 805, columns: ["impressions", "clicks"] };

function errorsOf(input: unknown, opts: Parameters<typeof presetSchema>[0] = { role: "RW", takenNames: [] }) {
  const r = presetSchema(opts).safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
}

test("a valid preset passes and its name is trimmed", () => {
  const r = presetSchema({ role: "RW", takenNames: [] }).parse({ ...valid, name: "  My view  " });
  expect(r).toEqual({ ...valid, name: "My view" });
});

test("name is 4 to 25 characters", () => {
  expect(errorsOf({ ...valid, name: "abc" })).toEqual({ name: PRESET_MESSAGES.nameLength });
  expect(errorsOf({ ...valid, name: "abcd" })).toEqual({});
  expect(errorsOf({ ...valid, name: "x".repeat(25) })).toEqual({});
  expect(errorsOf({ ...valid, name: "x".repeat(26) })).toEqual({ name: PRESET_MESSAGES.nameLength });
  expect(errorsOf({ ...valid, name: "   " })).toEqual({ name: PRESET_MESSAGES.nameRequired });
});

test("name must differ from every listed preset, system ones included, ignoring case", () => {
  const opts = { role: "RW" as const, takenNames: ["Default", "Mine"] };
  expect(errorsOf({ ...valid, name: "default" }, opts)).toEqual({ name: "Preference with name default already exists" });
  expect(errorsOf({ ...valid, name: "Mine" }, opts)).toEqual({ name: "Preference with name Mine already exists" });
  // Editing "Mine": the caller leaves its own name out of takenNames.
  expect(errorsOf({ ...valid, name: "Mine" }, { role: "RW", takenNames: ["Default"] })).toEqual({});
});

test("at least one grid metric", () => {
  expect(errorsOf({ ...valid, columns: [] })).toEqual({ columns: "Please select atleast 1 Grid metric" });
});

test("read-only users cannot pick metrics not flagged for them; others can", () => {
  const withCost = { ...valid, columns: ["impressions", "cost"] };
  expect(errorsOf(withCost, { role: "RO", takenNames: [] })).toEqual({ columns: PRESET_MESSAGES.metricsForbidden });
  expect(errorsOf(withCost, { role: "RW", takenNames: [] })).toEqual({});
  expect(errorsOf({ ...valid, columns: ["pricingType"] }, { role: "RO", takenNames: [] })).toEqual({ columns: PRESET_MESSAGES.metricsForbidden });
});

test("unknown metric ids and row limits outside the offered ones are refused", () => {
  expect(errorsOf({ ...valid, columns: ["impressions", "nonsense"] })).toEqual({ columns: PRESET_MESSAGES.metricsForbidden });
  expect(errorsOf({ ...valid, rowLimit: 33 })).toEqual({ rowLimit: PRESET_MESSAGES.rowLimit });
});
