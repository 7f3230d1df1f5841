import { entityCatalog } from "@/lib/entities/registry";
import { menuGroups as groupsOf, resolveMenuGroups } from "./menu-config";

// The menu as the console layout resolves it from the registry's catalog.
const catalog = entityCatalog();
const MENU_GROUPS = resolveMenuGroups(catalog);
const menuGroups = (role: "RW" | "RO" | "DEMO", layout: "desktop" | "handset") => groupsOf(catalog, role, layout);

const labels = (groups: { label: string }[]) => groups.map((g) => g.label);
const links = (role: "RW" | "RO" | "DEMO") => menuGroups(role, "desktop").flatMap((g) => g.links.map((l) => l.label));

test("handsets get Home, Advertisers, Campaigns and a Strategy entry only", () => {
  expect(labels(menuGroups("RW", "handset"))).toEqual(["Home", "Advertisers", "Campaigns", "Strategy"]);
  expect(labels(menuGroups("RW", "desktop"))).toEqual([
    "Home",
    "Advertisers",
    "Campaigns",
    "Creative Sets",
    "Audience",
    "Reports",
    "SliceX",
    "Experiments",
  ]);
});

test("Create entries are for read-write users; demo users also lose strategy templates", () => {
  expect(links("RW")).toEqual(expect.arrayContaining(["Create Advertiser", "Create Campaign", "Create Strategy", "Create Creative Set", "Create Audience", "Strategy Templates"]));
  for (const role of ["RO", "DEMO"] as const) expect(links(role).filter((l) => l.startsWith("Create"))).toEqual([]);
  expect(links("RO")).toContain("Strategy Templates");
  expect(links("DEMO")).not.toContain("Strategy Templates");
  const demoLists = menuGroups("DEMO", "desktop").flatMap((g) => g.lists.map((l) => l.menu));
  expect(demoLists).not.toContain("strategy_template");
});

test("every side list has a 'See all' link and each menu name is listed once", () => {
  const lists = MENU_GROUPS.flatMap((g) => g.lists);
  expect(lists.map((l) => l.menu).sort()).toEqual(
    ["advertiser", "app_audience", "campaign", "creative_sets", "lal_audience", "strategy", "strategy_template"].sort(),
  );
  for (const l of lists) expect(l.seeAll.label).toMatch(/^See all /);
});

test("SliceX pages belong to SliceX, not Reports", () => {
  const group = (key: string) => MENU_GROUPS.find((g) => g.key === key)!;
  expect(group("slicex").matches("/report/slicex/revenue")).toBe(true);
  expect(group("reports").matches("/report/slicex/revenue")).toBe(false);
  expect(group("reports").matches("/report/advanced")).toBe(true);
  expect(group("advertisers").matches("/advertiser/details/3")).toBe(true);
  expect(group("advertisers").matches("/advertisers")).toBe(false);
});

test("links, side lists and empty texts come from the entities' declarations (shell.md 2.6, 8)", () => {
  const campaigns = MENU_GROUPS.find((g) => g.key === "campaigns")!;
  expect(campaigns.links.map((l) => [l.label, l.href])).toEqual([
    ["Campaigns", "/campaign"],
    ["Create Campaign", "/campaign/create"],
    ["Strategies", "/strategy"],
    ["Create Strategy", "/strategy/create"],
    ["Strategy Templates", "/strategy/templates"],
  ]);
  expect(campaigns.lists.map((l) => [l.title, l.seeAll.label, l.seeAll.href, l.emptyText])).toEqual([
    ["Recent Campaigns", "See all Campaigns", "/campaign", "No Campaign found."],
    ["Recent Strategies", "See all Strategies", "/strategy", "No Strategy found."],
    ["Recent Strategy Templates", "See all Strategy Templates", "/strategy/templates", "No strategy template found."],
  ]);
  const audience = MENU_GROUPS.find((g) => g.key === "audience")!;
  expect(audience.links.map((l) => [l.label, l.href, l.newTab ?? false])).toEqual([
    ["App Audiences", "/audience?type=app", false],
    ["Look-alike Audiences", "/audience?type=lal", false],
    ["Create Audience", "/audience/create", false],
    ["Conversion Estimator", "/audience/analysis", true],
  ]);
  expect(audience.lists.map((l) => [l.title, l.emptyText, l.newTab])).toEqual([
    ["Recent App Audiences", "No Result Found", true],
    ["Recent Look-alike Audiences", "No Result Found", true],
  ]);
  const creativeSets = MENU_GROUPS.find((g) => g.key === "creative-sets")!;
  expect(creativeSets.matches("/creative/details/4")).toBe(true);
  expect(MENU_GROUPS.find((g) => g.key === "strategy")).toMatchObject({ href: "/strategy", handset: true, desktop: false });
});
