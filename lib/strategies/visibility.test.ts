// business.md 2 "Strategy detail visibility", rule by rule.
import { hiddenFields, intentApplies, skOverlayApplies, strategyVisibility, type VisibilityFacts } from "./visibility";

const base: VisibilityFacts = {
  type: "MULTI_DEVICE",
  skadCampaign: false,
  skadOptimised: false,
  objective: "MOBILE_APP_INSTALLS",
  isRetargeting: false,
  purchaseFrequencyMappings: 0,
  targetOperatingSystems: null,
  catalogAdvertiser: true,
  role: "RW",
};
const shown = (facts: Partial<VisibilityFacts>) => {
  const v = strategyVisibility({ ...base, ...facts });
  return Object.entries(v).filter(([, on]) => on).map(([row]) => row);
};
const hidden = (facts: Partial<VisibilityFacts>) => {
  const v = strategyVisibility({ ...base, ...facts });
  return Object.entries(v).filter(([, on]) => !on).map(([row]) => row).sort();
};

test("CTV/OTT hides app category, apps, mobile OS, device type (brands, models) and SKOverlay; its placement is fixed", () => {
  expect(hidden({ type: "CTV_OTT" })).toEqual(["appCategories", "apps", "deviceBrandsModels", "deviceType", "intent", "mobileOs", "placements", "skOverlay"].sort());
});

test("Multi Device hides ad break, ad pod, content genre, language and OS", () => {
  expect(hidden({})).toEqual(["adBreak", "adPod", "contentGenre", "contentLanguage", "ctvOs", "intent"].sort());
});

test("SKAd (campaign or strategy) hides the audience rows and the user-level rows", () => {
  const skadRows = ["audiences", "consentType", "maskedTarget", "userPurchaseFrequency", "abandonedSessionUsers", "intent"];
  for (const facts of [{ skadCampaign: true }, { skadOptimised: true }]) {
    const rows = hidden(facts);
    for (const row of skadRows) expect([row, rows.includes(row)]).toEqual([row, true]);
  }
  expect(shown({})).toEqual(expect.arrayContaining(["audiences", "consentType", "maskedTarget"]));
});

test("intent: only retargeting campaigns with exactly 6 purchase-frequency mappings", () => {
  expect(intentApplies({ isRetargeting: true, purchaseFrequencyMappings: 6 })).toBe(true);
  expect(intentApplies({ isRetargeting: true, purchaseFrequencyMappings: 5 })).toBe(false);
  expect(intentApplies({ isRetargeting: true, purchaseFrequencyMappings: 7 })).toBe(false);
  expect(intentApplies({ isRetargeting: false, purchaseFrequencyMappings: 6 })).toBe(false);
  // Not known yet (no campaign chosen): shown, so nothing typed disappears before it can be decided.
  expect(intentApplies({ isRetargeting: null, purchaseFrequencyMappings: null })).toBe(true);
  expect(shown({ isRetargeting: true, purchaseFrequencyMappings: 6 })).toContain("intent");
  expect(hidden({ isRetargeting: true, purchaseFrequencyMappings: 6, skadCampaign: true })).toContain("intent");
});

test("SKOverlay: brand awareness and app installs only, iOS targeted (or all systems), never CTV", () => {
  expect(skOverlayApplies({ type: "MULTI_DEVICE", objective: "BRAND_AWARENESS", targetOperatingSystems: ["iOS"] })).toBe(true);
  expect(skOverlayApplies({ type: "MULTI_DEVICE", objective: "MOBILE_APP_INSTALLS", targetOperatingSystems: [] })).toBe(true);
  expect(skOverlayApplies({ type: "MULTI_DEVICE", objective: "MOBILE_APP_INSTALLS", targetOperatingSystems: ["Android"] })).toBe(false);
  expect(skOverlayApplies({ type: "MULTI_DEVICE", objective: "WEBSITE", targetOperatingSystems: null })).toBe(false);
  expect(skOverlayApplies({ type: "MULTI_DEVICE", objective: "MOBILE_APP_ENGAGEMENT", targetOperatingSystems: null })).toBe(false);
  expect(skOverlayApplies({ type: "CTV_OTT", objective: "BRAND_AWARENESS", targetOperatingSystems: null })).toBe(false);
});

test("read-only users do not see the attribution-type row; other roles do", () => {
  expect(hidden({ role: "RO" })).toContain("attributionType");
  expect(shown({ role: "DEMO" })).toContain("attributionType");
  expect(shown({ role: "RW" })).toContain("attributionType");
});

test("product feed targeting: only for advertisers with a product catalog", () => {
  expect(hidden({ catalogAdvertiser: false })).toContain("productFeed");
  expect(shown({ catalogAdvertiser: null })).toContain("productFeed");
});

test("the fields of hidden rows are the ones a save drops", () => {
  const ctv = hiddenFields(strategyVisibility({ ...base, type: "CTV_OTT" }));
  expect([...ctv].sort()).toEqual(
    ["placements", "rtbApps", "skOverlayPosition", "targetAndroidCategories", "targetAppRatings", "targetIosCategories", "targetMobileDevices", "targetOnlyPublishedApp", "intent"].sort(),
  );
  expect(hiddenFields(strategyVisibility({ ...base, isRetargeting: true, purchaseFrequencyMappings: 6 }))).toEqual(new Set(["ctvTargeting"]));
});
