import fc from "fast-check";
import { MONEY_METRICS } from "../metrics/rollup";
import { normaliseRow, parseDeliveryRow, parseRowFast } from "./row-parse";
import { COUNT_COLUMNS, DeliveryRowSchema } from "./schema";

const bySchema = (raw: unknown) => {
  const result = DeliveryRowSchema.safeParse(raw);
  return result.success ? normaliseRow(result.data) : null;
};

const jsonRow = {
  hour: "2026-11-24T20:00:00Z",
  strategyId: 12,
  creativeId: 7,
  siteId: 3,
  aggregatorId: 2,
  country: "in",
  device: "phone",
  impressions: 1200,
  clicks: 14,
  bidsPlaced: 4000,
  videoQ25: 0,
  revenue: "1.250000",
  cost: 0.8,
};
// As a CSV reader gives it: every value text, empty cells for none.
const csvRow = { ...Object.fromEntries(Object.entries(jsonRow).map(([k, v]) => [k, String(v)])), appId: "", country: " IN ", device: "", installs: "" };

test("the rows clients send take the fast path and equal what the schema makes of them", () => {
  for (const raw of [jsonRow, csvRow, { ...jsonRow, hour: 1764014400 }, { hour: "2026-11-24T20:00:00-05:00", strategyId: "1", creativeId: "2" }]) {
    const fast = parseRowFast(raw);
    expect(fast).not.toBeNull();
    expect(fast).toEqual(bySchema(raw));
  }
  expect(parseRowFast(jsonRow)).toMatchObject({ country: "IN", device: "PHONE", siteId: 3, appId: null, counts: { impressions: "1200", installs: "0" }, amounts: { cost: "0.8" } });
});

test("forms the fast path does not take are left to the schema, which still parses the good ones", () => {
  const padded = { ...jsonRow, strategyId: " 12", impressions: "0012", clicks: 14.0 };
  expect(parseRowFast(padded)).toBeNull();
  expect(parseDeliveryRow(padded)).toEqual({ row: bySchema(padded) });
  expect(bySchema(padded)).toMatchObject({ strategyId: 12, counts: { impressions: "12", clicks: "14" } });
});

test("a bad row gets the schema's field messages", () => {
  const result = parseDeliveryRow({ ...jsonRow, clicks: -1, appId: 4, hour: "2026-11-24T20:30:00Z" });
  expect("issues" in result && result.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["clicks", "appId", "hour"]));
});

// Values good and bad in every form a field may come in.
const anyValue = fc.oneof(
  fc.constantFrom(undefined, null, "", " ", true, false, 0, -0, 1, -1, 1.5, NaN, Infinity, 2_147_483_647, 2_147_483_648, 1e15, 1e15 - 1, 2 ** 53),
  fc.constantFrom("0", "00", "007", "12", " 12", "12 ", "-3", "1e3", "0x10", "999999999999999", "1000000000000000", "0000000000000001", "1.5", "1.1234567", "1.123456", ".5", "5."),
  fc.constantFrom("in", "IN", " us", "USA", "U1", "phone", "PHONE", " tablet ", "ctv", "desk"),
  fc.constantFrom("2026-11-24T20:00:00Z", "2026-11-24T20:00Z", "2026-11-24T20:00:00.000+05:30", "2026-11-24T20:30:00+05:30", "2026-11-24 20:00:00Z", "2026-11-24T20:00:00", 1764014400, 1764014400.5),
  fc.integer({ min: -5, max: 3_000_000_000 }),
  fc.string({ maxLength: 8 }),
);
const FIELDS = ["hour", "strategyId", "creativeId", "siteId", "appId", "aggregatorId", "country", "device", ...COUNT_COLUMNS, ...MONEY_METRICS, "unknownField"];
const anyRow = fc.record(Object.fromEntries(FIELDS.map((f) => [f, anyValue])), { requiredKeys: [] });
// Mostly good rows with a few fields replaced: exercises acceptance, not only refusal.
const nearlyGoodRow = fc
  .tuple(fc.constantFrom<Record<string, unknown>>(jsonRow, csvRow), fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 3 }))
  .map(([row, changes]) => ({ ...row, ...changes }));

test("whatever the fast path accepts, the schema accepts as the same row", () => {
  let accepted = 0;
  fc.assert(
    fc.property(fc.oneof(anyRow, nearlyGoodRow, nearlyGoodRow), (raw) => {
      const fast = parseRowFast(raw);
      if (fast === null) return;
      accepted++;
      expect(bySchema(raw)).toEqual(fast);
    }),
    { numRuns: 3000 },
  );
  expect(accepted).toBeGreaterThan(100);
});
