// The project's zod: its free-text constructors refuse a NUL or a lone
// surrogate with one message, on the text as sent, before any other rule.
import { z } from "./z";
import { STRANGE_TEXT_MESSAGE } from "./strange-text";

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
};
const refused = (path: PropertyKey[] = []) => [{ path, message: STRANGE_TEXT_MESSAGE }];

const TEXTS = ["abc\u0000", "\uD83D", "ab\uDE00c"];
// A URL's format is checked before anything else zod adds (zod runs a format first): only URLs the format accepts get this far.
const URLS = ["https://a.example/\u0000", "https://a.example/?q=\uDE00"];

test.each([
  ["z.string()", z.string(), TEXTS],
  ["z.string() with its own messages and rules", z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(10, "Too long").regex(/^[a-z]+$/, "Letters only"), TEXTS],
  ["z.url()", z.url(), URLS],
  ["z.httpUrl()", z.httpUrl(), URLS],
  ["z.coerce.string()", z.coerce.string(), TEXTS],
  ["z.unknown() (a field parsed by hand)", z.unknown().transform((raw) => String(raw)), TEXTS],
  ["z.any()", z.any(), TEXTS],
])("%s refuses a NUL and lone surrogates, with that one message", (_name, schema, texts) => {
  for (const text of texts) expect({ text, issues: issuesOf(schema, text) }).toEqual({ text, issues: refused() });
});

test("the rule sees the text as sent, and .trim() and the other rules still apply to text that passes", () => {
  const name = z.string().trim().min(2, "Too short").max(5, "Too long");
  expect(name.parse("  abc  ")).toBe("abc");
  expect(issuesOf(name, " a ")).toEqual([{ path: [], message: "Too short" }]);
  expect(issuesOf(name, "abcdef")).toEqual([{ path: [], message: "Too long" }]);
  expect(issuesOf(name, " a\u0000 ")).toEqual(refused()); // not "Too short": one message, the rule's
  expect(issuesOf(z.string(), 5)).toEqual([{ path: [], message: "Invalid input: expected string, received number" }]);
});

test("emoji, RTL and zero-width text is kept as it is", () => {
  for (const text of ["😀 Sale", "\u202Egnp.exe", "a\u200Bb\uFEFF", "e\u0301"]) expect(z.string().parse(text)).toBe(text);
});

test("inside objects, lists and record keys the message is beside the field", () => {
  const schema = z.object({ name: z.string(), tags: z.array(z.string()), labels: z.record(z.string(), z.number()).optional() });
  expect(issuesOf(schema, { name: "ok", tags: ["a", "b\u0000"] })).toEqual(refused(["tags", 1]));
  expect(issuesOf(schema, { name: "\uD800", tags: [] })).toEqual(refused(["name"]));
  expect(issuesOf(schema, { name: "ok", tags: [], labels: { "k\u0000": 1 } }).map((i) => i.path)).toEqual([["labels", "k\u0000"]]);
});

test("a union none of whose options fits names the unstorable text rather than 'Invalid input'", () => {
  const events = z.object({ events: z.union([z.string(), z.array(z.string())]) });
  expect(issuesOf(events, { events: ["install", "purchase\u0000"] })).toEqual(refused(["events"]));
  expect(issuesOf(events, { events: 5 })).toEqual([{ path: ["events"], message: "Invalid input" }]);
  expect(issuesOf(z.union([z.string(), z.number()], { error: "Pick one" }), "\u0000")).toEqual([{ path: [], message: "Pick one" }]);
});

test("the rest of zod is zod's own", async () => {
  const zod = await import("zod");
  expect(z.object).toBe(zod.z.object);
  expect(z.ZodError).toBe(zod.z.ZodError);
  expect(z.string).not.toBe(zod.z.string);
  expect(z.coerce.number).toBe(zod.z.coerce.number);
});
