// The conversion report's pixel tables: conversions credited
// through a pixel are kept by pixel, attribution and time to convert
// (lib/attribution/conversion.ts), and the report reads them for its range
// and timezone, with its entity filters, never another licensee's.
// On PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { db } from "@/lib/db";
import { issueAttributionId, type TouchKind } from "@/lib/attribution/id";
import { parseFire, recordFire } from "@/lib/pixels/fire";
import { ReportDefinitionSchema, type ReportDefinitionInput } from "@/lib/reports/definition";
import { pixelConversions } from "@/lib/reports/pixel-conversions";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";

useTestDatabase();

const UTC = 805;
const KOLKATA = 9001;
const DAY = 86_400;
// 20:00 UTC on 1 March: 1 March for a UTC user, 2 March (01:30) for an Asia/Kolkata user.
const FIRED = new Date("2030-03-01T20:10:00Z");

async function world() {
  await f.makeUtcTimezone();
  await db.timezone.create({ data: { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
  const t = await f.makeTenant("RW");
  const advertiser = await f.makeAdvertiser(t.licensee.id);
  const campaign = await f.makeCampaign(advertiser);
  const otherCampaign = await f.makeCampaign(advertiser);
  const strategy = await f.makeStrategy(campaign);
  const creative = await f.makeCreative(advertiser);
  const pixel = await f.makePixel(advertiser, { name: "Checkout", type: "HYBRID_CONV", viewValidityWindow: 7 * DAY, clickValidityWindow: 7 * DAY });
  const idle = await f.makePixel(advertiser, { name: "Idle", type: "CLICK_CONV", clickValidityWindow: DAY });
  return { ...t, advertiser, campaign, otherCampaign, strategy, creative, pixel, idle };
}
type World = Awaited<ReturnType<typeof world>>;

function adId(w: World, kind: TouchKind, secondsBefore: number, deviceId: string) {
  return issueAttributionId({ kind, licenseeId: w.licensee.id, strategyId: w.strategy.id, creativeId: w.creative.id, at: new Date(FIRED.getTime() - secondsBefore * 1000), deviceId });
}

async function fire(w: World, query: string) {
  const outcome = await recordFire(parseFire(w.pixel.publicKey, new URLSearchParams(query))!, FIRED);
  expect(outcome.recorded).toBe(true);
  return outcome.conversion;
}

/** Two click conversions (30 minutes and 2 hours after the click, one worth 10), one view conversion 2 days after, one fire credited to nothing. */
async function fires(w: World) {
  expect(await fire(w, `click_id=${adId(w, "click", 1800, "u1")}`)).toBe("click");
  expect(await fire(w, `click_id=${adId(w, "click", 7200, "u2")}&value=10`)).toBe("click");
  expect(await fire(w, `imp_id=${adId(w, "impression", 2 * DAY, "u3")}`)).toBe("view");
  expect(await fire(w, "value=3")).toBeNull();
}

const report = (w: World, d: Partial<ReportDefinitionInput>) =>
  pixelConversions(w.ctx, ReportDefinitionSchema.parse({ dimensions: ["campaign"], metrics: ["conversions"], from: "2030-03-01", to: "2030-03-01", timezoneId: UTC, ...d }));

test("conversions by pixel: fires, click and view conversions, value and mean time to convert; a pixel without any shows zeros", async () => {
  const w = await world();
  await fires(w);
  const r = await report(w, {});
  expect(r.pixels).toEqual([
    { id: w.pixel.id, name: "Checkout", type: "HYBRID_CONV", fires: 4, conversions: 3, clickConversions: 2, viewConversions: 1, value: 10, meanSecondsToConvert: (1800 + 7200 + 2 * DAY) / 3 },
    { id: w.idle.id, name: "Idle", type: "CLICK_CONV", fires: 0, conversions: 0, clickConversions: 0, viewConversions: 0, value: 0, meanSecondsToConvert: null },
  ]);
  expect(r.filtersNotApplied).toEqual([]);
});

test("time to convert: each conversion in its band, click and view apart", async () => {
  const w = await world();
  await fires(w);
  const bands = Object.fromEntries((await report(w, {})).timeToConvert.map((b) => [b.label, [b.clickConversions, b.viewConversions]]));
  expect(bands).toEqual({
    "Under 1 hour": [1, 0],
    "1 to 6 hours": [1, 0],
    "6 to 24 hours": [0, 0],
    "1 to 3 days": [0, 1],
    "3 to 7 days": [0, 0],
    "7 to 14 days": [0, 0],
    "14 to 30 days": [0, 0],
    "30 days or more": [0, 0],
  });
});

test("days are cut in the report's timezone: a fire at 20:10 UTC on 1 March counts on 2 March in Asia/Kolkata", async () => {
  const w = await world();
  await fires(w);
  const checkout = async (d: Partial<ReportDefinitionInput>) => (await report(w, d)).pixels.find((p) => p.id === w.pixel.id)!;
  expect(await checkout({ timezoneId: KOLKATA })).toMatchObject({ fires: 0, conversions: 0 });
  expect(await checkout({ timezoneId: KOLKATA, from: "2030-03-02", to: "2030-03-02" })).toMatchObject({ fires: 4, conversions: 3 });
  expect(await checkout({ from: "2030-03-02", to: "2030-03-02" })).toMatchObject({ fires: 0, conversions: 0 });
});

test("the report's campaign filter applies to conversions; a country filter is named as not applying", async () => {
  const w = await world();
  await fires(w);
  const other = await report(w, { filters: [{ dimension: "campaign", op: "in", values: [String(w.otherCampaign.id)] }, { dimension: "country", op: "in", values: ["US"] }] });
  expect(other.pixels.find((p) => p.id === w.pixel.id)).toMatchObject({ fires: 4, conversions: 0 });
  expect(other.filtersNotApplied).toEqual(["Country"]);
  const own = await report(w, { filters: [{ dimension: "campaign", op: "in", values: [String(w.campaign.id)] }] });
  expect(own.pixels.find((p) => p.id === w.pixel.id)).toMatchObject({ conversions: 3 });
  const excluded = await report(w, { filters: [{ dimension: "campaign", op: "notIn", values: [String(w.campaign.id)] }] });
  expect(excluded.pixels.find((p) => p.id === w.pixel.id)).toMatchObject({ conversions: 0 });
});

test("another licensee sees neither the pixels nor their conversions", async () => {
  const w = await world();
  await fires(w);
  const stranger = await f.makeTenant("RW");
  const r = await pixelConversions(stranger.ctx, ReportDefinitionSchema.parse({ dimensions: ["campaign"], metrics: ["conversions"], from: "2030-03-01", to: "2030-03-01", timezoneId: UTC }));
  expect(r.pixels).toEqual([]);
  expect(r.timeToConvert.every((b) => b.clickConversions + b.viewConversions === 0)).toBe(true);
});
