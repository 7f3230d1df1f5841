// An advertiser's pixels, click destinations and catalog feeds on the shared
// list stack (lib/entities/lists.ts over lib/list/engine.ts): the spec's
// columns and texts, search, status filter, sorting and paging from the URL,
// the advertiser from the page's route (another licensee's is "not found"),
// and the CSV export of each, which names the advertiser in its URL.
import { parse } from "csv-parse/sync";
import { requireSessionOrApiKey } from "@/lib/auth/session";
import type { SessionContext } from "@/lib/auth/context";
import { NotFoundError } from "@/lib/errors";
import { listExportResponse, loadListView } from "@/lib/entities/lists";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({ requireSessionOrApiKey: jest.fn() }));
const sessionMock = requireSessionOrApiKey as jest.MockedFunction<typeof requireSessionOrApiKey>;

useTestDatabase();

const names = (view: { rows: { cells: Record<string, string> }[] }) => view.rows.map((r) => r.cells.name);

async function setup() {
  const t = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(t.licensee.id, { mmp: "AppsFlyer" });
  sessionMock.mockResolvedValue(t.ctx);
  return { ...t, advertiser };
}

async function exportOf(entity: string, query: string) {
  const response = await listExportResponse(new Request(`http://x/api/list/${entity}/export?${query}`), entity);
  return { status: response.status, disposition: response.headers.get("content-disposition"), rows: response.status === 200 ? parse(await response.text(), { bom: true }) : [] };
}

describe("click destinations", () => {
  async function destinations(ctx: SessionContext, advertiserId: number) {
    await f.makeClickDestination({ id: advertiserId, licenseeId: ctx.licenseeId }, { name: "Store link", url: "https://b.example/x", mmpParams: [{ key: "pid", value: "dsp" }] });
    await f.makeClickDestination({ id: advertiserId, licenseeId: ctx.licenseeId }, { name: "Web link", url: "https://a.example/y", active: false });
    await f.makeClickDestination({ id: advertiserId, licenseeId: ctx.licenseeId }, { name: "Archived link", isArchived: true });
  }

  test("the spec's columns and empty text; search, status, sort and paging come from the URL", async () => {
    const { ctx, advertiser, licensee } = await setup();
    const empty = await loadListView(ctx, "click_destination", {}, { advertiserId: advertiser.id });
    expect(empty.rows).toEqual([]);
    expect(empty.emptyText).toBe("No Click Destinations for the selected Advertiser");
    expect(empty.columns.map((c) => c.header)).toEqual(["Name", "ID", "URL", "MMP Parameters", "Status"]);
    expect(empty.selectable).toBe(false);

    await destinations(ctx, advertiser.id);
    await f.makeClickDestination(await f.makeAdvertiser(licensee.id), { name: "Other advertiser's link" });
    const load = (params: Record<string, string>) => loadListView(ctx, "click_destination", params, { advertiserId: advertiser.id });
    expect(names(await load({}))).toEqual(["Store link", "Web link"]);
    expect(names(await load({ sort: "-name" }))).toEqual(["Web link", "Store link"]);
    expect(names(await load({ sort: "url" }))).toEqual(["Web link", "Store link"]);
    expect(names(await load({ q: "web" }))).toEqual(["Web link"]);
    expect(names(await load({ status: "active" }))).toEqual(["Store link"]);
    const page2 = await load({ size: "5", page: "2" });
    expect(page2.state).toMatchObject({ page: 1, size: 5 }); // past the end: the last page
    expect(page2.scope).toEqual({ advertiserId: advertiser.id });
    // The row carries what the edit dialog starts from, and the parameters as the list shows them.
    const [store] = (await load({})).rows;
    expect(store.cells.mmpParams).toBe("pid=dsp");
    expect(store.data).toMatchObject({ name: "Store link", url: "https://b.example/x", mmpParams: [{ key: "pid", value: "dsp" }], version: 1 });
    expect(store.href).toBeNull(); // no details page: the name is plain text
  });

  test("another licensee's advertiser is not found; the export needs the advertiser and answers its rows", async () => {
    const { ctx, advertiser } = await setup();
    await destinations(ctx, advertiser.id);
    const other = await f.makeTenant("RW");
    await expect(loadListView(ctx, "click_destination", {}, { advertiserId: (await f.makeAdvertiser(other.licensee.id)).id })).rejects.toThrow(NotFoundError);

    const csv = await exportOf("click_destination", `advertiserId=${advertiser.id}&sort=-name`);
    expect(csv.status).toBe(200);
    expect(csv.disposition).toMatch(/filename="click-destinations-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.rows.map((r: string[]) => [r[0], r[4]])).toEqual([
      ["Name", "Status"],
      ["Web link", "Inactive"],
      ["Store link", "Active"],
    ]);
    expect((await exportOf("click_destination", "")).status).toBe(404);
    const foreign = await f.makeAdvertiser(other.licensee.id);
    expect((await exportOf("click_destination", `advertiserId=${foreign.id}`)).status).toBe(404);
  });
});

describe("catalog feeds", () => {
  test("newest first with the spec's columns; status for the badge; sort and search from the URL", async () => {
    const { ctx, advertiser } = await setup();
    const old = await f.makeCatalogFeed(advertiser, { name: "Spring shoes", successRate: "83.333", itemsImported: 10, itemsTotal: 12, updateStatus: "COMPLETED" });
    await f.makeCatalogFeed(advertiser, { name: "Summer hats", successRate: "100", updateStatus: "PROCESSING", lastProcessStatus: "Queued" });
    await f.makeCatalogFeed(advertiser, { name: "Gone", isArchived: true });
    const load = (params: Record<string, string>) => loadListView(ctx, "catalog_feed", params, { advertiserId: advertiser.id });

    const view = await load({});
    expect(view.columns.map((c) => c.header)).toEqual([
      "Status",
      "Name",
      "Source",
      "Update Frequency",
      "Last Updated",
      "Update Status",
      "Items Imported",
      "Success Rate",
    ]);
    expect(names(view)).toEqual(["Summer hats", "Spring shoes"]);
    expect(view.rows[0].data).toEqual({ updateStatus: "PROCESSING", lastProcessStatus: "Queued" });
    expect(view.rows[1].cells).toMatchObject({ items: "10/12", successRate: "83.33%", updateStatus: "Completed", lastUpdated: "-" });
    expect(view.rows[1].href).toBe(`/advertiser/details/${advertiser.id}/catalog?feed=${old.id}`);
    expect(view.emptyText).toBe("No catalog feed found.");
    expect(names(await load({ sort: "successRate" }))).toEqual(["Spring shoes", "Summer hats"]);
    expect(names(await load({ q: "spring" }))).toEqual(["Spring shoes"]);
  });
});

describe("pixels", () => {
  test("name or id search and the status filter; the export is the advertiser's pixels only", async () => {
    const { ctx, advertiser, licensee } = await setup();
    const checkout = await f.makePixel(advertiser, { name: "Checkout" });
    await f.makePixel(advertiser, { name: "Signup", active: false });
    await f.makePixel(await f.makeAdvertiser(licensee.id), { name: "Checkout elsewhere" });
    const load = (params: Record<string, string>) => loadListView(ctx, "pixel", params, { advertiserId: advertiser.id });
    expect(names(await load({ q: "check" }))).toEqual(["Checkout"]);
    expect(names(await load({ q: String(checkout.id) }))).toEqual(["Checkout"]);
    expect(names(await load({ status: "inactive" }))).toEqual(["Signup"]);

    const csv = await exportOf("pixel", `advertiserId=${advertiser.id}&sort=name`);
    expect(csv.rows[0]).toEqual(["Status", "Name", "ID", "User F-Cap", "F-Cap Duration (s)", "Type", "Conversions"]);
    expect(csv.rows.slice(1).map((r: string[]) => r[1])).toEqual(["Checkout", "Signup"]);
  });

  test("a list of one advertiser's rows needs the advertiser and keeps it out of its URL state; an entity without a list has none", async () => {
    const { ctx, advertiser } = await setup();
    const view = await loadListView(ctx, "pixel", { advertiserId: "999", q: "x" }, { advertiserId: advertiser.id });
    expect(view.state).toMatchObject({ advertiserId: null, q: "x" });
    expect(view.scope).toEqual({ advertiserId: advertiser.id });
    await expect(loadListView(ctx, "pixel", {})).rejects.toThrow(new NotFoundError("Advertiser"));
    await expect(loadListView(ctx, "no_such_entity", {})).rejects.toThrow(NotFoundError); // every registered entity has a list: an unknown key has none
  });
});

describe("a campaign's strategies (its details page)", () => {
  test("only the campaign's strategies, the campaign fixed whatever the URL says, no parent filters, the export keeps it", async () => {
    const { ctx, advertiser } = await setup();
    const campaign = await f.makeCampaign(advertiser);
    const other = await f.makeCampaign(advertiser);
    await f.makeStrategy(campaign, { name: "Ours B" });
    await f.makeStrategy(campaign, { name: "Ours A", active: false });
    await f.makeStrategy(other, { name: "Sibling campaign's" });
    const load = (params: Record<string, string>) => loadListView(ctx, "strategy", params, { campaignId: campaign.id });

    const view = await load({ campaignId: String(other.id), advertiserId: "999999" });
    expect(names(view)).toEqual(["Ours A", "Ours B"]);
    expect(view.scope).toEqual({ campaignId: campaign.id });
    expect(view.filters).toEqual({ advertisers: null, campaigns: null });
    expect(view.state).toMatchObject({ campaignId: null, advertiserId: null });
    expect(names(await load({ status: "active" }))).toEqual(["Ours B"]);

    // The list's export link adds the scope to the URL state: the file holds the same rows.
    const file = await exportOf("strategy", `campaignId=${campaign.id}`);
    expect(file.status).toBe(200);
    expect(file.rows.slice(1).map((r: string[]) => r[file.rows[0].indexOf("Name")])).toEqual(["Ours A", "Ours B"]);
  });
});
