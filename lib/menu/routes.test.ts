import { crumbRoutes, menuItemHref } from "../entities/catalog";
import { entityCatalog } from "../entities/registry";
import { crumbKey, idFrom, parseCrumbPath as parse } from "./routes";
import { cutText } from "./constants";

// The console's crumb routes, from the registry's entities.
const parseCrumbPath = (path: string) => parse(path, crumbRoutes(entityCatalog()));

describe("parseCrumbPath", () => {
  test.each([
    ["/advertiser/details/3", { kind: "advertiser", id: 3 }],
    ["/advertiser/details/3/pixel", { kind: "advertiser", id: 3 }],
    ["/advertiser/create/3", { kind: "advertiser", id: 3 }],
    ["/advertiser/3/pixel/details/9", { kind: "advertiser", id: 3 }],
    ["/campaign/details/12", { kind: "campaign", id: 12 }],
    ["/strategy/details/5?tab=review", { kind: "strategy", id: 5 }],
    ["/creative/details/7", { kind: "creative", id: 7 }],
    ["/creative_set/details/8", { kind: "creative_set", id: 8 }],
    ["/audience/details/9", { kind: "audience", id: 9 }],
    ["/audience/analysis?advertiserId=4", { kind: "advertiser", id: 4 }],
    ["/strategy/create?campaignId=6", { kind: "campaign", id: 6 }],
  ])("%s → %o", (path, expected) => {
    expect(parseCrumbPath(path)).toEqual(expected);
  });

  test.each([
    "/home",
    "/advertiser",
    "/advertiser/create",
    "/advertiser/details/abc",
    "/advertiser/details/0",
    "/advertiser/details/99999999999",
    "/strategy/templates-details/4",
    "/report/advanced",
    "/campaign/details/-1",
  ])("%s names no entity", (path) => {
    expect(parseCrumbPath(path)).toBeNull();
  });
});

test("idFrom accepts only database ids", () => {
  expect(idFrom("12")).toBe(12);
  expect(idFrom("2147483647")).toBe(2147483647);
  expect(idFrom("2147483648")).toBeNull();
  expect(idFrom("1.5")).toBeNull();
  expect(idFrom(null)).toBeNull();
});

test("crumbKey identifies the entity, empty for none", () => {
  expect(crumbKey({ kind: "strategy", id: 5 })).toBe("strategy:5");
  expect(crumbKey(null)).toBe("");
});

test("menu items link to their details routes", () => {
  const catalog = entityCatalog();
  expect(menuItemHref(catalog, "advertiser", 3)).toBe("/advertiser/details/3");
  expect(menuItemHref(catalog, "strategy_template", 4)).toBe("/strategy/templates-details/4");
  expect(menuItemHref(catalog, "creative_sets", 5)).toBe("/creative_set/details/5");
  expect(menuItemHref(catalog, "lal_audience", 6)).toBe("/audience/details/6");
  expect(menuItemHref(catalog, "licensee", 6)).toBeNull();
});

describe("cutText", () => {
  test("keeps texts up to the limit and cuts longer ones with an ellipsis", () => {
    expect(cutText("a".repeat(43), 43)).toBe("a".repeat(43));
    expect(cutText("a".repeat(44), 43)).toBe("a".repeat(43) + "...");
    expect(cutText("Puzzle Peak Games - Android UA campaign 2025", 33)).toBe("Puzzle Peak Games - Android UA ca...");
  });

  test("never splits a character in two", () => {
    expect(cutText("😀".repeat(5), 3)).toBe("😀😀😀...");
  });
});
