import { MENU_GROUPS, menuGroups } from "./menu-config";

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
