// Which advertiser details tabs a user gets (business.md 2 and 6): COHORT only
// when the advertiser has cohort on, ANALYTICS and COHORT never for demo users,
// the rest for everyone, always in the spec's order with the spec's routes.
import { ADVERTISER_TABS, visibleTabs } from "./tabs";

const ALWAYS = ["details", "conv_tracker", "catalog", "click_destination", "smart_tag", "settings"];

test("the tabs carry the spec's labels and routes, in order", () => {
  expect(ADVERTISER_TABS.map((t) => [t.label, t.segment])).toEqual([
    ["DETAILS", ""],
    ["ANALYTICS", "analytics"],
    ["COHORT", "cohort"],
    ["CONVERSION TRACKER", "pixel"],
    ["PRODUCT CATALOG", "catalog"],
    ["CLICK DESTINATIONS", "clickdestinations"],
    ["GET SMART TAG", "smarttag"],
    ["SETTINGS", "settings"],
  ]);
});

test.each(["RW", "RO"] as const)("%s with cohort on sees every tab, COHORT after ANALYTICS", (role) => {
  expect(visibleTabs(role, true)).toEqual(["details", "analytics", "cohort", "conv_tracker", "catalog", "click_destination", "smart_tag", "settings"]);
});

test.each(["RW", "RO"] as const)("%s with cohort off sees no COHORT tab", (role) => {
  expect(visibleTabs(role, false)).toEqual(["details", "analytics", "conv_tracker", "catalog", "click_destination", "smart_tag", "settings"]);
});

test.each([true, false])("DEMO sees neither ANALYTICS nor COHORT (cohort on: %s)", (cohortEnabled) => {
  const tabs = visibleTabs("DEMO", cohortEnabled);
  expect(tabs).not.toContain("analytics");
  expect(tabs).not.toContain("cohort");
  expect(tabs).toEqual(ALWAYS);
});
