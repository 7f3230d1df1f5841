import { resolveMenuGroups } from "@/components/shell/menu-config";
import { menuItemHref, menuNames } from "../entities/catalog";
import { entityCatalog } from "../entities/registry";
import { CONSOLE_ROUTES, CONSOLE_SECTIONS, matchConsoleRoute, matchRouteSegments, sectionOf } from "./route-table";

describe("listed routes match their pattern", () => {
  test.each([
    ["/home", "/home"],
    ["/home/generate_token", "/home/generate_token"],
    ["/advertiser/details/3", "/advertiser/details/{id}"],
    ["/advertiser/details/3/clickdestinations", "/advertiser/details/{id}/clickdestinations"],
    ["/advertiser/12/pixel/details/9", "/advertiser/{advertiserId}/pixel/details/{id}"],
    ["/campaign/create", "/campaign/create"],
    ["/campaign/details/2147483647", "/campaign/details/{id}"],
    ["/strategy/details/5", "/strategy/details/{id}"],
    ["/strategy/templates", "/strategy/templates"],
    ["/strategy/templates-details/4", "/strategy/templates-details/{id}"],
    ["/creative/details/7", "/creative/details/{id}"],
    ["/creative_set", "/creative_set"],
    ["/creative_set/details/8", "/creative_set/details/{id}"],
    ["/audience?type=app", "/audience"],
    ["/audience/analysis?advertiserId=3", "/audience/analysis"],
    ["/audience/details/9", "/audience/details/{id}"],
    ["/report", "/report"],
    ["/report/schedule/list", "/report/schedule/list"],
    ["/report/slicex/business-report", "/report/slicex/business-report"],
    ["/experiment", "/experiment"],
    ["/experiments", "/experiments"],
    ["/strategy/create/", "/strategy/create"],
  ])("%s → %s", (path, route) => {
    expect(matchConsoleRoute(path)).toBe(route);
  });

  test("every route of the table matches itself with ids filled in", () => {
    for (const route of CONSOLE_ROUTES) {
      expect(matchConsoleRoute(route.replace(/\{\w+\}/g, "42"))).toBe(route);
    }
  });
});

describe("other paths match nothing (404)", () => {
  test.each([
    "/home/typo",
    "/homes",
    "/campaign/xyz/abc",
    "/campaign/details",
    "/campaign/details/5/extra",
    "/campaign/create/5",
    "/strategy/detail/5",
    "/strategy/templates/4",
    "/Strategy/create",
    "/report/nothing-here",
    "/report/slicex",
    "/report/schedule",
    "/report/advanced/more",
    "/creative",
    "/creative_set/details",
    "/audience/analysis/1",
    "/experiment/1",
    "/advertiser/details/3/unknown",
    "/advertiser/3/pixel/details",
    "/advertiser/3/pixels",
    "/strategy//create",
    "strategy/create",
    "",
    "/",
  ])("%s", (path) => {
    expect(matchConsoleRoute(path)).toBeNull();
  });

  test.each(["0", "-1", "1.5", "1e3", "abc", "2147483648", "99999999999", " 5", "0x10", ""])(
    "the id %p is not a record id",
    (id) => {
      expect(matchConsoleRoute(`/strategy/details/${id}`)).toBeNull();
      expect(matchRouteSegments(["advertiser", id, "pixel", "details", "9"])).toBeNull();
      expect(matchRouteSegments(["advertiser", "9", "pixel", "details", id])).toBeNull();
    },
  );
});

test("segments are matched as given: an encoded slash is not a separator", () => {
  expect(matchRouteSegments(["strategy", "details", "5"])).toBe("/strategy/details/{id}");
  expect(matchRouteSegments(["strategy", "details/5"])).toBeNull();
  expect(matchRouteSegments([])).toBeNull();
});

test("every menu link and menu item leads to a listed route, never a 404", () => {
  const catalog = entityCatalog();
  const hrefs = resolveMenuGroups(catalog).flatMap((g) => [
    ...(g.href ? [g.href] : []),
    ...g.links.map((l) => l.href),
    ...g.lists.map((l) => l.seeAll.href),
  ]);
  hrefs.push(...menuNames(catalog).map((menu) => menuItemHref(catalog, menu, 7) ?? "no details route"));
  expect(hrefs.length).toBeGreaterThan(20);
  for (const href of hrefs) expect([href, matchConsoleRoute(href)]).toEqual([href, expect.any(String)]);
});

describe("sections", () => {
  it("every route starts with a section, and every section has routes", () => {
    const firsts = new Set(CONSOLE_ROUTES.map((route) => route.split("/")[1]));
    for (const first of firsts) expect([first, sectionOf(`/${first}`)]).toEqual([first, first]);
    expect([...firsts].sort()).toEqual(Object.keys(CONSOLE_SECTIONS).sort());
  });

  it("names the section of a console path, and none of any other", () => {
    expect(sectionOf("/strategy/details/5?tab=1")).toBe("strategy");
    expect(sectionOf("/creative_set")).toBe("creative_set");
    expect(sectionOf("/home#top")).toBe("home");
    for (const path of ["/", "/login", "/api/v1/strategies", "/constructor", "/toString", "/Strategy"]) expect(sectionOf(path)).toBeNull();
  });
});
