import { allowedColumnIds, allowedMetricIds, getMetric, METRIC_GROUP_LABELS, METRICS, metricsForRole, SETUP_COLUMNS } from "./catalogue";

// shell.md section 3, in the spec's order.
const SPEC_IDS = `impressions, clicks, installs, appopen, reEngagements, reInstalls, rpr, cpr, conversions, clickConversions,
viewConversions, ecpm, ecpc, ecpi, ecpa, ecpo, erpm, erpc, erpi, erpa, erpo, ctr, ctc, cvr, iti, roi, revenue, cost,
margin, advRevenue, eligibleBids, bidsPlaced, eligibleUniqUsers, impressionUniqUsers, userReach, invalidClicks,
clickUniqUsers, installUniqUsers, conversionUniqUsers, appOpenUniqUsers, totalSkanInstalls, skanViewInstalls,
skanClickInstalls, totalUU, dailyUU`.split(/,\s*/);

// shell.md 6: removed for read-only users.
const RO_HIDDEN = ["cost", "margin", "ecpm", "ecpc", "ecpi", "ecpa", "ecpo", "invalidClicks", "clickUniqUsers",
  "installUniqUsers", "conversionUniqUsers", "appOpenUniqUsers", "cpr"];

describe("metric catalogue", () => {
  test("has exactly the metric ids of shell.md section 3, each once", () => {
    expect(SPEC_IDS).toHaveLength(45);
    expect(METRICS.map((m) => m.id).sort()).toEqual([...SPEC_IDS].sort());
  });

  test("every metric has a title, hover text, a labelled group and a type", () => {
    for (const m of METRICS) {
      expect(m.title.length).toBeGreaterThan(0);
      expect(m.hover.length).toBeGreaterThan(0);
      expect(METRIC_GROUP_LABELS[m.groupId]).toBeTruthy();
      expect(["number", "currency", "percentage", "decimal"]).toContain(m.type);
    }
    expect(getMetric("revenue")?.title).toBe("Adv Spend");
    expect(getMetric("cost")?.title).toBe("Media Spend");
    expect(getMetric("ctr")?.type).toBe("percentage");
    expect(getMetric("ecpm")?.type).toBe("currency");
    expect(getMetric("nope")).toBeUndefined();
  });

  test("group labels of the dashboard", () => {
    expect(METRIC_GROUP_LABELS).toMatchObject({
      strategySetup: "Strategy Setup", campaignSetup: "Campaign Setup", engagement: "Engagement", mediaCost: "Media Cost",
      advertiserCost: "Advertiser Cost", performance: "Performance", spends: "Spends", userFunnel: "User Funnel", SKAN: "SKAN",
    });
  });

  test("read-only users lose exactly the metrics shell.md 6 removes", () => {
    const ro = metricsForRole("RO").map((m) => m.id);
    expect(SPEC_IDS.filter((id) => !ro.includes(id)).sort()).toEqual([...RO_HIDDEN].sort());
    expect(metricsForRole("RW")).toHaveLength(45);
    expect(metricsForRole("DEMO")).toHaveLength(45);
  });

  test("allowedMetricIds drops unknown, duplicate and (for RO) not-flagged ids, keeping order", () => {
    const asked = ["margin", "ctr", "bogus", "impressions", "ctr", "ecpm", "constructor"];
    expect(allowedMetricIds("RW", asked)).toEqual(["margin", "ctr", "impressions", "ecpm"]);
    expect(allowedMetricIds("RO", asked)).toEqual(["ctr", "impressions"]);
  });

  test("set-up columns are never shown to read-only users", () => {
    expect(SETUP_COLUMNS.length).toBeGreaterThan(0);
    const ids = SETUP_COLUMNS.map((c) => c.id);
    expect(allowedColumnIds("RW", ["pricingType", "impressions", "cpaTarget"])).toEqual(["pricingType", "impressions", "cpaTarget"]);
    expect(allowedColumnIds("RO", [...ids, "impressions", "cost"])).toEqual(["impressions"]);
    expect(ids.every((id) => !getMetric(id))).toBe(true);
  });
});
