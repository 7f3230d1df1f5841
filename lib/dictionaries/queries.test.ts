// The in-memory dictionaries (device brands and models, content genres and
// languages, intents): search by name, sort, paging from 0, the kind's own
// filters, and the request's checks (unknown kind 404, unknown column 400
// beside the field). Deals and product categories read the database:
// tests/integration/dictionaries.test.ts.
import type { TenantTx } from "../data/tenant-db";
import { NotFoundError } from "../errors";
import { fieldErrorsOf } from "../validation/errors";
import { z } from "../validation/z";
import { loadDictionary } from "./queries";
import { DictionaryRequestSchema } from "./schema";

const noDatabase = {} as TenantTx;
const read = (kind: string, request: Record<string, unknown> = {}) => loadDictionary(noDatabase, DictionaryRequestSchema.parse({ kind, ...request }));
const search = (name: string) => ({ filters: [{ column: "name", value: name }] });
const failure = async (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e);

test("device brands: hundreds of brands, found by part of the name", async () => {
  const all = await read("device_brand");
  expect(all.totalNoOfRecords).toBeGreaterThan(500);
  expect(all.data).toContainEqual({ value: "Samsung", label: "Samsung" });
  const sams = await read("device_brand", search("amsu"));
  expect(sams.data.map((e) => e.value)).toContain("Samsung");
  expect(sams.data.every((e) => e.label.toLowerCase().includes("amsu"))).toBe(true);
});

test("device models: filtered by brand (any of several), named without patterns", async () => {
  const apple = await read("device_model", { filters: [{ column: "brand", value: "apple" }, { column: "name", value: "iPhone 1" }] });
  expect(apple.data.map((e) => e.value)).toEqual(expect.arrayContaining(["iPhone 11", "iPhone 12 Pro Max"]));
  expect(apple.data.every((e) => e.detail === "Apple" && !e.value.includes("$"))).toBe(true);
  const two = await read("device_model", { filters: [{ column: "brand", value: "Apple" }, { column: "brand", value: "Samsung" }], size: 1000 });
  expect(new Set(two.data.map((e) => e.detail))).toEqual(new Set(["Apple", "Samsung"]));
  const values = (await read("device_model")).data.map((e) => e.value);
  expect(new Set(values).size).toBe(values.length);
});

test("content languages are ISO 639-1 codes with English names; genres and intents are their shipped lists", async () => {
  const languages = await read("content_language");
  expect(languages.totalNoOfRecords).toBe(183);
  expect((await read("content_language", search("germ"))).data).toEqual([{ value: "de", label: "German" }]);
  expect((await read("content_language", search("en"))).data).toContainEqual({ value: "en", label: "English" });
  const genres = await read("content_genre");
  expect(genres.data.map((e) => e.value)).toEqual(expect.arrayContaining(["Drama", "Sports", "Documentary"]));
  expect((await read("intent")).totalNoOfRecords).toBe(6);
});

test("sorted by label or value, ascending or descending ('+' arriving as a space), paged from 0 with the total over all pages", async () => {
  const ascending = (await read("content_genre", { sort: "label " })).data.map((e) => e.label);
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
  const descending = (await read("content_genre", { sort: "label-" })).data.map((e) => e.label);
  expect(descending).toEqual([...ascending].reverse());
  const byCode = (await read("content_language", { sort: "value+", size: 3 })).data.map((e) => e.value);
  expect(byCode).toEqual(["aa", "ab", "ae"]);
  const page1 = await read("content_language", { sort: "value+", page: 1, size: 3 });
  expect([page1.totalNoOfRecords, page1.data.map((e) => e.value)]).toEqual([183, ["af", "ak", "am"]]);
  expect((await read("content_language", { page: 99 })).data).toEqual([]);
});

test("the request is checked: size at most 1000, unknown kind not found, unknown or missing filter columns beside the field", async () => {
  expect(DictionaryRequestSchema.safeParse({ kind: "intent", size: 1001 }).success).toBe(false);
  expect(DictionaryRequestSchema.safeParse({ kind: "intent", sort: "brand+" }).success).toBe(false);
  expect(await failure(read("no_such_kind"))).toBeInstanceOf(NotFoundError);
  const unknownColumn = await failure(read("device_brand", { filters: [{ column: "brand", value: "x" }] }));
  expect(unknownColumn).toBeInstanceOf(z.ZodError);
  expect(fieldErrorsOf(unknownColumn as z.ZodError).fieldErrors).toEqual({ "filters.0.column": "device_brand takes the filters name" });
  const missing = await failure(read("product_category"));
  expect(fieldErrorsOf(missing as z.ZodError).fieldErrors).toEqual({ filters: "Filter by advertiserId: this dictionary is an advertiser's" });
  const notAnId = await failure(read("product_category", { filters: [{ column: "advertiserId", value: "abc" }] }));
  expect(fieldErrorsOf(notAnId as z.ZodError).fieldErrors).toEqual({ "filters.0.value": "advertiserId must be a whole number" });
});
