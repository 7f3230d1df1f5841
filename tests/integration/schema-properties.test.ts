// Property tests of every input schema, listed in
// tests/security/input-schemas.ts: random and hostile input (1 MB strings,
// lone surrogates, RTL and zero-width characters, NaN, Infinity, -0, negative
// and huge numbers, BigInt, __proto__ / constructor / prototype keys, deep
// nesting, arrays for objects, null and undefined) never makes safeParse, or
// the helpers that turn a ZodError into what the form shows (fieldErrorsOf,
// toActionError), throw; a refusal always carries a message for every problem,
// on its field or for the whole form; a successful parse never hands back
// an own __proto__ key, an exotic prototype, or a polluted Object.prototype;
// and text PostgreSQL cannot store (a NUL, a lone surrogate) in any text field
// is refused beside that field, while emoji, RTL and zero-width text are not.
// The same checks over defineAction inputs and the parse helpers:
// untrusted-input-properties.test.ts.
import fs from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { z } from "zod";
import {
  ANYTHING,
  check,
  expectRefusedBeside,
  fieldPaths,
  HOSTILE,
  HOSTILE_IN_FIELD,
  LONG_TEXT_BUDGET_MS,
  MB,
  UNSTORABLE_TEXT,
  valueAt,
  withEveryTextLong,
  withPrototypeKeys,
  withValue,
} from "../helpers/hostile-input";
import { projectSourceFiles, ROOT } from "../security/discover";
import { INPUT_SCHEMAS, type SchemaCase } from "../security/input-schemas";

const cases: SchemaCase[] = Object.values(INPUT_SCHEMAS).flatMap((entry) => ("cases" in entry ? entry.cases() : []));

// ───────────── the tests ─────────────

describe("the list of input schemas", () => {
  /** Modules that build zod schemas at run time (not only use its types). */
  function zodModules(): string[] {
    const runtimeUse = /\bz\.(?!infer\b|input\b|output\b)[A-Za-z]+\s*\(/;
    return projectSourceFiles()
      .filter((file) => /^(app|lib|components)\//.test(path.relative(ROOT, file).split(path.sep).join("/")))
      .filter((file) => !file.endsWith(path.join("lib", "validation", "checked-zod.ts"))) // zod itself, with its constructors
      .filter((file) => {
        const source = fs.readFileSync(file, "utf8");
        return /from\s+["'](zod(\/[a-z0-9]+)?|[@./a-z]*\/validation\/z)["']/.test(source) && runtimeUse.test(source);
      });
  }

  const isSchema = (value: unknown) => typeof value === "object" && value !== null && "_zod" in value && typeof (value as z.ZodType).safeParse === "function";

  test("names every exported schema and schema factory, each listed or excluded with a reason", async () => {
    const exported: string[] = [];
    for (const file of zodModules()) {
      const mod = (await import(file)) as Record<string, unknown>;
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      for (const [name, value] of Object.entries(mod)) {
        if (isSchema(value) || (typeof value === "function" && /Schema$/.test(name))) exported.push(`${rel}#${name}`);
      }
    }
    const listed = Object.keys(INPUT_SCHEMAS);
    expect({ notListed: exported.filter((k) => !listed.includes(k)).sort(), notExported: listed.filter((k) => !exported.includes(k)).sort() }).toEqual({
      notListed: [],
      notExported: [],
    });
    for (const [key, entry] of Object.entries(INPUT_SCHEMAS)) {
      if ("excluded" in entry) expect({ key, reason: entry.excluded.length > 10 }).toEqual({ key, reason: true });
    }
  });

  test("every case is a schema, and the inputs the app sends parse", () => {
    expect(cases.length).toBeGreaterThan(30);
    for (const c of cases) {
      expect({ label: c.label, isSchema: isSchema(c.schema), samples: c.valid.length > 0 }).toEqual({ label: c.label, isSchema: true, samples: true });
      for (const sample of c.valid) {
        const result = c.schema.safeParse(sample);
        expect({ label: c.label, sample, issues: result.success ? [] : result.error.issues }).toEqual({ label: c.label, sample, issues: [] });
      }
    }
  });
});

describe.each(cases.map((c) => [c.label, c] as const))("%s", (_label, c) => {
  test("every hostile value, whole and in place of each field of a real input, is parsed or refused with field errors", () => {
    for (const [name, value] of HOSTILE) check(c.schema, value, `${c.label} given ${name}`);
    for (const sample of c.valid) {
      check(c.schema, withPrototypeKeys(sample), `${c.label} given a real input with prototype keys`);
      for (const at of fieldPaths(sample)) {
        for (const [name, value] of HOSTILE_IN_FIELD) check(c.schema, withValue(sample, at, value), `${c.label} given ${name} at ${at.join(".")}`);
      }
    }
  });

  test("a NUL or a lone surrogate in any text field is refused beside that field", () => {
    for (const sample of c.valid) {
      for (const at of fieldPaths(sample)) {
        const text = valueAt(sample, at);
        if (typeof text !== "string") continue;
        for (const [name, make] of UNSTORABLE_TEXT) expectRefusedBeside(c.schema, withValue(sample, at, make(text)), at, `${c.label} given ${name} at ${at.join(".")}`);
      }
    }
  });

  test("long texts in every field at once are answered quickly (no rule is quadratic in what the client sends)", () => {
    for (const sample of c.valid) {
      const started = performance.now();
      check(c.schema, withEveryTextLong(sample, 64 * 1024), `${c.label} given 64 KB in every text field`);
      expect(Math.round(performance.now() - started)).toBeLessThan(LONG_TEXT_BUDGET_MS);
    }
  });

  test("random input, and real input with random fields replaced, never throws", () => {
    const protoKeys = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty");
    const fieldNames = [...new Set(c.valid.flatMap((s) => fieldPaths(s).map((p) => String(p[p.length - 1]))))];
    const key = fc.oneof(protoKeys, fc.string({ unit: "binary", maxLength: 8 }), ...(fieldNames.length ? [fc.constantFrom(...fieldNames)] : []));
    const leaf = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: "grapheme" }),
      fc.double(),
      fc.integer(),
      fc.bigInt(),
      fc.boolean(),
      fc.constantFrom(null, undefined, -0, NaN, Infinity, -Infinity),
      // Not the 10,000-deep values (each schema gets them in the test above): fast-check's report
      // of a failing input holding one overflowed the stack (a CI run), hiding what had failed.
      fc.constantFrom(...HOSTILE.filter(([name, v]) => (typeof v !== "string" || v.length < MB / 2) && !name.includes("10,000 deep")).map(([, v]) => v)),
    );
    const anything = fc.anything({ ...ANYTHING, key, values: [leaf], maxDepth: 4, withDate: true, withSparseArray: true, withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true });
    const paths = c.valid.flatMap((sample) => fieldPaths(sample).map((at) => [sample, at] as const));
    const edited = paths.length
      ? fc.tuple(fc.constantFrom(...c.valid), fc.array(fc.tuple(fc.constantFrom(...paths.map(([, at]) => at)), fc.oneof(leaf, anything)), { minLength: 1, maxLength: 4 })).map(([sample, edits]) =>
          edits.reduce((input, [at, value]) => withValue(input, at, value), sample),
        )
      : anything;
    fc.assert(
      fc.property(fc.oneof(anything, edited, leaf), (input) => check(c.schema, input, c.label)),
      { numRuns: 150 },
    );
  });
});
