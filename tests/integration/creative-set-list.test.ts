// The creative set list (shell.md 3) on the shared engine: the order by a
// delivery metric in SQL equals a hand-computed order over a small dataset,
// page after page; the cells read 'Never Ending', the DCO marker, sizes and the
// scheduled timezone's name; archived sets and other licensees' are not listed.
import { db } from "@/lib/db";
import { loadListView } from "@/lib/entities/lists";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

// Impressions and clicks of each set's one creative (null: no delivery).
const DATA: Array<[number, number] | null> = [[1000, 10], [200, 9], null, [5000, 7], [999, 33], [1000, 40]];

async function world() {
  await f.makeUtcTimezone();
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  const sets = [];
  for (const [i, values] of DATA.entries()) {
    const set = await f.makeCreativeSet(advertiser, { name: `S${i}` });
    const creative = await f.makeCreative(advertiser);
    await db.creativeSetCreative.create({ data: { creativeSetId: set.id, creativeId: creative.id } });
    sets.push({ set, values });
    if (!values) continue;
    await db.deliveryHourly.create({
      data: {
        hour: f.yesterdayNoon(), licenseeId: licensee.id, advertiserId: advertiser.id, campaignId: campaign.id, strategyId: strategy.id,
        creativeId: creative.id, country: "US", impressions: BigInt(values[0]), clicks: BigInt(values[1]), revenue: "1",
      },
    });
  }
  await db.preferencePreset.create({ data: { name: "Default", custom: false, rowLimit: 2, columns: ["impressions", "clicks", "ctr"] } });
  return { ctx, licensee, advertiser, sets };
}

const names = (view: { rows: { cells: Record<string, string> }[] }) => view.rows.map((r) => r.cells.name);

async function orderOf(ctx: Parameters<typeof loadListView>[0], sort: string): Promise<string[]> {
  const out: string[] = [];
  for (let page = 1; page <= 3; page++) out.push(...names(await loadListView(ctx, "creative_set", { sort, page: String(page), size: "2" })));
  return out;
}

test("sorted by a metric in SQL: the hand-computed order, no delivery last, ties by id, across pages", async () => {
  const { ctx, sets } = await world();
  // A set without delivery counts 0 impressions and clicks, and has no ratio (null: last either way).
  const byHand = (value: (v: [number, number]) => number | null, desc: boolean) =>
    [...sets]
      .map((s) => ({ ...s, v: value(s.values ?? [0, 0]) }))
      .sort((a, b) => {
        if (a.v === null || b.v === null) return a.v === b.v ? a.set.id - b.set.id : a.v === null ? 1 : -1;
        return (desc ? b.v - a.v : a.v - b.v) || a.set.id - b.set.id;
      })
      .map((s) => s.set.name);
  expect(await orderOf(ctx, "-impressions")).toEqual(byHand((v) => v[0], true));
  expect(await orderOf(ctx, "clicks")).toEqual(byHand((v) => v[1], false));
  expect(await orderOf(ctx, "-ctr")).toEqual(byHand((v) => (v[0] ? v[1] / v[0] : null), true));
  // Written out: ctr S1 4.5%, S5 4%, S4 3.3%, S0 1%, S3 0.14%, S2 none.
  expect(await orderOf(ctx, "-ctr")).toEqual(["S1", "S5", "S4", "S0", "S3", "S2"]);
});

test("cells: Never Ending, the DCO marker, sizes, scheduled timezone; rpr and cpr columns; archived and foreign sets left out", async () => {
  const { ctx, advertiser } = await world();
  await db.timezone.create({ data: { id: 44, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
  await f.makeCreativeSet(advertiser, { name: "Dco", type: "NATIVE_IMAGE", dcoAd: true, sizes: ["1200x628"], scheduledTimezoneId: 44, endTime: null });
  await f.makeCreativeSet(advertiser, { name: "Ends", endTime: new Date("2030-01-31T00:00:00Z") });
  await f.makeCreativeSet(advertiser, { name: "Gone", isArchived: true });
  await f.makeCreativeSet(await f.makeAdvertiser((await f.makeTenant()).licensee.id), { name: "Theirs" });
  const view = await loadListView(ctx, "creative_set", { q: "", size: "50" });
  expect(view.columns.map((c) => c.id)).toEqual(expect.arrayContaining(["active", "name", "id", "type", "sizes", "creationTime", "scheduledTimezone", "startTime", "endTime", "rpr", "cpr"]));
  const byName = Object.fromEntries(view.rows.map((r) => [r.cells.name, r]));
  expect(byName.Dco.cells).toMatchObject({ type: "Native Image (DCO)", sizes: "1200x628", scheduledTimezone: "(GMT+05:30) Asia/Kolkata", endTime: "Never Ending" });
  expect(byName.Ends.cells.endTime).toBe("31 Jan 2030");
  expect(byName.Dco.href).toBe(`/creative_set/details/${byName.Dco.id}`);
  expect(Object.keys(byName)).not.toEqual(expect.arrayContaining(["Gone"]));
  expect(Object.keys(byName)).not.toContain("Theirs");
});

test("an empty list says 'No Creative Set found.'", async () => {
  const { ctx } = await f.makeTenant();
  const view = await loadListView(ctx, "creative_set", {});
  expect([view.total, view.emptyText]).toEqual([0, "No Creative Set found."]);
});
