import { applyBulkEdit, mergeList, normalizeBulkEdit } from "./merge";
import { bulkEditBlockers, BLOCKER_MESSAGES } from "./blockers";
import { BulkEditChangesSchema } from "./schema";
import { allowedActions, BULK_FIELD_BY_KEY, BULK_FIELDS } from "./sections";

const field = (key: string) => BULK_FIELD_BY_KEY.get(key)!;

describe("allowed actions per section", () => {
  it.each(["countriesTarget", "citiesTarget", "zipCodes", "aggregatorsTarget", "dealsBlocked", "pixels", "creativeSets", "creatives"])(
    "list field %s allows append, replace and remove",
    (key) => expect(allowedActions(field(key))).toEqual(["NO_CHANGE", "APPEND", "REPLACE", "REMOVE"]),
  );
  it.each(["pricingValue", "bidCapMin", "bidCapMax", "budgetValue", "dailyAdvSpendBudget", "pacingTypeId", "frequencyCap", "endTime"])(
    "scalar field %s allows replace only",
    (key) => expect(allowedActions(field(key))).toEqual(["NO_CHANGE", "REPLACE"]),
  );
  it("the audience block uses change or remove", () => {
    const audience = BULK_FIELDS.filter((f) => f.kind === "audience");
    expect(audience).toHaveLength(8);
    for (const f of audience) expect(allowedActions(f)).toEqual(["NO_CHANGE", "CHANGE", "REMOVE"]);
  });
  it("every section has a field, and every field defaults to no change", () => {
    expect(new Set(BULK_FIELDS.map((f) => f.section))).toEqual(new Set(["details", "inventory", "targeting", "budget", "creativeSets", "creative"]));
    for (const f of BULK_FIELDS) expect(allowedActions(f)[0]).toBe("NO_CHANGE");
  });
  it("refuses an action the field does not allow, beside the field", () => {
    const r = BulkEditChangesSchema.safeParse({ changes: [{ field: "pricingValue", action: "APPEND", value: "2" }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["pricingValue"], message: "Append is not allowed for Bid Price / Goal" });
    const audience = BulkEditChangesSchema.safeParse({ changes: [{ field: "targetAppSegmentsTarget", action: "APPEND", items: [1] }] });
    expect(audience.error!.issues[0].path).toEqual(["targetAppSegmentsTarget"]);
  });
  it("asks for at least one change", () => {
    const r = BulkEditChangesSchema.safeParse({ changes: [{ field: "zipCodes", action: "NO_CHANGE", items: [] }] });
    expect(r.error!.issues[0].message).toBe("Choose at least one change.");
  });
});

describe("merge on targeting lists", () => {
  it("APPEND adds the missing items and keeps the order", () => {
    expect(mergeList(["US", "DE"], "APPEND", ["FR", "US", "AT", "FR"])).toEqual(["US", "DE", "FR", "AT"]);
  });
  it("REMOVE drops the given items", () => {
    expect(mergeList(["US", "DE", "FR"], "REMOVE", ["DE", "IT"])).toEqual(["US", "FR"]);
  });
  it("REPLACE sets the list", () => {
    expect(mergeList([1, 2, 3], "REPLACE", [4, 4, 5])).toEqual([4, 5]);
  });
  it("NO_CHANGE keeps it", () => expect(mergeList([1, 2], "NO_CHANGE", [3])).toEqual([1, 2]));

  it("appends a country to a strategy targeting every country, creating the geography lists", () => {
    const out = applyBulkEdit({ name: "S" }, { changes: [{ field: "countriesTarget", action: "APPEND", items: ["FR"] }] });
    expect(out.targetGeographies).toEqual({
      country: { targetList: ["FR"], blockedList: [] },
      state: { targetList: [], blockedList: [] },
      city: { targetList: [], blockedList: [] },
      customGeoTargeting: false,
    });
  });
  it("changes only the named list and leaves the input untouched", () => {
    const input = {
      targetGeographies: { country: { targetList: ["US"], blockedList: ["CN"] }, state: { targetList: [], blockedList: [] }, city: { targetList: [], blockedList: [] }, customGeoTargeting: true },
      rtbAggregators: { targetList: [1, 2], blockedList: [] },
      pixelIds: [7],
    };
    const out = applyBulkEdit(input, {
      changes: [
        { field: "countriesBlocked", action: "REMOVE", items: ["CN"] },
        { field: "aggregatorsTarget", action: "REPLACE", items: [3] },
        { field: "pixels", action: "APPEND", items: [8] },
      ],
    });
    expect(out.targetGeographies).toMatchObject({ country: { targetList: ["US"], blockedList: [] }, customGeoTargeting: true });
    expect(out.rtbAggregators).toEqual({ targetList: [3], blockedList: [] });
    expect(out.pixelIds).toEqual([7, 8]);
    expect(input.targetGeographies.country.blockedList).toEqual(["CN"]);
  });
  it("an audience REMOVE without items empties that list", () => {
    const input = { targetAppSegments: { targetedSegments: [1, 2], blockedSegments: [3], customSegmentTargeting: false, targetedSegmentsOperator: "OR" } };
    const out = applyBulkEdit(input, { changes: [{ field: "targetAppSegmentsTarget", action: "REMOVE" }] });
    expect(out.targetAppSegments).toMatchObject({ targetedSegments: [], blockedSegments: [3] });
  });
  it("scalars replace; a frequency cap leaves the campaign's cap", () => {
    const out = applyBulkEdit({ pricingValue: "1", campaignFcap: true }, {
      changes: [
        { field: "pricingValue", action: "REPLACE", value: "2.5" },
        { field: "frequencyCap", action: "REPLACE", value: { frequency: 3, interval: 24 } },
      ],
    });
    expect(out).toMatchObject({ pricingValue: "2.5", campaignFcap: false, fcapFrequency: 3, fcapInterval: 24 });
  });
  it("pacing type 11 with no change is sent as replace; other no-change rows are dropped", () => {
    expect(normalizeBulkEdit({ changes: [{ field: "pacingTypeId", action: "NO_CHANGE", value: 11 }, { field: "zipCodes", action: "NO_CHANGE" }] })).toEqual({
      changes: [{ field: "pacingTypeId", action: "REPLACE", value: 11 }],
    });
    expect(normalizeBulkEdit({ changes: [{ field: "pacingTypeId", action: "NO_CHANGE", value: 6 }] }).changes).toEqual([]);
    expect(applyBulkEdit({ pacingTypeId: 6 }, { changes: [{ field: "pacingTypeId", action: "NO_CHANGE", value: 11 }] }).pacingTypeId).toBe(11);
  });
});

describe("disabled conditions", () => {
  const edit = { changes: [{ field: "creativeSets", action: "APPEND" as const, items: [1, 2] }] };
  const set = (advertiserId: number, isPlacebo = false, type = "IMAGE") => ({ advertiserId, isPlacebo, type });
  const messages = (sets: ReturnType<typeof set>[], advertisers = [1]) => bulkEditBlockers(edit, { creativeSets: sets, strategyAdvertiserIds: advertisers }).map((b) => b.message);

  it("sets of one advertiser, placebo value and kind are fine", () => expect(messages([set(1), set(1)])).toEqual([]));
  it("sets of different advertisers", () => expect(messages([set(1), set(2)])).toEqual([BLOCKER_MESSAGES.setsAdvertisers]));
  it("sets differing in placebo", () => expect(messages([set(1, true), set(1, false)])).toEqual([BLOCKER_MESSAGES.setsPlacebo]));
  it("CTV mixed with other types", () => expect(messages([set(1, false, "CTV_VIDEO"), set(1, false, "VIDEO")])).toEqual([BLOCKER_MESSAGES.setsCtvMix]));
  it("strategies of different advertisers with an advertiser-owned list edited", () => {
    expect(messages([set(1)], [1, 2])).toEqual([BLOCKER_MESSAGES.strategiesAdvertisers("Creative Sets")]);
    const countries = bulkEditBlockers({ changes: [{ field: "countriesTarget", action: "APPEND", items: ["FR"] }] }, { creativeSets: [], strategyAdvertiserIds: [1, 2] });
    expect(countries).toEqual([]);
  });
});
