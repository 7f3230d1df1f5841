// The creatives list's CSV export holds exactly the rows the page shows: its
// own URL filters (type, review status per exchange, a set's creatives) reach
// the export through the declaration's adapterFor, and the page's export link
// carries them.
import { db } from "@/lib/db";
import { loadListExport } from "@/lib/entities/lists";
import { loadCreativeListView } from "@/lib/creatives/list";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

async function world() {
  await f.makeUtcTimezone();
  const { licensee, ctx } = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(licensee.id);
  const image = await f.makeCreative(advertiser, { name: "Banner", type: "IMAGE" });
  const video = await f.makeCreative(advertiser, { name: "Clip", type: "VIDEO" });
  const rejected = await f.makeCreative(advertiser, { name: "Rejected banner", type: "IMAGE" });
  const exchange = await db.aggregator.create({ data: { name: "Exchange One" } });
  await db.creativeReview.create({ data: { creativeId: rejected.id, aggregatorId: exchange.id, status: "REJECTED", reason: "Misleading" } });
  const set = await f.makeCreativeSet(advertiser, { name: "Videos", type: "VIDEO" });
  await db.creativeSetCreative.create({ data: { creativeSetId: set.id, creativeId: video.id } });
  return { ctx, image, video, rejected, exchange, set };
}

const names = (rows: unknown[][], header: string[]) => rows.map((r) => r[header.indexOf("Name")]).sort();

test("the export keeps the type, review and set filters of the page", async () => {
  const w = await world();
  const all = await loadListExport(w.ctx, "creative", new URLSearchParams());
  expect(names(all.rows, all.header)).toEqual(["Banner", "Clip", "Rejected banner"]);
  const images = await loadListExport(w.ctx, "creative", new URLSearchParams({ type: "IMAGE" }));
  expect(names(images.rows, images.header)).toEqual(["Banner", "Rejected banner"]);
  const rejected = await loadListExport(w.ctx, "creative", new URLSearchParams({ review: "REJECTED", exchange: String(w.exchange.id) }));
  expect(names(rejected.rows, rejected.header)).toEqual(["Rejected banner"]);
  const ofSet = await loadListExport(w.ctx, "creative", new URLSearchParams({ set: String(w.set.id) }));
  expect(names(ofSet.rows, ofSet.header)).toEqual(["Clip"]);
});

test("the page's view carries its own filters for the export link; a set's list names its set", async () => {
  const w = await world();
  const view = await loadCreativeListView(w.ctx, { type: "IMAGE", review: "REJECTED", exchange: String(w.exchange.id) });
  expect(view.exportParams).toEqual({ type: "IMAGE", review: "REJECTED", exchange: String(w.exchange.id) });
  expect(view.rows.map((r) => r.cells.name)).toEqual(["Rejected banner"]);
  const ofSet = await loadCreativeListView(w.ctx, {}, { creativeSetId: w.set.id });
  expect(ofSet.exportParams).toEqual({ set: String(w.set.id) });
});

test("another licensee's set named in the export's URL gives no rows", async () => {
  const w = await world();
  const other = await f.makeTenant();
  const data = await loadListExport(other.ctx, "creative", new URLSearchParams({ set: String(w.set.id) }));
  expect(data.rows).toEqual([]);
});
