// Pixel fires count: a fire carrying the click id or impression id
// of an ad (lib/attribution) is credited within the pixel's windows and
// per-user cap, and shows in the conversion metrics of the strategy; an
// ingestion replay of the same hour keeps it; fires at once all count.
// On PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { GET } from "@/app/api/px/[pixelId]/route";
import { db } from "@/lib/db";
import { issueAttributionId, type TouchKind } from "@/lib/attribution/id";
import { ingestDelivery } from "@/lib/delivery/ingest";
import { metricsByEntity } from "@/lib/metrics/query";
import { rollupOldFires } from "@/lib/pixels/rollup";
import { parseFire, recordFire, sqlStateOf, type FireOutcome } from "@/lib/pixels/fire";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2030-06-01T12:30:00Z");
const DAY = 86_400;
const UTC = 805;
const METRICS = ["conversions", "clickConversions", "viewConversions", "advRevenue"];

async function world(pixelType: "VIEW_CONV" | "CLICK_CONV" | "HYBRID_CONV" = "CLICK_CONV", pixel: Parameters<typeof f.makePixel>[1] = {}) {
  const chain = await f.makeServedCreative();
  const px = await f.makePixel(chain.advertiser, { type: pixelType, viewValidityWindow: DAY, clickValidityWindow: 7 * DAY, ...pixel });
  if (!(await db.timezone.findUnique({ where: { id: UTC } }))) await f.makeUtcTimezone();
  return { ...chain, pixel: px };
}
type World = Awaited<ReturnType<typeof world>>;

/** The id the ad server adds to the click URL or impression URL of an ad of `w`'s strategy. */
function adId(w: Pick<World, "licensee" | "strategy" | "creative">, kind: TouchKind, secondsBefore = 3600, deviceId: string | null = "device-1") {
  return issueAttributionId({
    kind, licenseeId: w.licensee.id, strategyId: w.strategy.id, creativeId: w.creative.id,
    at: new Date(NOW.getTime() - secondsBefore * 1000), deviceId,
  });
}

/** A fire of the pixel at `now` with the query the advertiser's tag sends. */
function fire(w: Pick<World, "pixel">, query: string, now = NOW): Promise<FireOutcome> {
  return recordFire(parseFire(w.pixel.publicKey, new URLSearchParams(query))!, now);
}

async function metrics(w: Pick<World, "ctx" | "strategy">, day = "2030-06-01") {
  const values = await metricsByEntity(w.ctx, { level: "strategy", ids: [w.strategy.id], range: { from: day, to: day, timezoneId: UTC }, metricIds: METRICS });
  return values.get(w.strategy.id);
}

const fires = (w: Pick<World, "pixel">) => db.pixelFire.count({ where: { pixelId: w.pixel.id } });

test("a click conversion within the click window counts, with its value, in the strategy's conversion metrics (through the endpoint)", async () => {
  const w = await world("CLICK_CONV");
  const now = new Date();
  const clickId = issueAttributionId({ kind: "click", licenseeId: w.licensee.id, strategyId: w.strategy.id, creativeId: w.creative.id, at: new Date(now.getTime() - 60_000), deviceId: "d" });
  const res = await GET(new Request(`http://localhost:3000/api/px/${w.pixel.publicKey}?value=12.50&order_id=&click_id=${clickId}`), {
    params: Promise.resolve({ pixelId: w.pixel.publicKey }),
  });
  expect(res.status).toBe(200);
  const fired = await db.pixelFire.findFirstOrThrow({ where: { pixelId: w.pixel.id } });
  const day = fired.firedAt.toISOString().slice(0, 10);
  expect(await metrics(w, day)).toEqual({ conversions: 1, clickConversions: 1, viewConversions: 0, advRevenue: 12.5 });
  // Stored as the pixel's own fact row of the fire's UTC hour, and in the strategy-hour the lists read.
  const hour = new Date(Math.floor(fired.firedAt.getTime() / 3_600_000) * 3_600_000);
  const fact = await db.deliveryHourly.findFirstOrThrow({ where: { strategyId: w.strategy.id } });
  expect(fact).toMatchObject({ source: "pixel", hour, creativeId: w.creative.id, campaignId: w.campaign.id, siteId: null, appId: null, country: "", device: "" });
  expect(Number(fact.conversions)).toBe(1);
  expect(Number((await db.deliveryStrategyHourly.findFirstOrThrow({ where: { strategyId: w.strategy.id, hour } })).clickConversions)).toBe(1);
});

test("outside the click window, with a tampered or malformed id: the fire is recorded, nothing is credited", async () => {
  const w = await world("CLICK_CONV");
  const stale = adId(w, "click", 7 * DAY + 1);
  const good = adId(w, "click");
  const tampered = good.slice(0, 10) + (good[10] === "A" ? "B" : "A") + good.slice(11);
  for (const q of [`click_id=${stale}`, `click_id=${tampered}`, "click_id=nonsense", `click_id=${"x".repeat(200)}`, `imp_id=${good}`]) {
    expect(await fire(w, q)).toEqual({ recorded: true, conversion: null });
  }
  expect(await fires(w)).toBe(5);
  expect(await metrics(w)).toEqual({ conversions: 0, clickConversions: 0, viewConversions: 0, advRevenue: 0 });
  // Within the window it counts.
  expect(await fire(w, `click_id=${adId(w, "click", 7 * DAY)}`)).toEqual({ recorded: true, conversion: "click" });
});

test("an impression id on a CLICK_CONV pixel is not credited; a click id on a VIEW_CONV pixel neither", async () => {
  const clickPixel = await world("CLICK_CONV");
  expect((await fire(clickPixel, `imp_id=${adId(clickPixel, "impression", 60)}`)).conversion).toBeNull();
  const viewPixel = await world("VIEW_CONV");
  expect((await fire(viewPixel, `click_id=${adId(viewPixel, "click", 60)}`)).conversion).toBeNull();
  expect((await fire(viewPixel, `imp_id=${adId(viewPixel, "impression", DAY + 1)}`)).conversion).toBeNull();
  expect((await fire(viewPixel, `imp_id=${adId(viewPixel, "impression", DAY)}`)).conversion).toBe("view");
  expect(await metrics(clickPixel)).toMatchObject({ conversions: 0 });
  expect(await metrics(viewPixel)).toMatchObject({ conversions: 1, viewConversions: 1, clickConversions: 0 });
});

test("HYBRID takes clicks and impressions; a fire carrying both is credited once, to the click", async () => {
  const w = await world("HYBRID_CONV");
  expect((await fire(w, `click_id=${adId(w, "click")}&value=1.25`)).conversion).toBe("click");
  expect((await fire(w, `imp_id=${adId(w, "impression")}&value=2`)).conversion).toBe("view");
  expect((await fire(w, `click_id=${adId(w, "click")}&imp_id=${adId(w, "impression")}`)).conversion).toBe("click");
  // The click is past its window, the impression is not: the impression takes it.
  const w2 = await world("HYBRID_CONV", { clickValidityWindow: 600 });
  expect((await fire(w2, `click_id=${adId(w2, "click", 601)}&imp_id=${adId(w2, "impression", 601)}`)).conversion).toBe("view");
  expect(await metrics(w)).toEqual({ conversions: 3, clickConversions: 2, viewConversions: 1, advRevenue: 3.25 });
});

test("an id of another advertiser's strategy or of another licensee is not credited", async () => {
  const w = await world("HYBRID_CONV");
  const otherAdvertiser = await f.makeAdvertiser(w.licensee.id);
  const otherStrategy = await f.makeStrategy(await f.makeCampaign(otherAdvertiser));
  const otherCreative = await f.makeCreative(otherAdvertiser);
  const stranger = await world("HYBRID_CONV");
  for (const ids of [
    { licensee: w.licensee, strategy: otherStrategy, creative: otherCreative },
    { licensee: w.licensee, strategy: w.strategy, creative: otherCreative },
    { licensee: w.licensee, strategy: otherStrategy, creative: w.creative },
    stranger,
    { licensee: stranger.licensee, strategy: w.strategy, creative: w.creative },
  ]) {
    expect(await fire(w, `click_id=${adId(ids, "click")}`)).toEqual({ recorded: true, conversion: null });
  }
  expect(await db.deliveryHourly.count()).toBe(0);
  expect(await db.deliveryStrategyHourly.count()).toBe(0);
});

test("the per-user cap: over userFcap per fcapDuration the fire is recorded but not credited; a new window or another user counts again", async () => {
  const w = await world("CLICK_CONV", { userFcap: 2, fcapDuration: 600 });
  const credited = async (device: string | null, now: Date) => (await fire(w, `click_id=${adId(w, "click", 60, device)}`, now)).conversion;
  const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
  expect(await credited("phone-a", at(0))).toBe("click");
  expect(await credited("phone-a", at(10))).toBe("click");
  expect(await credited("PHONE-A", at(20))).toBeNull();
  expect(await credited("phone-b", at(30))).toBe("click");
  // Without a device id each click is its own user.
  expect(await credited(null, at(40))).toBe("click");
  expect(await credited(null, at(50))).toBe("click");
  // The window opened at the first credited conversion ends 600 s later.
  expect(await credited("phone-a", at(599))).toBeNull();
  expect(await credited("phone-a", at(600))).toBe("click");
  expect(await fires(w)).toBe(8);
  expect(await metrics(w)).toMatchObject({ conversions: 6 });

  // A cap without a duration holds for good.
  const lifetime = await world("CLICK_CONV", { userFcap: 1, fcapDuration: -1 });
  expect((await fire(lifetime, `click_id=${adId(lifetime, "click")}`)).conversion).toBe("click");
  expect((await fire(lifetime, `click_id=${adId(lifetime, "click")}`, new Date(NOW.getTime() + 30 * DAY * 1000))).conversion).toBeNull();
});

test("a repeated order id is still not recorded, so not credited either", async () => {
  const w = await world("CLICK_CONV");
  const q = `order_id=ORDER-7&click_id=${adId(w, "click")}`;
  expect(await fire(w, q)).toEqual({ recorded: true, conversion: "click" });
  expect(await fire(w, q)).toEqual({ recorded: false, conversion: null });
  expect(await metrics(w)).toMatchObject({ conversions: 1 });
});

test("an ingestion replay of the same strategy-hour keeps the pixel conversion, and adds to it rather than replacing it", async () => {
  const w = await world("CLICK_CONV");
  const batch = { rows: [{ hour: "2030-06-01T12:00:00Z", strategyId: w.strategy.id, creativeId: w.creative.id, impressions: 100, clicks: 4, conversions: 2, clickConversions: 2 }] };
  await ingestDelivery(w.ctx, batch, NOW);
  expect((await fire(w, `click_id=${adId(w, "click")}&value=3`)).conversion).toBe("click");
  expect(await metrics(w)).toEqual({ conversions: 3, clickConversions: 3, viewConversions: 0, advRevenue: 3 });
  // The same batch again (and once more): its own row is replaced, the pixel's kept.
  await ingestDelivery(w.ctx, batch, NOW);
  await ingestDelivery(w.ctx, batch, NOW);
  expect(await metrics(w)).toEqual({ conversions: 3, clickConversions: 3, viewConversions: 0, advRevenue: 3 });
  const rows = await db.deliveryHourly.findMany({ orderBy: { source: "asc" }, select: { source: true, conversions: true, impressions: true } });
  expect(rows.map((r) => [r.source, Number(r.conversions), Number(r.impressions)])).toEqual([["", 2, 100], ["pixel", 1, 0]]);
});

test("fires at the same moment all count: same hour, other creatives and other hours of the same day", async () => {
  const w = await world("HYBRID_CONV");
  const creatives = [w.creative, await f.makeCreative(w.advertiser), await f.makeCreative(w.advertiser)];
  const jobs = Array.from({ length: 24 }, (_, i) => {
    const creative = creatives[i % creatives.length];
    const kind: TouchKind = i % 2 ? "impression" : "click";
    const firedAt = new Date(NOW.getTime() + (i % 4) * 3_600_000); // 12:30, 13:30, 14:30, 15:30
    const id = issueAttributionId({ kind, licenseeId: w.licensee.id, strategyId: w.strategy.id, creativeId: creative.id, at: new Date(firedAt.getTime() - 60_000), deviceId: `device-${i}` });
    return fire(w, `${kind === "click" ? "click_id" : "imp_id"}=${id}&value=0.5`, firedAt);
  });
  const outcomes = await Promise.all(jobs);
  expect(outcomes.filter((o) => o.conversion !== null)).toHaveLength(24);
  expect(await metrics(w)).toEqual({ conversions: 24, clickConversions: 12, viewConversions: 12, advRevenue: 12 });
  const facts = await db.deliveryHourly.aggregate({ _sum: { conversions: true } });
  expect(Number(facts._sum.conversions)).toBe(24);
});

test("fires during an ingestion of the same strategy-day all count, and the ingested rows too", async () => {
  const w = await world("CLICK_CONV");
  const rows = [0, 1, 2, 3].map((h) => ({ hour: `2030-06-01T1${2 + h}:00:00Z`, strategyId: w.strategy.id, creativeId: w.creative.id, impressions: 10, conversions: 1, clickConversions: 1 }));
  const firesAt = Array.from({ length: 12 }, (_, i) => {
    const firedAt = new Date(NOW.getTime() + (i % 4) * 3_600_000);
    const id = issueAttributionId({ kind: "click", licenseeId: w.licensee.id, strategyId: w.strategy.id, creativeId: w.creative.id, at: new Date(firedAt.getTime() - 60_000), deviceId: `d${i}` });
    return fire(w, `click_id=${id}`, firedAt);
  });
  const [outcomes] = await Promise.all([Promise.all(firesAt), ingestDelivery(w.ctx, { rows }, new Date(NOW.getTime() + 4 * 3_600_000))]);
  expect(outcomes.every((o) => o.conversion === "click")).toBe(true);
  expect(await metrics(w)).toMatchObject({ conversions: 16, clickConversions: 16 });
});

test("a clash with a concurrent writer is recognised by its SQLSTATE, so the fire's transaction is tried again", async () => {
  const insert = () => db.$executeRaw`INSERT INTO "PixelUserCap" ("pixelId", "userKey", "licenseeId", "conversions") VALUES (1, 'k', 1, 1)`;
  await insert();
  const error = await insert().then(() => null, (e: unknown) => e);
  expect(error).not.toBeNull();
  // PGlite's adapter reports no code; it has one connection, so no concurrent writer can clash there.
  expect(sqlStateOf(error)).toBe(process.env.TEST_DATABASE_URL ? "23505" : undefined);
  expect(sqlStateOf(new Error("other"))).toBeUndefined();
});

test("the daily pixel-fire rollup deletes ended cap windows and keeps open and never-ending ones", async () => {
  const w = await world("CLICK_CONV", { userFcap: 1, fcapDuration: 600 });
  await fire(w, `click_id=${adId(w, "click", 60, "ended")}`, NOW);
  await fire(w, `click_id=${adId(w, "click", 60, "open")}`, new Date(NOW.getTime() + 3_600_000));
  const lifetime = await world("CLICK_CONV", { userFcap: 1, fcapDuration: -1 });
  await fire(lifetime, `click_id=${adId(lifetime, "click")}`, NOW);
  expect(await db.pixelUserCap.count()).toBe(3);
  await rollupOldFires(new Date(NOW.getTime() + 1_800_000));
  expect((await db.pixelUserCap.findMany({ orderBy: { pixelId: "asc" } })).map((c) => [c.pixelId, c.windowEndsAt?.toISOString() ?? null])).toEqual([
    [w.pixel.id, new Date(NOW.getTime() + 3_600_000 + 600_000).toISOString()],
    [lifetime.pixel.id, null],
  ]);
});
