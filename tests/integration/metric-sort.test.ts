// Sorting a list by a metric is done in SQL with LIMIT (lib/metrics/query.ts
// idsByMetric, from the same formula definitions as the values shown): its
// order must be the order of the values the list shows, and the order a
// hand-written statement over the rollup gives, page after page.
import { db } from "@/lib/db";
import { loadListView } from "@/lib/entities/lists";
import { idsByMetric } from "@/lib/metrics/query";
import { buildBoundary } from "@/lib/metrics/boundaries";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

// impressions, clicks, revenue, cost per strategy (null: no delivery at all).
const DATA: Array<[number, number, string, string] | null> = [
  [1000, 10, "5.000000", "3.000000"],
  [1000, 10, "5.000000", "4.000000"], // same ctr as the first: tie by id
  [0, 0, "0", "0"], // ctr undefined (no impressions)
  null,
  [200, 9, "1.000000", "0.100000"],
  [5000, 7, "20.123456", "20.123455"],
  [30, 1, "0.000001", "0"],
  [999, 33, "8.5", "1.25"],
];

async function world() {
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategies = [];
  for (const [i, values] of DATA.entries()) {
    const s = await f.makeStrategy(campaign, { name: `S${i}` });
    strategies.push(s);
    if (!values) continue;
    const [impressions, clicks, revenue, cost] = values;
    await db.deliveryStrategyHourly.create({
      data: { hour: f.yesterdayNoon(), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, impressions, clicks, revenue, cost },
    });
  }
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 3, columns: ["impressions", "clicks", "ctr", "margin", "revenue", "ecpm"] } });
  return { ctx, strategies };
}

const names = (view: { rows: { cells: Record<string, string> }[] }) => view.rows.map((r) => r.cells.name);

/** The whole order, read page by page (3 rows a page). */
async function listOrder(ctx: Parameters<typeof loadListView>[0], sort: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= 3; page++) out.push(...names(await loadListView(ctx, "strategy", { sort, page: String(page), size: "3" })));
  return out;
}

// The same orders written by hand over the rollup: NULL (no denominator) last, ties by id.
const HAND_WRITTEN: Record<string, string> = {
  ctr: `sum(d.clicks)::numeric / NULLIF(sum(d.impressions), 0) * 100`,
  margin: `(sum(d.revenue) - sum(d.cost)) / NULLIF(sum(d.revenue), 0) * 100`,
  revenue: `coalesce(sum(d.revenue), 0)`,
  ecpm: `sum(d.cost) / NULLIF(sum(d.impressions), 0) * 1000`,
};

async function handWritten(licenseeId: number, metric: string, desc: boolean): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<Array<{ name: string }>>(
    `SELECT s.name FROM "Strategy" s LEFT JOIN "DeliveryStrategyHourly" d ON d."strategyId" = s.id
     WHERE s."licenseeId" = $1 GROUP BY s.id, s.name
     ORDER BY ${HAND_WRITTEN[metric]} ${desc ? "DESC" : "ASC"} NULLS LAST, s.id`,
    licenseeId,
  );
  return rows.map((r) => r.name);
}

test.each(Object.keys(HAND_WRITTEN).flatMap((m) => [[m, true, false] as const, [m, false, false] as const, [m, true, true] as const, [m, false, true] as const]))(
  "by %s (descending: %s, from the running totals: %s): the list's pages give the hand-written order and the order of the values shown",
  async (metric, desc, running) => {
    const { ctx, strategies } = await world();
    // With the UTC running totals ready (as they always are) the sort reads them (one row per
    // strategy, no grouping); marked not ready, it reads the daily rollup and the edge hours.
    if (running) await buildBoundary(0);
    else await db.deliveryBoundary.updateMany({ where: { boundaryHour: 0 }, data: { ready: false } });
    const order = await listOrder(ctx, `${desc ? "-" : ""}${metric}`);
    expect(order).toEqual(await handWritten(strategies[0].licenseeId, metric, desc));

    // The values shown, in that order, are sorted (no value last).
    const all = await loadListView(ctx, "strategy", { sort: `${desc ? "-" : ""}${metric}`, size: "10" });
    expect(names(all)).toEqual(order);
    const shown = all.rows.map((r) => r.cells[metric]);
    const firstBlank = shown.indexOf("-");
    if (firstBlank >= 0) expect(shown.slice(firstBlank).every((v) => v === "-")).toBe(true);
  },
);

test("another licensee's ids take no place on the page", async () => {
  const { ctx, strategies } = await world();
  const other = await world();
  const range = { from: "2000-01-01", to: "2000-01-02", timezoneId: 805 };
  const page = await idsByMetric(ctx, { level: "strategy", ids: [...other.strategies.map((s) => s.id), ...strategies.map((s) => s.id)], range, metricId: "impressions", desc: true, skip: 0, take: 100 });
  expect(page.sort((a, b) => a - b)).toEqual(strategies.map((s) => s.id).sort((a, b) => a - b));
});
