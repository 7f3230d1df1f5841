// Reads of conversion trackers on the test database: the list of the
// CONVERSION TRACKER tab (archived never listed, server-side sort and paging,
// fires of the last 6 months as conversions) and the details' performance.
import { db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import type { SessionContext } from "@/lib/auth/context";
import { loadListView } from "@/lib/entities/lists";
import { getPixelDetails } from "@/lib/pixels/queries";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

/** The CONVERSION TRACKER tab's list of one advertiser (the page's loadListView), as of NOW. */
const listPixels = (ctx: SessionContext, advertiserId: number, params: Record<string, string>, now: Date) =>
  loadListView(ctx, "pixel", params, { advertiserId, now });

const NOW = new Date("2030-07-15T12:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

async function fires(pixelId: number, ...ages: number[]) {
  await db.pixelFire.createMany({ data: ages.map((age) => ({ pixelId, firedAt: daysAgo(age) })) });
}

const setup = () => f.makeTenantWithAdvertiser("RW");

describe("list", () => {
  test("one advertiser's pixels, newest first, archived never listed, display strings only", async () => {
    const { ctx, advertiser, licensee } = await setup();
    const a = await f.makePixel(advertiser, { name: "Alpha", type: "VIEW_CONV", userFcap: 3, fcapDuration: 600 });
    const b = await f.makePixel(advertiser, { name: "Beta", type: "HYBRID_CONV", active: false });
    await f.makePixel(advertiser, { name: "Gone", isArchived: true });
    await f.makePixel(await f.makeAdvertiser(licensee.id), { name: "Other advertiser" });
    await fires(a.id, 1, 2, 200); // 200 days ago is outside the 6 months
    const view = await listPixels(ctx, advertiser.id, {}, NOW);
    expect(view.total).toBe(2);
    expect(view.rows.map(({ id, active, href, cells }) => ({ id, active, href, cells }))).toEqual([
      {
        id: b.id,
        active: false,
        href: `/advertiser/${advertiser.id}/pixel/details/${b.id}`,
        cells: { active: "Inactive", name: "Beta", id: String(b.id), type: "Hybrid", userFcap: "No Limit", fcapDuration: "-", conversions: "0" },
      },
      {
        id: a.id,
        active: true,
        href: `/advertiser/${advertiser.id}/pixel/details/${a.id}`,
        cells: { active: "Active", name: "Alpha", id: String(a.id), type: "View Conversions", userFcap: "3 every 10 Minute(s)", fcapDuration: "600", conversions: "2" },
      },
    ]);
    expect(view.columns.map((c) => c.header)).toEqual(["Status", "Name", "ID", "User F-Cap", "F-Cap Duration (s)", "Type", "Conversions"]);
    expect(view.emptyText).toBe("No Pixel found.");
    expect(view.state).toMatchObject({ page: 1, sort: null });
  });

  test("sorts by any column, conversions included, and pages on the server", async () => {
    const { ctx, advertiser } = await setup();
    const p1 = await f.makePixel(advertiser, { name: "Charlie" });
    const p2 = await f.makePixel(advertiser, { name: "alpha" });
    const p3 = await f.makePixel(advertiser, { name: "Bravo" });
    await fires(p1.id, 1);
    await fires(p3.id, 1, 2, 3);
    const names = async (params: Record<string, string>) => (await listPixels(ctx, advertiser.id, params, NOW)).rows.map((r) => r.id);
    expect(await names({ sort: "-conversions" })).toEqual([p3.id, p1.id, p2.id]);
    expect(await names({ sort: "conversions" })).toEqual([p2.id, p1.id, p3.id]);
    expect(await names({ sort: "id" })).toEqual([p1.id, p2.id, p3.id]);
    expect(await names({ sort: "-conversions", size: "5", page: "1" })).toEqual([p3.id, p1.id, p2.id]);

    for (let i = 0; i < 4; i++) await f.makePixel(advertiser, { name: `Extra ${i}` });
    const page2 = await listPixels(ctx, advertiser.id, { sort: "-conversions", size: "5", page: "2" }, NOW);
    expect(page2.total).toBe(7);
    expect(page2.rows).toHaveLength(2);
    expect(page2.state).toMatchObject({ page: 2, size: 5, sort: { field: "conversions", desc: true } });
    // A page past the end shows the last page; an unknown sort field is ignored.
    const past = await listPixels(ctx, advertiser.id, { size: "5", page: "9", sort: "licenseeId" }, NOW);
    expect(past.state).toMatchObject({ page: 2, sort: null });
  });

  test("an empty list, and another licensee's advertiser is not found", async () => {
    const { ctx, advertiser } = await setup();
    expect((await listPixels(ctx, advertiser.id, {}, NOW)).rows).toEqual([]);
    const other = await setup();
    await expect(listPixels(ctx, other.advertiser.id, {}, NOW)).rejects.toThrow(NotFoundError);
  });
});

describe("details performance (last 6 months)", () => {
  async function deliver(strategy: { id: number; licenseeId: number; advertiserId: number; campaignId: number }, hour: Date, n: number) {
    await db.deliveryStrategyHourly.create({
      data: {
        hour,
        licenseeId: strategy.licenseeId,
        advertiserId: strategy.advertiserId,
        campaignId: strategy.campaignId,
        strategyId: strategy.id,
        impressions: BigInt(1000 * n),
        clicks: BigInt(10 * n),
        conversions: BigInt(3 * n),
        clickConversions: BigInt(2 * n),
        viewConversions: BigInt(n),
      },
    });
  }

  test("delivery of the strategies tracking the pixel (listed, or by their campaign's pixel), once each; conversions by type", async () => {
    const { ctx, advertiser } = await setup();
    const pixel = await f.makePixel(advertiser, { type: "CLICK_CONV" });
    const other = await f.makePixel(advertiser, { type: "HYBRID_CONV" });
    const byCampaign = await f.makeCampaign(advertiser, { pixelId: pixel.id });
    const plain = await f.makeCampaign(advertiser);
    const s1 = await f.makeStrategy(byCampaign); // via the campaign's pixel
    const s2 = await f.makeStrategy(plain, { pixels: { create: [{ pixelId: pixel.id }] } }); // listed
    const s3 = await f.makeStrategy(byCampaign, { pixels: { create: [{ pixelId: pixel.id }] } }); // both ways: counted once
    const s4 = await f.makeStrategy(plain, { pixels: { create: [{ pixelId: other.id }] } }); // another pixel
    for (const s of [s1, s2, s3, s4]) await deliver(s, daysAgo(3), 1);
    await deliver(s1, daysAgo(200), 5); // before the window
    await fires(pixel.id, 1, 10, 100, 190);

    const { pixel: view, performance } = await getPixelDetails(ctx, advertiser.id, pixel.id, NOW);
    expect(view).toMatchObject({ id: pixel.id, typeName: "Click Conversions" });
    expect(performance).toEqual({
      impressions: 3000,
      clicks: 30,
      conversions: 6, // click-through conversions of s1, s2, s3
      timesFired: 3,
      since: "2030-01-15T12:00:00.000Z",
    });

    const view2 = await getPixelDetails(ctx, advertiser.id, other.id, NOW);
    expect(view2.performance).toMatchObject({ impressions: 1000, conversions: 3 }); // a hybrid pixel counts both kinds
  });

  test("a view pixel counts view-through conversions; a pixel no strategy tracks has zero delivery", async () => {
    const { ctx, advertiser } = await setup();
    const pixel = await f.makePixel(advertiser, { type: "VIEW_CONV" });
    const tracked = await f.makePixel(advertiser, { type: "VIEW_CONV" });
    await deliver(await f.makeStrategy(await f.makeCampaign(advertiser, { pixelId: tracked.id })), daysAgo(1), 2);
    const details = await getPixelDetails(ctx, advertiser.id, tracked.id, NOW);
    expect(details.performance.conversions).toBe(2); // view-through only
    // The factory keeps the column default for the click window: a view pixel still has none.
    expect(details.pixel).toMatchObject({ viewWindowText: "60 day(s)", clickWindowText: "Not applicable" });
    expect((await getPixelDetails(ctx, advertiser.id, pixel.id, NOW)).performance).toMatchObject({
      impressions: 0,
      clicks: 0,
      conversions: 0,
      timesFired: 0,
    });
  });
});
