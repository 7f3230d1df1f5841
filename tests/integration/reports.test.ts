// The report engine (lib/reports/run.ts) over a small fixed DeliveryHourly
// dataset: totals and rows equal hand-computed sums in UTC and in
// Asia/Kolkata, whichever source the definition reads (facts, scope, hourly
// or daily rollup, range sums); the previous period; read-only users never get
// hidden metrics; another licensee's ids in filters give nothing.
import "../helpers/browser-doubles";
import ExcelJS from "exceljs";
import { db } from "@/lib/db";
import { createApiKey } from "@/lib/account/api-keys";
import { scopeOf } from "@/lib/data/scope";
import { refreshStrategyRollup } from "@/lib/metrics/rollup";
import { ReportDefinitionSchema, type ReportDefinitionInput } from "@/lib/reports/definition";
import { runReport } from "@/lib/reports/run";
import { loadReportPage } from "@/lib/report-pages/page";
import { useTestDatabase } from "../helpers/db";
import * as f from "../helpers/factories";
import { callApi } from "../helpers/rest-api";
import { handleApiRequest as downloadRoute } from "@/lib/api/router";

const t = useTestDatabase();

const UTC = 805;
const KOLKATA = 9001;

async function reportWorld() {
  await f.makeUtcTimezone();
  await db.timezone.create({ data: { id: KOLKATA, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" } });
  const tenant = await f.makeTenant();
  const advertiser = await f.makeAdvertiser(tenant.licensee.id, { name: "Adv One" });
  const campA = await f.makeCampaign(advertiser, { name: "Campaign A" });
  const campB = await f.makeCampaign(advertiser, { name: "Campaign B" });
  const s1 = await f.makeStrategy(campA, { bidCapMax: "1.5" });
  const s2 = await f.makeStrategy(campB);
  const c1 = await f.makeCreative(advertiser, { name: "Creative 1" });
  const c2 = await f.makeCreative(advertiser, { name: "Creative 2" });
  const agg = await db.aggregator.create({ data: { name: "Exchange R" } });
  const app = await db.inventoryApp.create({ data: { name: "Game", packageName: "com.game", platform: "ANDROID" } });
  const site = await db.inventorySite.create({ data: { name: "News", domain: "news.example" } });
  const other = await f.makeTenant("RW");
  const otherAdv = await f.makeAdvertiser(other.licensee.id);
  const otherStrategy = await f.makeStrategy(await f.makeCampaign(otherAdv));
  const otherCreative = await f.makeCreative(otherAdv);

  const fact = (s: typeof s1, creativeId: number, hour: string, v: Record<string, number | string>, where: { appId?: number; siteId?: number; aggregatorId?: number; country?: string; device?: string } = {}) => ({
    hour: new Date(hour), licenseeId: s.licenseeId, advertiserId: s.advertiserId, campaignId: s.campaignId, strategyId: s.id, creativeId, ...where,
    ...Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === "number" ? BigInt(x) : x])),
  });
  await db.deliveryHourly.createMany({
    data: [
      fact(s1, c1.id, "2024-03-02T10:00:00Z", { impressions: 1000, clicks: 10, revenue: "5.5", cost: "3.25", bidsPlaced: 4000, bidsWon: 1000, lossOutbid: 2500, lossBelowFloor: 500 }, { appId: app.id, aggregatorId: agg.id, country: "IN", device: "PHONE" }),
      fact(s1, c1.id, "2024-03-03T10:00:00Z", { impressions: 500, clicks: 5, revenue: "2.5", cost: "1" }, { siteId: site.id, country: "US", device: "DESKTOP" }),
      // 20:00 UTC on 2 March is 01:30 on 3 March in Kolkata.
      fact(s2, c2.id, "2024-03-02T20:00:00Z", { impressions: 200, clicks: 4, revenue: "1", cost: "0.5", videoStarts: 100, videoCompletes: 40 }, { appId: app.id, aggregatorId: agg.id, country: "IN", device: "CTV" }),
      // 31 March in UTC, 1 April in Kolkata (outside March there).
      fact(s2, c2.id, "2024-03-31T20:00:00Z", { impressions: 300, clicks: 3, revenue: "3", cost: "2" }),
      // The previous period of March (31 days): 30 January to 29 February.
      fact(s1, c1.id, "2024-02-28T10:00:00Z", { impressions: 700, clicks: 7, revenue: "7", cost: "4" }, { appId: app.id, aggregatorId: agg.id, country: "IN", device: "PHONE" }),
      // Another licensee, same hours: never counted.
      fact(otherStrategy, otherCreative.id, "2024-03-02T10:00:00Z", { impressions: 9999, clicks: 999, revenue: "99", cost: "9" }, { appId: app.id, aggregatorId: agg.id }),
    ],
  });
  await refreshStrategyRollup(t.handle.raw);
  return { ...tenant, advertiser, campA, campB, s1, s2, c1, c2, agg, app, site, other, otherStrategy };
}

const MARCH = { from: "2024-03-01", to: "2024-03-31" };
const def = (d: ReportDefinitionInput) => ReportDefinitionSchema.parse(d);
const byLabel = (rows: Awaited<ReturnType<typeof runReport>>["rows"], dim: string) => Object.fromEntries(rows.map((r) => [r.labels[dim], r.values]));

test("by campaign and day in UTC (scope rollup by UTC day): rows and totals are the hand-computed sums", async () => {
  const w = await reportWorld();
  const r = await runReport(w.ctx, def({ dimensions: ["campaign", "date"], metrics: ["impressions", "clicks", "ctr", "revenue", "margin"], ...MARCH, timezoneId: UTC, sort: { by: "date", desc: false } }));
  expect(r.source).toBe("scope");
  expect(r.rows.map((x) => [x.labels.campaign, x.keys.date, x.values.impressions])).toEqual([
    ["Campaign A", "2024-03-02", 1000],
    ["Campaign B", "2024-03-02", 200],
    ["Campaign A", "2024-03-03", 500],
    ["Campaign B", "2024-03-31", 300],
  ]);
  expect(r.totals).toMatchObject({ impressions: 2000, clicks: 22, ctr: 1.1, revenue: 12 });
  expect(r.totals.margin).toBeCloseTo(((12 - 6.75) / 12) * 100, 10);
  expect(r.totalRows).toBe(4);
  // By strategy (one per campaign here) the daily strategy rollup gives the same rows and totals.
  const byStrategy = await runReport(w.ctx, def({ dimensions: ["strategy", "date"], metrics: ["impressions", "clicks", "ctr", "revenue", "margin"], ...MARCH, timezoneId: UTC, sort: { by: "date", desc: false } }));
  expect(byStrategy.source).toBe("daily");
  const [s1, s2] = [String(w.s1.id), String(w.s2.id)];
  expect(byStrategy.rows.map((x) => [x.keys.strategy, x.keys.date, x.values.impressions])).toEqual([
    [s1, "2024-03-02", 1000],
    [s2, "2024-03-02", 200],
    [s1, "2024-03-03", 500],
    [s2, "2024-03-31", 300],
  ]);
  expect(byStrategy.totals).toEqual(r.totals);
});

test("the same report in Asia/Kolkata (scope rollup by UTC hour): hours move to the local day they start in", async () => {
  const w = await reportWorld();
  const r = await runReport(w.ctx, def({ dimensions: ["campaign", "date"], metrics: ["impressions", "revenue"], ...MARCH, timezoneId: KOLKATA, sort: { by: "date", desc: false } }));
  expect(r.source).toBe("scope");
  expect(r.rows.map((x) => [x.labels.campaign, x.keys.date, x.values.impressions])).toEqual([
    ["Campaign A", "2024-03-02", 1000],
    ["Campaign A", "2024-03-03", 500],
    ["Campaign B", "2024-03-03", 200],
  ]);
  expect(r.totals).toMatchObject({ impressions: 1700, revenue: 9 });
  // By strategy: the hourly strategy rollup, the same days.
  const byStrategy = await runReport(w.ctx, def({ dimensions: ["strategy", "date"], metrics: ["impressions", "revenue"], ...MARCH, timezoneId: KOLKATA, sort: { by: "date", desc: false } }));
  expect(byStrategy.source).toBe("hourly");
  expect(byStrategy.rows.map((x) => [x.keys.strategy, x.keys.date, x.values.impressions])).toEqual([
    [String(w.s1.id), "2024-03-02", 1000],
    [String(w.s1.id), "2024-03-03", 500],
    [String(w.s2.id), "2024-03-03", 200],
  ]);
  expect(byStrategy.totals).toEqual(r.totals);
});

test("by campaign without time (range sums) equals the facts grouped by aggregator and country", async () => {
  const w = await reportWorld();
  for (const timezoneId of [UTC, KOLKATA]) {
    const byCampaign = await runReport(w.ctx, def({ dimensions: ["campaign"], metrics: ["impressions", "revenue"], ...MARCH, timezoneId }));
    expect(byCampaign.source).toBe("running");
    const byCountry = await runReport(w.ctx, def({ dimensions: ["country", "aggregator"], metrics: ["impressions", "revenue"], ...MARCH, timezoneId }));
    expect(byCountry.source).toBe("facts");
    expect(byCountry.totals).toEqual(byCampaign.totals);
  }
  const utc = await runReport(w.ctx, def({ dimensions: ["campaign"], metrics: ["impressions"], ...MARCH, timezoneId: UTC }));
  expect(byLabel(utc.rows, "campaign")).toEqual({ "Campaign A": { impressions: 1500 }, "Campaign B": { impressions: 500 } });
  const facts = await runReport(w.ctx, def({ dimensions: ["inventory", "os", "placement"], metrics: ["impressions"], ...MARCH, timezoneId: UTC }));
  expect(facts.rows.map((x) => [x.labels.inventory, x.keys.os, x.keys.placement, x.values.impressions])).toEqual([
    ["Game (com.game)", "ANDROID", "APP", 1000],
    ["News (news.example)", "", "SITE", 500],
    ["Unknown", "", "", 300],
    ["Game (com.game)", "ANDROID", "CTV", 200],
  ]);
});

test("filters in / not in; bid and video metrics; compare with the previous period", async () => {
  const w = await reportWorld();
  const r = await runReport(w.ctx, def({
    dimensions: ["aggregator"], metrics: ["bidsPlaced", "bidsWon", "winRate", "bidsLost", "videoCompletionRate", "impressions"], ...MARCH, timezoneId: UTC, compare: true,
    filters: [{ dimension: "country", op: "in", values: ["IN"] }, { dimension: "campaign", op: "notIn", values: [String(w.campB.id)] }],
  }));
  expect(r.rows).toHaveLength(1);
  expect(r.rows[0].labels.aggregator).toBe("Exchange R");
  expect(r.rows[0].values).toEqual({ bidsPlaced: 4000, bidsWon: 1000, winRate: 25, bidsLost: 3000, videoCompletionRate: null, impressions: 1000 });
  expect(r.previousRange).toEqual({ from: "2024-01-30", to: "2024-02-29" });
  expect(r.previousTotals).toMatchObject({ impressions: 700 });
  expect(r.rows[0].previous).toMatchObject({ impressions: 700 });
});

test("read-only users never receive hidden metrics, also when they ask for them", async () => {
  const w = await reportWorld();
  const ro = { ...w.ctx, role: "RO" as const };
  const r = await runReport(ro, def({ dimensions: ["campaign"], metrics: ["impressions", "cost", "margin", "ecpm", "revenue"], ...MARCH, sort: { by: "cost", desc: true } }));
  expect(r.metrics).toEqual(["impressions", "revenue"]);
  for (const row of [...r.rows.map((x) => x.values), r.totals]) expect(Object.keys(row).sort()).toEqual(["impressions", "revenue"]);
});

test("another licensee's ids in filters give nothing", async () => {
  const w = await reportWorld();
  const r = await runReport(w.ctx, def({ dimensions: ["strategy"], metrics: ["impressions"], ...MARCH, filters: [{ dimension: "strategy", values: [String(w.otherStrategy.id)] }] }));
  expect(r.rows).toEqual([]);
  expect(r.totals).toEqual({ impressions: 0 });
  const facts = await runReport(w.ctx, def({ dimensions: ["creative"], metrics: ["impressions"], ...MARCH, filters: [{ dimension: "strategy", values: [String(w.otherStrategy.id)] }] }));
  expect(facts.rows).toEqual([]);
});

const download = (key: string, query: string) => downloadRoute(new Request(`http://localhost/api/v1/reports/download?${query}`, { headers: { authorization: `Bearer ${key}` } }));

test("POST /api/v1/reports answers JSON or CSV; the download route gives CSV and XLSX with the totals row", async () => {
  const w = await reportWorld();
  const key = (await createApiKey(scopeOf(w.ctx), { name: "reports", scope: "READ_WRITE" })).secret;
  const body = { dimensions: ["campaign"], metrics: ["impressions", "revenue"], ...MARCH, timezoneId: UTC };
  const json = await callApi("POST", "/reports", key, body);
  expect(json.status).toBe(200);
  const result = (json.body as { respObject: { rows: Array<{ labels: Record<string, string> }>; totals: object } }).respObject;
  expect(result.rows.map((r) => r.labels.campaign)).toEqual(["Campaign A", "Campaign B"]);
  expect(result.totals).toEqual({ impressions: 2000, revenue: 12 });

  const bad = await callApi("POST", "/reports", key, { ...body, metrics: ["nope"], to: "2024-02-01" });
  expect(bad.status).toBe(400);
  expect((bad.body as { error: { fieldErrors: object } }).error.fieldErrors).toEqual({ "metrics.0": "Unknown metric 'nope'", to: "The start date must not be after the end date" });

  const query = `format=csv&dims=campaign&metrics=impressions,revenue&from=${MARCH.from}&to=${MARCH.to}&tz=${UTC}`;
  const csv = await download(key, query);
  expect(csv.headers.get("content-type")).toContain("text/csv");
  expect(csv.headers.get("content-disposition")).toBe('attachment; filename="report-2024-03-01_2024-03-31.csv"');
  expect((await csv.text()).replace(/^\uFEFF/, "")).toBe(
    ["Campaign,Campaign ID,Impressions,Adv Spend", `Campaign A,${w.campA.id},1500,8`, `Campaign B,${w.campB.id},500,4`, "Total,,2000,12", ""].join("\r\n"),
  );

  const xlsx = await download(key, query.replace("format=csv", "format=xlsx"));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await xlsx.arrayBuffer());
  const sheet = book.getWorksheet("Report")!;
  expect(sheet.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))).toEqual([
    ["Campaign", "Campaign ID", "Impressions", "Adv Spend"],
    ["Campaign A", String(w.campA.id), 1500, 8],
    ["Campaign B", String(w.campB.id), 500, 4],
    ["Total", undefined, 2000, 12],
  ]);

  const wrong = await download(key, query.replace("format=csv", "format=pdf"));
  expect([wrong.status, ((await wrong.json()) as { error: { fieldErrors: object } }).error.fieldErrors]).toEqual([400, { format: "The format is one of csv, xlsx" }]);
});

test("read-only users' files and API answers carry no hidden metric either", async () => {
  const w = await reportWorld();
  // The key is made while the user may make one; then the user becomes read-only (the key acts with the user's current role).
  const user = await f.makeUser(`ro.reports@example.com`, [{ licenseeId: w.licensee.id, role: "RW" }]);
  const key = (await createApiKey(scopeOf(await f.ctxFor(user.id, w.licensee.id)), { name: "ro", scope: "READ_ONLY" })).secret;
  await db.membership.updateMany({ where: { userId: user.id }, data: { role: "RO" } });
  const file = await download(key, `format=csv&dims=campaign&metrics=impressions,cost,margin&from=${MARCH.from}&to=${MARCH.to}`);
  expect((await file.text()).replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Campaign,Campaign ID,Impressions");
  // A POST with a read-only key is refused like every POST (the download is the read-only way).
  expect((await callApi("POST", "/reports", key, { dimensions: ["campaign"], metrics: ["impressions"], ...MARCH })).status).toBe(403);
});

test("typed pages: the loss-bid report by aggregator and max bid band; a wrong URL gets the schema's messages and runs nothing", async () => {
  const w = await reportWorld();
  const page = await loadReportPage(w.ctx, "lossbid", { dims: "aggregator,bidBand", from: MARCH.from, to: MARCH.to, tz: String(UTC) });
  expect(page.fieldErrors).toEqual({});
  expect(page.result!.source).toBe("facts");
  expect(page.result!.rows.map((r) => [r.labels.aggregator, r.labels.bidBand, r.values.bidsPlaced, r.values.winRate])).toEqual([
    ["Exchange R", "1-2", 4000, 25],
    ["Exchange R", "Unknown", 0, null],
    ["Unknown", "Unknown", 0, null],
    ["Unknown", "1-2", 0, null],
  ]);
  // A typed report offers only its own groupings and metrics, whatever the URL asks.
  const video = await loadReportPage(w.ctx, "video", { dims: "country", metrics: "cost", from: MARCH.from, to: MARCH.to, tz: String(UTC) });
  expect(video.definition).toMatchObject({ dimensions: ["creative"], sort: { by: "videoStarts", desc: true } });
  expect(video.result!.rows[0]).toMatchObject({ labels: { creative: "Creative 2" }, values: { videoStarts: 100, videoCompletionRate: 40 } });
  const wrong = await loadReportPage(w.ctx, "advanced", { dims: "campaign", metrics: "impressions", from: "2024-03-09", to: "2024-03-01", f: "country.in.india" });
  expect(wrong.result).toBeNull();
  expect(wrong.fieldErrors).toEqual({ to: "The start date must not be after the end date", "filters.0.values.0": "'india' is not a country code (two capital letters)" });
});

test("the conversion page counts each pixel's fires in the range; the inventory page offers the blocking dialog of a filtered strategy", async () => {
  const w = await reportWorld();
  const pixel = await f.makePixel(w.advertiser, { name: "Purchase" });
  await db.pixelFire.createMany({ data: [{ pixelId: pixel.id, firedAt: new Date("2024-03-05T10:00:00Z") }, { pixelId: pixel.id, firedAt: new Date("2024-04-05T10:00:00Z") }] });
  await db.pixelFireDaily.create({ data: { pixelId: pixel.id, day: new Date("2024-03-01T00:00:00Z"), fires: 4 } });
  const conversion = await loadReportPage(w.ctx, "conversion", { from: MARCH.from, to: MARCH.to, tz: String(UTC) });
  expect(conversion.pixels?.pixels).toEqual([
    { id: pixel.id, name: "Purchase", type: "CLICK_CONV", fires: 5, conversions: 0, clickConversions: 0, viewConversions: 0, value: 0, meanSecondsToConvert: null },
  ]);
  const inventory = await loadReportPage(w.ctx, "inventory", { from: MARCH.from, to: MARCH.to, f: `strategy.in.${w.s1.id}` });
  expect(inventory.block).toMatchObject({ strategyId: w.s1.id, canSave: true });
  const other = await loadReportPage(w.ctx, "inventory", { from: MARCH.from, to: MARCH.to, f: `strategy.in.${w.otherStrategy.id}` });
  expect([other.block, other.result!.rows]).toEqual([undefined, []]);
});

test("a repeated report is read from the cache until the licensee's delivery or a shared table it reads changes", async () => {
  const w = await reportWorld();
  const set = await f.makeCreativeSet(w.advertiser);
  const byCreative = def({ dimensions: ["creative"], metrics: ["impressions"], ...MARCH, timezoneId: UTC });
  const impressions = async () => byLabel((await runReport(w.ctx, byCreative)).rows, "creative")["Creative 1"]?.impressions;
  expect(await impressions()).toBe(1500);

  // A write no change row records (the facts have no trigger; their rollup does): the cached rows stay.
  await db.deliveryHourly.updateMany({ where: { strategyId: w.s1.id, hour: new Date("2024-03-03T10:00:00Z") }, data: { impressions: BigInt(600) } });
  expect(await impressions()).toBe(1500);

  // A shared table a report may join (a creative set's members) changed: read again.
  await db.creativeSetCreative.create({ data: { creativeSetId: set.id, creativeId: w.c1.id } });
  expect(await impressions()).toBe(1600);

  // The licensee's delivery (its rollup, written with every fact) changed: read again.
  await db.deliveryHourly.updateMany({ where: { strategyId: w.s1.id, hour: new Date("2024-03-03T10:00:00Z") }, data: { impressions: BigInt(700) } });
  await refreshStrategyRollup(t.handle.raw);
  expect(await impressions()).toBe(1700);
});
