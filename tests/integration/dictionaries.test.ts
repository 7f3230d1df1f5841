// The dictionaries (business.md 3 and 7, shell.md 7 "Dictionary list"):
// POST /api/v1/dictionaries/{kind}?page=0&size=1000&sort=label+ with
// { searchRequest: { filters } } answers { totalNoOfRecords, data } as its
// OpenAPI schema says; an unknown kind is 404 and an unknown filter column a
// 400 beside the field; product categories are the advertiser's own feeds'
// (another licensee's advertiser is not found, its categories never shown);
// deals filter by dealId, category and exchange. A strategy may only take
// new values from the dictionaries; values it already had stay saved.
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { apiDocument } from "@/lib/api/document";
import { scopeOf } from "@/lib/data/scope";
import { createStrategy, updateStrategy } from "@/lib/strategies/mutations";
import { DICTIONARY_VALUE_MESSAGES as V } from "@/lib/strategies/dictionary-values";
import { useTestDatabase } from "../helpers/db";
import { fieldErrorsOf } from "../helpers/calls";
import * as f from "../helpers/factories";
import { callApi, documentedAnswerProblems, type ApiAnswer } from "../helpers/rest-api";
import { strategyInput, strategyWorld } from "./strategy-world";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

useTestDatabase();

interface Page {
  totalNoOfRecords: number;
  data: { value: string; label: string; detail?: string }[];
}
const pageOf = (answer: ApiAnswer) => (answer.body as { respObject: Page }).respObject;
const filters = (...list: [string, string | number][]) => ({ searchRequest: { filters: list.map(([column, value]) => ({ column, value })) } });

async function post(key: string, kind: string, body: unknown, query = "page=0&size=1000&sort=label+&refresh=false") {
  const path = `/dictionaries/${kind}?${query}`;
  const answer = await callApi("POST", path, key, body);
  if (answer.status === 200) expect(documentedAnswerProblems(apiDocument(), "POST", path, answer)).toEqual([]);
  return answer;
}

/** A feed of the advertiser whose variable `cat` is mapped to the standard "category", with items of those categories. */
async function feedWithCategories(advertiser: { id: number; licenseeId: number }, categories: string[]) {
  const feed = await f.makeCatalogFeed(advertiser);
  await db.variableMapping.create({ data: { feedId: feed.id, name: "cat", variablePath: "cat", standardVariable: "category" } });
  await db.catalogItem.createMany({ data: categories.map((cat, i) => ({ feedId: feed.id, externalId: `sku-${i}`, data: { id: `sku-${i}`, cat } })) });
  return feed;
}

async function keyOf(ctx: Parameters<typeof scopeOf>[0]) {
  return (await createApiKey(scopeOf(ctx), { name: "rw", scope: "READ_WRITE" })).secret;
}

test("the spec's shape: page 0, size 1000, sorted by label, with the count over all pages; unknown kind 404, bad filter 400", async () => {
  const { ctx } = await f.makeTenant();
  const key = await keyOf(ctx);
  const brands = await post(key, "device_brand", filters(["name", "sams"]));
  expect(brands.status).toBe(200);
  expect(pageOf(brands).data).toContainEqual({ value: "Samsung", label: "Samsung" });
  expect(pageOf(brands).totalNoOfRecords).toBe(pageOf(brands).data.length);

  const all = pageOf(await post(key, "device_model", {}));
  expect([all.totalNoOfRecords > 1000, all.data.length]).toEqual([true, 1000]);
  const second = pageOf(await post(key, "device_model", {}, "page=1&size=1000"));
  expect(second.data[0]).not.toEqual(all.data[0]);

  expect((await post(key, "no_such_kind", {})).status).toBe(404);
  const badColumn = await post(key, "content_language", filters(["country", "DE"]));
  expect([badColumn.status, (badColumn.body as { error: { fieldErrors: object } }).error.fieldErrors]).toEqual([400, { "filters.0.column": "content_language takes the filters name" }]);
  expect((await post(key, "content_language", {}, "page=0&size=1001")).status).toBe(400);
});

test("product categories come from the advertiser's own feeds; another licensee's advertiser is not found", async () => {
  const a = await f.makeTenantWithAdvertiser();
  const b = await f.makeTenantWithAdvertiser();
  await feedWithCategories(a.advertiser, ["Shoes", "Bags", "Shoes", " "]);
  await feedWithCategories(b.advertiser, ["Secret B"]);
  const otherOfA = await f.makeAdvertiser(a.licensee.id);
  await feedWithCategories(otherOfA, ["Other advertiser's"]);
  const key = await keyOf(a.ctx);

  const own = pageOf(await post(key, "product_category", filters(["advertiserId", a.advertiser.id])));
  expect(own).toEqual({ totalNoOfRecords: 2, data: [{ value: "Bags", label: "Bags" }, { value: "Shoes", label: "Shoes" }] });
  expect((await post(key, "product_category", filters(["advertiserId", b.advertiser.id]))).status).toBe(404);
  // An id past the column's range is not found too, not a database error.
  expect((await post(key, "product_category", filters(["advertiserId", 9999999999]))).status).toBe(404);
  const missing = await post(key, "product_category", {});
  expect([missing.status, (missing.body as { error: { fieldErrors: object } }).error.fieldErrors]).toEqual([400, { filters: "Filter by advertiserId: this dictionary is an advertiser's" }]);
});

test("deals: the reference table, filtered by dealId, category and exchange (case-insensitive)", async () => {
  const { ctx } = await f.makeTenant();
  await db.deal.createMany({
    data: [
      { dealId: "DL-1", name: "Sports PMP", category: "Sports", exchange: "Xandr" },
      { dealId: "DL-2", name: "News PMP", category: "News", exchange: "Magnite" },
      { dealId: "DL-3", name: "Sports Preferred", category: "Sports", exchange: "Magnite" },
    ],
  });
  const key = await keyOf(ctx);
  const sports = pageOf(await post(key, "deal", filters(["category", "sports"], ["exchange", "Magnite"])));
  expect(sports.data).toEqual([{ value: expect.stringMatching(/^\d+$/), label: "Sports Preferred", detail: "DL-3 · Sports · Magnite" }]);
  expect(pageOf(await post(key, "deal", filters(["dealId", "DL-1"]))).data.map((d) => d.label)).toEqual(["Sports PMP"]);
  expect(pageOf(await post(key, "deal", filters(["name", "pmp"]))).totalNoOfRecords).toBe(2);
});

test("a strategy takes new values only from the dictionaries; a value it already had is saved unchanged", async () => {
  const w = await strategyWorld();
  await feedWithCategories(w.advertiser, ["Shoes"]);
  const devices = (extra: Record<string, unknown>) => ({ targetMobileDevices: { targetOperatingSystems: ["Android"], targetDeviceTypes: [3], ...extra } });

  expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, devices({ brands: ["Samsung", "Acme Phones"] }))))).toEqual({
    targetMobileDevices: V.targetMobileDevices("brands", ["Acme Phones"]),
  });
  expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, { productFeedTargeting: { categories: ["Hats"] }, productSelectionPolicy: "CART_PRODUCTS" })))).toEqual({
    productFeedTargeting: V.productFeedTargeting(["Hats"]),
  });
  const ctv = { type: "CTV_OTT", creativeIds: [w.ctvCreative.id], creativeSetIds: [], ctvTargeting: { adBreak: ["PRE"], adPod: "Dynamic", contentGenre: ["Drama"], contentLanguage: ["english"] } };
  expect(await fieldErrorsOf(createStrategy(w, strategyInput(w, ctv)))).toEqual({ ctvTargeting: V.ctvTargeting("languages", ["english"]) });
  expect(await db.strategy.count()).toBe(0);

  const created = await createStrategy(w, strategyInput(w, { ...devices({ brands: ["Samsung"], models: ["Galaxy S20"] }), productFeedTargeting: { categories: ["Shoes"] }, productSelectionPolicy: "CART_PRODUCTS" }));
  // Saved before the dictionaries: a brand no dictionary knows stays, and is saved again unchanged.
  const legacyTargeting = { ...created.targeting, targetMobileDevices: { ...created.targeting.targetMobileDevices!, brands: ["Legacy brand"] } };
  await db.strategy.update({ where: { id: created.id }, data: { targeting: legacyTargeting } });
  const kept = await updateStrategy(w, created.id, created.version, strategyInput(w, { ...devices({ brands: ["Legacy brand", "Apple"] }), name: "Renamed" }));
  expect(kept.targeting.targetMobileDevices?.brands).toEqual(["Legacy brand", "Apple"]);
  expect(await fieldErrorsOf(updateStrategy(w, created.id, kept.version, strategyInput(w, devices({ brands: ["Legacy brand", "Other legacy"] }))))).toEqual({
    targetMobileDevices: V.targetMobileDevices("brands", ["Other legacy"]),
  });
});
