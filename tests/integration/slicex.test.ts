// SliceX over a small fixed delivery dataset: the pivot's cells and its row
// and column totals are the hand-computed sums (and exact rates), a drill-down
// gives the rows behind a cell, the business report's weeks hold spend,
// margin and growth, and a read-only user gets no media spend.
import { db } from "@/lib/db";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { loadBusinessReport, loadCellBreakdown, loadPivot } from "@/lib/slicex/queries";
import { PivotQuerySchema } from "@/lib/slicex/schema";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

const t = useTestDatabase();

async function world() {
  await f.makeUtcTimezone();
  const tenant = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(tenant.licensee.id);
  const campA = await f.makeCampaign(advertiser, { name: "Campaign A" });
  const campB = await f.makeCampaign(advertiser, { name: "Campaign B" });
  const sA = await f.makeStrategy(campA, { name: "Strategy A" });
  const sB = await f.makeStrategy(campB, { name: "Strategy B" });
  const creative = await f.makeCreative(advertiser);
  const fact = (s: typeof sA, hour: string, impressions: number, clicks: number, revenue: string, cost: string, country = "IN") => ({
    hour: new Date(hour), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, creativeId: creative.id,
    country, impressions: BigInt(impressions), clicks: BigInt(clicks), revenue, cost,
  });
  await db.deliveryHourly.createMany({
    data: [
      // Week of Monday 4 March 2024.
      fact(sA, "2024-03-04T10:00:00Z", 1000, 10, "10", "6"),
      fact(sA, "2024-03-05T10:00:00Z", 500, 10, "5", "3", "US"),
      fact(sB, "2024-03-05T11:00:00Z", 2000, 5, "20", "16"),
      // Week of Monday 11 March 2024.
      fact(sA, "2024-03-11T10:00:00Z", 1000, 30, "15", "9"),
    ],
  });
  await refreshStrategyRollup(t.handle.raw);
  return { ...tenant, campA, campB };
}

const pivotQuery = (over: Record<string, unknown> = {}) =>
  PivotQuerySchema.parse({ rows: "campaign", columns: "date", metric: "impressions", from: "2024-03-04", to: "2024-03-11", timezoneId: 805, ...over });

test("the pivot's cells, row and column totals are the hand-computed sums, rates exact per row", async () => {
  const w = await world();
  const view = await loadPivot(w.ctx, pivotQuery());
  const { pivot } = view;
  expect(pivot.rows.map((r) => [r.label, r.total])).toEqual([
    ["Campaign A", 2500],
    ["Campaign B", 2000],
  ]);
  expect(pivot.columns.map((c) => [c.key, c.total])).toEqual([
    ["2024-03-04", 1000],
    ["2024-03-05", 2500],
    ["2024-03-11", 1000],
  ]);
  expect(pivot.values).toEqual([
    [1000, 500, 1000],
    [null, 2000, null],
  ]);
  expect(view.total).toBe(4500);

  // CTR per row is clicks / impressions of the row, not an average of the cells' rates.
  const ctr = await loadPivot(w.ctx, pivotQuery({ metric: "ctr", columns: "country" }));
  expect(ctr.pivot.rows.find((r) => r.label === "Campaign A")?.total).toBeCloseTo((50 / 2500) * 100, 10);
});

test("a drill-down gives the rows behind a cell: filtered to its row, and to its column's day", async () => {
  const w = await world();
  const q = pivotQuery();
  const byStrategy = await loadCellBreakdown(w.ctx, { query: q, rowKey: String(w.campA.id), columnKey: "2024-03-05", by: "country" });
  expect(byStrategy.range).toEqual({ from: "2024-03-05", to: "2024-03-05" });
  expect(byStrategy.rows.map((r) => [r.keys.country, r.values.impressions])).toEqual([["US", 500]]);
  const byDay = await loadCellBreakdown(w.ctx, { query: pivotQuery({ columns: "country" }), rowKey: String(w.campA.id), columnKey: "IN", by: "date" });
  expect(byDay.rows.map((r) => [r.keys.date, r.values.impressions])).toEqual([
    ["2024-03-04", 1000],
    ["2024-03-11", 1000],
  ]);
});

test("the business report's weeks: spend, margin and growth; a read-only user gets advertiser spend only", async () => {
  const w = await world();
  // From a Wednesday: moved back to its Monday so the first week is whole.
  const report = await loadBusinessReport(w.ctx, { grain: "week", from: "2024-03-06", to: "2024-03-17", timezoneId: 805 });
  expect(report.range.from).toBe("2024-03-04");
  expect(report.periods.map((p) => [p.period, p.revenue, p.cost, p.marginAmount])).toEqual([
    ["2024-03-04", 35, 25, 10],
    ["2024-03-11", 15, 9, 6],
  ]);
  expect(report.periods[1].growth.revenue).toBeCloseTo(((15 - 35) / 35) * 100, 10);

  const ro = await f.makeUser("ro.slicex@example.com", [{ licenseeId: w.licensee.id, role: "RO" }]);
  const roReport = await loadBusinessReport(await f.ctxFor(ro.id, w.licensee.id), { grain: "month", from: "2024-03-01", to: "2024-03-31", timezoneId: 805 });
  expect(roReport.showsCost).toBe(false);
  expect(roReport.periods.map((p) => [p.period, p.revenue, p.cost, p.marginAmount])).toEqual([["2024-03", 50, null, null]]);

  const other = await f.makeTenant("RW");
  expect((await loadPivot(other.ctx, pivotQuery())).pivot.rows).toEqual([]);
});
