// The creatives lists sorted by a metric: a set's creatives (creative-set-creatives.tsx
// loads them with loadCreativeListView and the set's id) page after page in
// the order computed by hand from the delivered facts, only that set's
// creatives; /creative lists every creative of the licensee.
import { db } from "@/lib/db";
import { loadCreativeListView } from "@/lib/creatives/list";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

// [name, impressions, clicks] per creative of the set (null: no delivery at all).
const IN_SET: Array<[string, number, number] | [string, null, null]> = [
  ["C0", 1000, 10], // ctr 1 %
  ["C1", 1000, 10], // ctr 1 %: tie with C0, broken by id
  ["C2", 0, 0], // ctr undefined (no impressions)
  ["C3", null, null], // no delivery
  ["C4", 200, 9], // ctr 4.5 %
  ["C5", 5000, 7], // ctr 0.14 %
];

async function world() {
  const t = await f.makeTenantWithAdvertiser();
  const campaign = await f.makeCampaign(t.advertiser);
  const strategy = await f.makeStrategy(campaign);
  const set = await f.makeCreativeSet(t.advertiser, { name: "Spring" });
  const otherSet = await f.makeCreativeSet(t.advertiser, { name: "Autumn" });
  let site = 0;
  const deliver = (creativeId: number, impressions: number, clicks: number) =>
    db.deliveryHourly.create({
      data: {
        hour: f.yesterdayNoon(), licenseeId: t.licensee.id, advertiserId: t.advertiser.id, campaignId: campaign.id, strategyId: strategy.id,
        creativeId, country: String(++site).padStart(2, "0"), impressions: BigInt(impressions), clicks: BigInt(clicks), revenue: "1",
      },
    });
  for (const [name, impressions, clicks] of IN_SET) {
    const c = await f.makeCreative(t.advertiser, { name });
    await db.creativeSetCreative.create({ data: { creativeSetId: set.id, creativeId: c.id } });
    if (impressions !== null) await deliver(c.id, impressions, clicks);
  }
  // The other set's creative delivers the most: it must never show in the first set's list.
  const outside = await f.makeCreative(t.advertiser, { name: "Outside" });
  await db.creativeSetCreative.create({ data: { creativeSetId: otherSet.id, creativeId: outside.id } });
  await deliver(outside.id, 90_000, 9_000);
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 3, columns: ["impressions", "clicks", "ctr"] } });
  return { ...t, set };
}

/** The set's list, both pages of 3 rows, as the names shown. */
async function setOrder(w: Awaited<ReturnType<typeof world>>, sort: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= 2; page++) {
    const view = await loadCreativeListView(w.ctx, { sort, page: String(page), size: "3" }, { creativeSetId: w.set.id });
    expect(view.rows).toHaveLength(3);
    out.push(...view.rows.map((r) => r.cells.name));
  }
  return out;
}

// Computed by hand from IN_SET: ratios without a denominator last, ties by id (creation order).
test.each([
  ["-impressions", ["C5", "C0", "C1", "C4", "C2", "C3"]],
  ["-ctr", ["C4", "C0", "C1", "C5", "C2", "C3"]],
  ["ctr", ["C5", "C0", "C1", "C4", "C2", "C3"]],
  ["-clicks", ["C0", "C1", "C4", "C5", "C2", "C3"]],
])("a set's creatives sorted by %s give the hand-computed order page by page, only that set's", async (sort, expected) => {
  const w = await world();
  expect(await setOrder(w, sort)).toEqual(expected);
});

test("the set's list counts only its creatives; /creative lists all the licensee's", async () => {
  const w = await world();
  const inSet = await loadCreativeListView(w.ctx, { size: "3" }, { creativeSetId: w.set.id });
  expect(inSet.total).toBe(6);
  const all = await loadCreativeListView(w.ctx, { size: "3", sort: "-impressions" });
  expect(all.total).toBe(7);
  expect(all.rows[0].cells.name).toBe("Outside");
});
