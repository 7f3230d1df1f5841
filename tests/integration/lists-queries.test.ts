// Dashboard lists (advertiser, campaign, strategy): server-side paging,
// sorting and filtering from the URL state, metrics over the user's date
// range, column sets per role, and the CSV export built from the same rules.
import { parse } from "csv-parse/sync";
import { db } from "@/lib/db";
import { requireSessionOrApiKey } from "@/lib/auth/session";
import type { SessionContext } from "@/lib/auth/context";
import { listExportResponse, loadListExport, loadListView } from "@/lib/entities/lists";
import { UnauthenticatedError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({ requireSessionOrApiKey: jest.fn() }));
const sessionMock = requireSessionOrApiKey as jest.MockedFunction<typeof requireSessionOrApiKey>;

useTestDatabase();

const q = (query: string) => new URLSearchParams(query);
const names = (view: { rows: { cells: Record<string, string> }[] }) => view.rows.map((r) => r.cells.name);
const columnIds = (view: { columns: { id: string }[] }) => view.columns.map((c) => c.id);

/** Yesterday noon UTC: inside the default range (last 7 days ending yesterday, UTC). */
async function deliver(
  s: { id: number; licenseeId: number; advertiserId: number; campaignId: number },
  values: { impressions: number; clicks?: number; revenue?: string; cost?: string },
) {
  await db.deliveryStrategyHourly.create({
    data: {
      hour: f.yesterdayNoon(),
      licenseeId: s.licenseeId,
      advertiserId: s.advertiserId,
      campaignId: s.campaignId,
      strategyId: s.id,
      impressions: BigInt(values.impressions),
      clicks: BigInt(values.clicks ?? 0),
      revenue: values.revenue ?? "0",
      cost: values.cost ?? "0",
    },
  });
}

/** A system "Default" preset the list uses for everyone without a selection. */
async function defaultPreset(columns: string[], rowLimit = 20) {
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit, columns } });
}

async function roleIn(licenseeId: number, role: "RO" | "DEMO"): Promise<SessionContext> {
  const user = await f.makeUser(`${role.toLowerCase()}${licenseeId}@example.com`, [{ licenseeId, role }]);
  return f.ctxFor(user.id, licenseeId);
}

describe("paging, sorting and filtering on the server", () => {
  async function campaigns(n: number) {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const rows = [];
    for (let i = 1; i <= n; i++) rows.push(await f.makeCampaign(advertiser, { name: `C${String(i).padStart(2, "0")}` }));
    return { licensee, ctx, advertiser, rows };
  }

  test("page 2 holds the next rows; the total counts every match; sizes come from the URL", async () => {
    const { ctx } = await campaigns(25);
    const first = await loadListView(ctx, "campaign", q("size=10"));
    expect(first.total).toBe(25);
    expect(names(first)).toEqual(["C01", "C02", "C03", "C04", "C05", "C06", "C07", "C08", "C09", "C10"]);
    const second = await loadListView(ctx, "campaign", q("size=10&page=2"));
    expect(names(second)).toEqual(["C11", "C12", "C13", "C14", "C15", "C16", "C17", "C18", "C19", "C20"]);
    expect(second.state).toMatchObject({ page: 2, size: 10 });
  });

  test("the preset's row limit is the default page size; a page past the end shows the last page", async () => {
    const { ctx } = await campaigns(7);
    await defaultPreset(["impressions"], 5);
    const view = await loadListView(ctx, "campaign", q(""));
    expect(view.state.size).toBe(5);
    expect(view.pageSizes).toEqual([5, 10, 25, 100]);
    expect(names(view)).toHaveLength(5);
    const last = await loadListView(ctx, "campaign", q("page=99"));
    expect(last.state.page).toBe(2);
    expect(names(last)).toEqual(["C06", "C07"]);
  });

  test("sorting by name descending, and bad sort values fall back to the default order", async () => {
    const { ctx } = await campaigns(4);
    expect(names(await loadListView(ctx, "campaign", q("sort=-name")))).toEqual(["C04", "C03", "C02", "C01"]);
    for (const sort of ["password", "-licenseeId", "name;drop"]) {
      const view = await loadListView(ctx, "campaign", q(`sort=${encodeURIComponent(sort)}`));
      expect(view.state.sort).toBeNull();
      expect(names(view)).toEqual(["C01", "C02", "C03", "C04"]);
    }
  });

  test("sorting by a metric sorts every matching row before paging; ties and rows without data by id", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    const impressions = [300, 0, 900, 100, 900];
    const made = [];
    for (const [i, n] of impressions.entries()) {
      const campaign = await f.makeCampaign(advertiser, { name: `M${i}` });
      made.push(campaign);
      if (n > 0) await deliver(await f.makeStrategy(campaign), { impressions: n });
    }
    await defaultPreset(["impressions", "ctr"], 2);
    const all = await loadListView(ctx, "campaign", q("sort=-impressions&size=5"));
    expect(names(all)).toEqual(["M2", "M4", "M0", "M3", "M1"]);
    expect(all.rows[0].cells.impressions).toBe("900");
    const pageTwo = await loadListView(ctx, "campaign", q("sort=-impressions&page=2"));
    expect(names(pageTwo)).toEqual(["M0", "M3"]);
    expect(pageTwo.total).toBe(5);
    const ascending = await loadListView(ctx, "campaign", q("sort=impressions&size=5"));
    expect(names(ascending)).toEqual(["M1", "M3", "M0", "M2", "M4"]);
    // A ratio with no denominator has no value: last in both directions.
    const ctrDesc = await loadListView(ctx, "campaign", q("sort=-ctr&size=5"));
    expect(ctrDesc.rows.map((r) => r.cells.ctr)).toEqual(["0.00%", "0.00%", "0.00%", "0.00%", "-"]);
    expect(names(ctrDesc).at(-1)).toBe("M1");
  });

  test("filters: status, name search (case-insensitive), advertiser; strategies by campaign", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const a1 = await f.makeAdvertiser(licensee.id);
    const a2 = await f.makeAdvertiser(licensee.id);
    const c1 = await f.makeCampaign(a1, { name: "Summer Sale" });
    const c2 = await f.makeCampaign(a1, { name: "Winter Sale", active: false });
    const c3 = await f.makeCampaign(a2, { name: "Brand" });
    await f.makeStrategy(c1, { name: "S-c1" });
    await f.makeStrategy(c2, { name: "S-c2" });
    await f.makeStrategy(c3, { name: "S-c3" });

    expect(names(await loadListView(ctx, "campaign", q("status=inactive")))).toEqual(["Winter Sale"]);
    expect(names(await loadListView(ctx, "campaign", q("status=active")))).toEqual(["Brand", "Summer Sale"]);
    expect(names(await loadListView(ctx, "campaign", q("q=sale")))).toEqual(["Summer Sale", "Winter Sale"]);
    expect(names(await loadListView(ctx, "campaign", q(`q=${c3.id}`)))).toEqual(["Brand"]);
    expect(names(await loadListView(ctx, "campaign", q(`advertiserId=${a2.id}`)))).toEqual(["Brand"]);
    expect(names(await loadListView(ctx, "strategy", q(`campaignId=${c2.id}`)))).toEqual(["S-c2"]);
    const byAdvertiser = await loadListView(ctx, "strategy", q(`advertiserId=${a1.id}`));
    expect(names(byAdvertiser)).toEqual(["S-c1", "S-c2"]);
    // The toolbar's campaign choices follow the chosen advertiser.
    expect(byAdvertiser.filters.campaigns?.map((c) => c.name)).toEqual(["Summer Sale", "Winter Sale"]);
    expect(byAdvertiser.filters.advertisers?.map((a) => a.id).sort()).toEqual([a1.id, a2.id].sort());
  });

  test("archived rows and A/B-test strategies are never listed", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    await f.makeAdvertiser(licensee.id, { name: "Gone", isArchived: true, active: false });
    const campaign = await f.makeCampaign(advertiser, { name: "Live" });
    await f.makeCampaign(advertiser, { name: "Archived", isArchived: true });
    await f.makeStrategy(campaign, { name: "Kept" });
    await f.makeStrategy(campaign, { name: "Old", isArchived: true });
    await f.makeStrategy(campaign, { name: "Arm", isAbTestStrategy: true });

    expect(names(await loadListView(ctx, "advertiser", q("")))).toEqual([advertiser.name]);
    expect(names(await loadListView(ctx, "campaign", q("")))).toEqual(["Live"]);
    const strategies = await loadListView(ctx, "strategy", q(""));
    expect(names(strategies)).toEqual(["Kept"]);
    expect(strategies.total).toBe(1);
    expect((await loadListView(ctx, "advertiser", q("q=Gone"))).rows).toEqual([]);
  });

  test("another licensee's rows never appear, not even when its ids are in the filters", async () => {
    const mine = await f.makeTenant();
    const theirs = await f.makeTenant();
    const myAdvertiser = await f.makeAdvertiser(mine.licensee.id, { name: "Mine" });
    const theirAdvertiser = await f.makeAdvertiser(theirs.licensee.id, { name: "Theirs" });
    const theirCampaign = await f.makeCampaign(theirAdvertiser, { name: "Their campaign" });
    await f.makeStrategy(theirCampaign, { name: "Their strategy" });
    await f.makeCampaign(myAdvertiser, { name: "My campaign" });

    expect(names(await loadListView(mine.ctx, "advertiser", q("")))).toEqual(["Mine"]);
    expect(names(await loadListView(mine.ctx, "campaign", q("")))).toEqual(["My campaign"]);
    expect((await loadListView(mine.ctx, "campaign", q(`advertiserId=${theirAdvertiser.id}`))).rows).toEqual([]);
    expect((await loadListView(mine.ctx, "strategy", q(`campaignId=${theirCampaign.id}`))).rows).toEqual([]);
    expect((await loadListView(mine.ctx, "campaign", q(`q=${theirCampaign.id}`))).rows).toEqual([]);
    const options = (await loadListView(mine.ctx, "strategy", q(""))).filters;
    expect(options.advertisers?.map((a) => a.name)).toEqual(["Mine"]);
    expect(options.campaigns?.map((c) => c.name)).toEqual(["My campaign"]);
  });
});

describe("columns and cells", () => {
  test("campaign cells: schedule, 'Never Ending', 'Unlimited', SKAD Yes/No, budget with currency", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    await f.makeCampaign(advertiser, {
      name: "Open",
      startTime: new Date("2024-03-05T10:00:00Z"),
      endTime: null,
      lifetimeBudget: null,
      skadTarget: true,
    });
    await f.makeCampaign(advertiser, {
      name: "Closed",
      startTime: new Date("2024-03-05T10:00:00Z"),
      endTime: new Date("2024-04-30T00:00:00Z"),
      lifetimeBudget: "60000",
      currencyCode: "EUR",
    });
    const view = await loadListView(ctx, "campaign", q(""));
    expect(columnIds(view).slice(0, 6)).toEqual(["active", "name", "startTime", "endTime", "lifetimeBudget", "skadTarget"]);
    const [closed, open] = view.rows;
    expect(open.cells).toMatchObject({ active: "Active", startTime: "05 Mar 2024", endTime: "Never Ending", lifetimeBudget: "Unlimited", skadTarget: "Yes" });
    expect(closed.cells).toMatchObject({ endTime: "30 Apr 2024", lifetimeBudget: "€60,000.00", skadTarget: "No" });
    expect(open.href).toBe(`/campaign/details/${open.id}`);
  });

  test("strategy set-up columns for RW; RO gets neither them nor metrics not flagged for read-only users", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const ro = await roleIn(licensee.id, "RO");
    const advertiser = await f.makeAdvertiser(licensee.id);
    const campaign = await f.makeCampaign(advertiser, { currencyCode: "USD" });
    await f.makeStrategy(campaign, {
      pricingType: "MARGIN",
      pricingValue: "0.3",
      pacingTypeId: 10,
      dailyAdvSpendBudget: null,
      bidCapMax: "-1",
      isBargainerActive: true,
    });
    await defaultPreset(["impressions", "cost", "margin", "pacingBudgetValue", "cpaTarget", "revenue"]);

    const rw = await loadListView(ctx, "strategy", q(""));
    expect(columnIds(rw)).toEqual([
      "active", "name", "startTime", "endTime", "pacingLifetime", "pacingToday",
      "pricingType", "pricingValue", "pacingType", "dailyAdvSpendBudget", "bidCapMax", "isBargainerActive", "pacingBudgetValue",
      "impressions", "cost", "margin", "revenue",
    ]);
    expect(rw.rows[0].cells).toMatchObject({
      pricingType: "Margin",
      pricingValue: "30%",
      pacingType: "Hourly Weightage (Daily)",
      dailyAdvSpendBudget: "Unlimited",
      bidCapMax: "None",
      isBargainerActive: "Yes",
    });
    expect(rw.writeControls).toBe("enabled");

    const roView = await loadListView(ro, "strategy", q("sort=-cost"));
    expect(columnIds(roView)).toEqual(["active", "name", "startTime", "endTime", "impressions", "revenue"]);
    expect(Object.keys(roView.rows[0].cells).sort()).toEqual(["active", "endTime", "impressions", "name", "revenue", "startTime"]);
    expect(roView.state.sort).toBeNull(); // a hidden column cannot even order the rows
    expect(roView.writeControls).toBe("hidden");
    expect((await loadListView(await roleIn(licensee.id, "DEMO"), "strategy", q(""))).writeControls).toBe("disabled");

    // Campaign set-up columns from the preset show on the campaign list only, and not for RO.
    expect(columnIds(await loadListView(ctx, "campaign", q("")))).toContain("cpaTarget");
    expect(columnIds(await loadListView(ro, "campaign", q("")))).not.toContain("cpaTarget");
  });

  test("metric cells are formatted in the row's currency", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id, { currencyCode: "EUR" });
    const campaign = await f.makeCampaign(advertiser, { currencyCode: "EUR" });
    await deliver(await f.makeStrategy(campaign), { impressions: 12345, clicks: 100, revenue: "1500.50", cost: "900" });
    await defaultPreset(["impressions", "clicks", "ctr", "revenue", "margin"]);
    const advertisers = await loadListView(ctx, "advertiser", q(""));
    expect(advertisers.rows[0].cells).toMatchObject({ impressions: "12.35K", clicks: "100", ctr: "0.81%", revenue: "€1.50K", margin: "40.02%" });
    expect(advertisers.columns.find((c) => c.id === "revenue")).toMatchObject({ header: "Adv Spend", kind: "number", sortable: true });
  });
});

describe("CSV export", () => {
  test("every matching row in list order with the visible columns; numbers unabbreviated", async () => {
    const { licensee, ctx } = await f.makeTenant();
    const advertiser = await f.makeAdvertiser(licensee.id);
    for (let i = 1; i <= 12; i++) await f.makeCampaign(advertiser, { name: `E${String(i).padStart(2, "0")}` });
    const target = await f.makeCampaign(advertiser, { name: "=HYPERLINK(\"x\")" });
    await deliver(await f.makeStrategy(target), { impressions: 12345 });
    await defaultPreset(["impressions"]);

    const view = await loadListView(ctx, "campaign", q("size=5&sort=-impressions"));
    const data = await loadListExport(ctx, "campaign", q("size=5&sort=-impressions&page=2"));
    expect(data.header).toEqual(view.columns.map((c) => c.header));
    expect(data.rows).toHaveLength(13); // not only the page
    // Most impressions first, then the ties (no delivery) by id.
    expect(data.rows.map((r) => r[1])).toEqual(["=HYPERLINK(\"x\")", ...Array.from({ length: 12 }, (_, i) => `E${String(i + 1).padStart(2, "0")}`)]);
    expect(data.rows[0][data.header.indexOf("Impressions")]).toBe(12345);
  });

  test("the route answers a CSV attachment, formula-escaped; RO's file has no forbidden column", async () => {
    const { licensee } = await f.makeTenant();
    const ro = await roleIn(licensee.id, "RO");
    const advertiser = await f.makeAdvertiser(licensee.id);
    const campaign = await f.makeCampaign(advertiser);
    await f.makeStrategy(campaign, { name: "@risky, name" });
    await defaultPreset(["impressions", "cost", "ecpm"]);
    sessionMock.mockResolvedValue(ro);

    const response = await listExportResponse(new Request("http://x/api/list/strategy/export?q=risky"), "strategy");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="strategies-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(await response.text(), { bom: true });
    expect(rows[0]).toEqual(["Status", "Name", "Start Date", "End Date", "Impressions"]);
    expect(rows[1]).toEqual(["Active", "'@risky, name", "01 Jan 2030", "Never Ending", "0"]);
  });

  test("unknown list or no session: error envelope, no data", async () => {
    const { ctx } = await f.makeTenant();
    sessionMock.mockResolvedValue(ctx);
    const unknown = await listExportResponse(new Request("http://x/api/list/user/export"), "user");
    expect(unknown.status).toBe(404);
    sessionMock.mockRejectedValue(new UnauthenticatedError());
    const anonymous = await listExportResponse(new Request("http://x/api/list/campaign/export"), "campaign");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe("Your current session has expired! Please log in again.");
  });
});
