import { nearestPageSize, ReportDefinitionSchema } from "./definition";
import { allowedReportMetricIds, groupedReportMetrics } from "./metrics";
import { changePercent, previousPeriod } from "./periods";

const base = { dimensions: ["campaign", "date"], metrics: ["impressions", "clicks"], from: "2024-03-01", to: "2024-03-07" };
const messages = (input: unknown) => {
  const r = ReportDefinitionSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("report definition schema", () => {
  test("a minimal definition gets the defaults", () => {
    expect(ReportDefinitionSchema.parse(base)).toEqual({ ...base, filters: [], timezoneId: 805, compare: false, page: 1, pageSize: 25 });
  });

  test("each bad field has its own message", () => {
    expect(messages({ ...base, dimensions: [] })).toEqual({ dimensions: "Choose at least one dimension" });
    expect(messages({ ...base, dimensions: ["campaign", "planet"] })).toEqual({ "dimensions.1": "Unknown dimension 'planet'" });
    expect(messages({ ...base, dimensions: ["date", "date"] })).toEqual({ dimensions: "A dimension can be chosen once" });
    expect(messages({ ...base, metrics: [] })).toEqual({ metrics: "Choose at least one metric" });
    expect(messages({ ...base, metrics: ["impressions", "nope"] })).toEqual({ "metrics.1": "Unknown metric 'nope'" });
    expect(messages({ ...base, from: "2024-03-08" })).toEqual({ to: "The start date must not be after the end date" });
    expect(messages({ ...base, from: "2021-01-01" })).toEqual({ to: "A date range can span at most 731 days" });
    expect(messages({ ...base, to: "2024-02-30" })).toEqual({ to: "Enter a valid date" });
    expect(messages({ ...base, sort: { by: "revenue", desc: true } })).toEqual({ "sort.by": "Sort by a chosen dimension or metric" });
    expect(messages({ ...base, pageSize: 7 })).toEqual({ pageSize: "A page holds 5, 10, 25, 100 rows" });
  });

  test("a page holds 5, 10, 25 or 100 rows (shell.md 9); 50, offered before, is read as 25 rather than refused", () => {
    for (const pageSize of [5, 10, 25, 100]) expect(ReportDefinitionSchema.parse({ ...base, pageSize }).pageSize).toBe(pageSize);
    expect(ReportDefinitionSchema.parse({ ...base, pageSize: 50 }).pageSize).toBe(25);
    for (const pageSize of [0, 20, 75, 200]) expect(messages({ ...base, pageSize })).toEqual({ pageSize: "A page holds 5, 10, 25, 100 rows" });
    expect(nearestPageSize(50)).toBe(25);
    expect(nearestPageSize(70)).toBe(100);
    expect(nearestPageSize(1)).toBe(5);
  });

  test("filter values must fit their dimension", () => {
    const f = (dimension: string, values: string[], op = "in") => messages({ ...base, filters: [{ dimension, op, values }] });
    expect(f("campaign", ["12", "x"])).toEqual({ "filters.0.values.1": "'x' is not a campaign id" });
    expect(f("country", ["IN", "india"])).toEqual({ "filters.0.values.1": "'india' is not a country code (two capital letters)" });
    expect(f("inventory", ["app:3", "site:4", "3"])).toEqual({ "filters.0.values.2": "'3' is not a site or app (app:<id> or site:<id>)" });
    expect(f("date", ["2024-03-01"])).toEqual({ "filters.0.values.0": "Filter dates with the date range" });
    expect(f("device", [])).toEqual({ "filters.0.values": "Give at least one value" });
    expect(f("device", ["PHONE"], "equals")).toEqual({ "filters.0.op": "A filter is 'in' or 'notIn'" });
    expect(f("device", ["", "CTV"], "notIn")).toEqual({});
  });
});

describe("comparison period", () => {
  test("the same number of days just before the range, across month and leap-year ends", () => {
    expect(previousPeriod({ from: "2024-03-01", to: "2024-03-07" })).toEqual({ from: "2024-02-23", to: "2024-02-29" });
    expect(previousPeriod({ from: "2024-03-01", to: "2024-03-31" })).toEqual({ from: "2024-01-30", to: "2024-02-29" });
    expect(previousPeriod({ from: "2025-01-01", to: "2025-01-01" })).toEqual({ from: "2024-12-31", to: "2024-12-31" });
  });

  test("change in percent; null without a base", () => {
    expect(changePercent(150, 100)).toBe(50);
    expect(changePercent(50, 100)).toBe(-50);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 3)).toBeNull();
  });
});

describe("report metrics for read-only users", () => {
  test("hidden metrics are dropped from requests and pickers; bid and video metrics are offered", () => {
    expect(allowedReportMetricIds("RO", ["impressions", "cost", "winRate", "margin", "cpr", "videoQ25", "bogus"])).toEqual(["impressions", "winRate", "videoQ25"]);
    expect(allowedReportMetricIds("RW", ["cost", "winRate", "cost"])).toEqual(["cost", "winRate"]);
    const ro = groupedReportMetrics("RO").flatMap((g) => g.metrics.map((m) => m.id));
    expect(ro).not.toContain("cost");
    expect(ro).not.toContain("ecpm");
    expect(groupedReportMetrics("RW").map((g) => g.label)).toEqual(
      expect.arrayContaining(["Common", "Engagement", "Spends", "Media Cost", "Advertiser Cost", "Performance", "User Funnel", "SKAN", "Bidding", "Video"]),
    );
  });
});
