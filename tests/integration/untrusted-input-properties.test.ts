// Property tests of the other doors untrusted input comes through: the input
// schema of every action built with defineAction, fieldErrorsOf over any
// issue paths, and the parse helpers of stored or sent values. Random and
// hostile input never makes them throw (or only their own, expected errors),
// a refusal carries a message for every problem, and Object.prototype stays
// intact. The input schemas themselves: schema-properties.test.ts.
import fc from "fast-check";
import { z } from "zod";
import { parseBulkIds } from "@/lib/entities/bulk";
import { parseListUrlState } from "@/lib/list/url-state";
import { parseStoredDateRange } from "@/lib/user-settings/date-range";
import { parseStoredParams } from "@/lib/click-destinations/schema";
import { dynamicVideoFormValues } from "@/lib/advertisers/dynamic-video";
import { parseStrategyInventory, parseStrategyTargeting, StrategyJsonError } from "@/lib/strategies/schema";
import { isGateError } from "@/lib/errors";
import { definedActions } from "@/lib/actions/define-action";
import { ANYTHING, check, expectPrototypeIntact, expectReadableRefusal, expectRefusedBeside, HOSTILE, HOSTILE_IN_FIELD, UNSTORABLE_TEXT, withValue } from "../helpers/hostile-input";
import { discoverCallables } from "../security/discover";

describe("the input schema of every action built with defineAction", () => {
  test("takes every hostile value, whole and in each of its fields, without throwing; a NUL or a lone surrogate in a field is refused beside it", async () => {
    await discoverCallables(); // loads every "use server" module, so every defineAction() has run
    for (const [name, definition] of definedActions()) {
      const schema = definition.input as z.ZodType;
      const shape = (schema as { shape?: Record<string, z.ZodType> }).shape ?? {};
      const fields = Object.keys(shape);
      for (const [hostileName, value] of HOSTILE) check(schema, value, `action ${name} given ${hostileName}`);
      for (const [hostileName, value] of HOSTILE_IN_FIELD) {
        for (const field of fields) check(schema, withValue({}, [field], value), `action ${name} given ${hostileName} in ${field}`);
      }
      // Each field alone (the others would be refused for being missing).
      for (const [textName, make] of UNSTORABLE_TEXT) {
        for (const field of fields) expectRefusedBeside(z.object({ [field]: shape[field] }), { [field]: make("text") }, [field], `action ${name} given ${textName} in ${field}`);
      }
      fc.assert(
        fc.property(fc.anything({ ...ANYTHING, maxDepth: 3 }), (input) => check(schema, input, `action ${name}`)),
        { numRuns: 50 },
      );
    }
  });
});

describe("fieldErrorsOf", () => {
  // Paths as schemas make them: field names and array indexes, names of
  // Object.prototype members ("constructor", "__proto__", "toString") included.
  test("never throws and keeps a message for every issue, whatever the paths", () => {
    const name = fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,11}$/), fc.constantFrom("constructor", "__proto__", "toString", "hasOwnProperty"));
    const segment = fc.oneof(name, fc.nat(50));
    const issue = fc.record({ path: fc.array(segment, { maxLength: 3 }), message: fc.string({ minLength: 1, maxLength: 20 }).filter((m) => m.trim() !== "") });
    fc.assert(
      fc.property(fc.array(issue, { minLength: 1, maxLength: 6 }), (issues) => {
        const error = new z.ZodError(issues.map((i) => ({ code: "custom" as const, path: i.path, message: i.message, input: undefined })));
        expectReadableRefusal(error, JSON.stringify(issues));
        expectPrototypeIntact("fieldErrorsOf");
      }),
      { numRuns: 300 },
    );
  });
});

describe("parse helpers of untrusted input", () => {
  const anything = fc.anything({ ...ANYTHING, maxDepth: 3 });
  const hostile = fc.oneof(anything, fc.constantFrom(...HOSTILE.map(([, v]) => v)));
  const only =
    (...allowed: ((e: unknown) => boolean)[]) =>
    (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        if (!allowed.some((ok) => ok(e))) throw e;
      }
    };

  test.each([
    ["parseBulkIds (a ZodError for the form, or not found)", (v: unknown) => only((e) => e instanceof z.ZodError, isGateError)(() => parseBulkIds(v, "Campaign"))],
    ["parseStoredDateRange (never throws)", (v: unknown) => parseStoredDateRange(v)],
    ["parseStoredParams (never throws)", (v: unknown) => parseStoredParams(v)],
    ["dynamicVideoFormValues (never throws)", (v: unknown) => dynamicVideoFormValues(v)],
    ["parseStrategyInventory (StrategyJsonError only)", (v: unknown) => only((e) => e instanceof StrategyJsonError)(() => parseStrategyInventory(v))],
    ["parseStrategyTargeting (StrategyJsonError only)", (v: unknown) => only((e) => e instanceof StrategyJsonError)(() => parseStrategyTargeting(v))],
  ])("%s", (_name, run) => {
    for (const [, value] of HOSTILE) run(value);
    fc.assert(fc.property(hostile, (value) => void run(value)), { numRuns: 300 });
    expectPrototypeIntact(_name);
  });

  test("parseListUrlState never throws on any query string", () => {
    const text = fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom(...HOSTILE.filter(([, v]) => typeof v === "string").map(([, v]) => v as string)));
    const params = fc.dictionary(fc.constantFrom("page", "size", "sort", "q", "status", "advertiserId", "campaignId", "__proto__", "constructor"), fc.oneof(text, fc.array(text, { maxLength: 3 })));
    fc.assert(
      fc.property(params, fc.integer(), (input, defaultSize) => {
        const state = parseListUrlState(input, { sortable: ["name", "impressions"], defaultSize });
        expect(state.page).toBeGreaterThanOrEqual(1);
        expect(state.q.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: 300 },
    );
  });
});
