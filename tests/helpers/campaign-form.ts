// The campaign form as the browser sends it, for the schema's unit tests and
// the mutations' integration tests alike (no database here).

/** A CPM campaign's fields other than its ids, schedule and pacing: text as typed. */
export const CPM_CAMPAIGN_FORM = {
  name: "Summer Sale",
  objective: "WEBSITE",
  isRetargeting: false,
  pricingType: "CPM",
  pricingValue: "4.20",
  lifetimeBudget: "30000",
  lifetimeDeliveryCap: "",
  dailyBudget: "1234.56",
  deltaDaily: "",
  dailyDeliveryCap: "",
  dailyAdvSpendBudget: "",
  dailyFcap: "5",
  dailyFcapHours: "24",
  lifetimeUserFcap: "20",
  attributionRatio: "100",
  cpaTarget: "",
  cpiTarget: "",
  roiTarget: "",
  placeboAds: false,
  skadTarget: false,
  incrementalityTest: false,
};
