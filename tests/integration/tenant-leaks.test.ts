// Queries and mutations converted to the tenant-scoped client no longer carry
// a licensee filter of their own: each test below first shows that the
// query's own `where` matches the other licensee's rows too (run on the raw
// client), then that the converted function, through tenantDb, still returns
// or changes nothing of them. One per kind: a list, a get, an update, and raw
// SQL (metrics).
import { db } from "@/lib/db";
import { listAdvertisers } from "@/lib/advertisers/queries";
import { getPixelOrThrow } from "@/lib/pixels/queries";
import { requestFeedRefresh } from "@/lib/catalog/mutations";
import { scopeOf } from "@/lib/data/scope";
import { markNotificationRead } from "@/lib/notifications/mutations";
import { metricTotals } from "@/lib/metrics/query";
import { NotFoundError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();


async function twoLicensees() {
  const a = await f.makeTenant("RW", "leak-a");
  const b = await f.makeTenant("RW", "leak-b");
  const advertiserA = await f.makeAdvertiser(a.licensee.id, { name: "Shared name A" });
  const advertiserB = await f.makeAdvertiser(b.licensee.id, { name: "Shared name B" });
  return { a, b, advertiserA, advertiserB };
}

test("a list: listAdvertisers filters by search and archive state only, and still lists no other licensee's advertiser", async () => {
  const { a, advertiserA, advertiserB } = await twoLicensees();
  // What the query itself asks for (lib/advertisers/queries.ts): it names no licensee.
  const ownWhere = { isArchived: false, OR: [{ name: { contains: "Shared", mode: "insensitive" as const } }, { domain: { contains: "Shared", mode: "insensitive" as const } }] };
  expect((await db.advertiser.findMany({ where: ownWhere, orderBy: { id: "asc" } })).map((r) => r.id)).toEqual([advertiserA.id, advertiserB.id]);

  const listed = await listAdvertisers(a.ctx, { search: "Shared" });
  expect({ ids: listed.rows.map((r) => r.id), total: listed.total }).toEqual({ ids: [advertiserA.id], total: 1 });
});

test("a get: getPixelOrThrow looks a pixel up by its ids only, and another licensee's pixel is not found", async () => {
  const { a, advertiserB } = await twoLicensees();
  const pixelB = await f.makePixel(advertiserB, { name: "Their pixel" });
  expect(await db.pixel.findUnique({ where: { id: pixelB.id, advertiserId: advertiserB.id, isArchived: false } })).not.toBeNull();

  await expect(getPixelOrThrow(a.ctx, advertiserB.id, pixelB.id)).rejects.toBeInstanceOf(NotFoundError);
});

test("an update: requestFeedRefresh loads and updates the feed by id only; another licensee's feed is not found and stays as it was", async () => {
  const { a, advertiserB } = await twoLicensees();
  const feedB = await f.makeCatalogFeed(advertiserB, { updateStatus: "COMPLETED" });
  const before = await db.catalogFeed.findUniqueOrThrow({ where: { id: feedB.id } });
  // The update's own where (lib/catalog/mutations.ts) matches the feed whoever owns it.
  expect(await db.catalogFeed.count({ where: { id: feedB.id } })).toBe(1);

  await expect(requestFeedRefresh(scopeOf(a.ctx), feedB.id)).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.catalogFeed.findUniqueOrThrow({ where: { id: feedB.id } })).toEqual(before);
  expect(await db.activityLog.count()).toBe(0);
});

test("a per-user update: markNotificationRead names the notification by id only; another user's is not found and stays unread", async () => {
  const { a, b } = await twoLicensees();
  const colleague = await f.makeUser("colleague.leak-a@example.com", [{ licenseeId: a.licensee.id, role: "RW" }]);
  const theirs = await f.makeNotification(b.licensee.id, b.user.id);
  const colleagues = await f.makeNotification(a.licensee.id, colleague.id);
  for (const n of [theirs, colleagues]) {
    await expect(markNotificationRead(a.ctx, n.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(await db.notification.findUniqueOrThrow({ where: { id: n.id } })).toMatchObject({ seen: false, resolved: false });
  }
});

test("raw SQL: the licensee's metric totals never include another licensee's delivery", async () => {
  const { a, b, advertiserA, advertiserB } = await twoLicensees();
  const strategyOf = async (licenseeId: number, advertiser: { id: number; licenseeId: number }) => {
    const campaign = await f.makeCampaign(advertiser);
    const strategy = await f.makeStrategy(campaign);
    return { id: strategy.id, licenseeId, advertiserId: advertiser.id, campaignId: campaign.id };
  };
  await f.deliverStrategyHour(await strategyOf(a.licensee.id, advertiserA), "2026-03-01T10:00:00Z", { impressions: 100, revenue: "1.50" });
  await f.deliverStrategyHour(await strategyOf(b.licensee.id, advertiserB), "2026-03-01T10:00:00Z", { impressions: 900, revenue: "9.00" });
  const range = { from: "2026-03-01", to: "2026-03-01", timezoneId: 805 };
  expect(await metricTotals(a.ctx, { level: "licensee", range, metricIds: ["impressions"] })).toEqual({ impressions: 100 });
  expect(await metricTotals(b.ctx, { level: "licensee", range, metricIds: ["impressions"] })).toEqual({ impressions: 900 });
});
