import { DeliveryRowSchema } from "./schema";
import { microsToText, simulate, toBatchRow, type SimulatedStrategy } from "./simulate";
import { textToMicros } from "./simulate-budgets";
import { daypartHours, standardUtcOffsetHours } from "./simulate-inputs";

const FROM = new Date("2030-01-01T00:00:00Z");
const TO = new Date("2030-01-03T00:00:00Z");
const strategy = (over: Partial<SimulatedStrategy> = {}): SimulatedStrategy => ({
  id: 7, campaignId: 3, advertiserId: 2, objective: "MOBILE_APP_INSTALLS", ctv: false, video: false, skad: false,
  creativeIds: [11, 12], appIds: [3, 5], siteIds: [], aggregatorIds: [1, 2], countries: ["US"], devices: ["PHONE", "TABLET"],
  startTime: new Date("2030-01-01T06:00:00Z"), endTime: new Date("2030-01-02T18:00:00Z"), daypart: null, utcOffsetHours: -5,
  pricingType: "CPM", pricingValue: "2.5",
  budgets: { lifetime: null, daily: null, pacing: "ASAP", campaignLifetime: null, campaignDaily: null },
  ...over,
});
const n = (v: string) => Number(v);
const sum = (rows: ReturnType<typeof simulate>, pick: (r: ReturnType<typeof simulate>[number]) => string) => rows.reduce((t, r) => t + (textToMicros(pick(r)) ?? 0), 0);
const key = (r: ReturnType<typeof simulate>[number]) => [r.strategyId, r.hour.toISOString(), r.creativeId, r.appId, r.siteId, r.aggregatorId, r.country, r.device].join("|");

test("deterministic for a seed; another seed changes the numbers but not where an hour ran (its natural key)", () => {
  const a = simulate([strategy()], FROM, TO, { seed: 42 });
  expect(simulate([strategy()], FROM, TO, { seed: 42 })).toEqual(a);
  const b = simulate([strategy()], FROM, TO, { seed: 43 });
  expect(b).not.toEqual(a);
  expect(b.map(key)).toEqual(a.map(key));
});

test("only the hours of the schedule and its day parts; every row is one ingestion accepts", () => {
  const rows = simulate([strategy()], FROM, TO, { seed: 1 });
  expect(rows).toHaveLength(36); // 06:00 on the 1st to 18:00 on the 2nd
  expect([rows[0].hour.toISOString(), rows.at(-1)!.hour.toISOString()]).toEqual(["2030-01-01T06:00:00.000Z", "2030-01-02T17:00:00.000Z"]);
  for (const row of rows) expect(DeliveryRowSchema.safeParse(toBatchRow(row)).success).toBe(true);
  expect(new Set(rows.map((r) => r.creativeId))).toEqual(new Set([11, 12]));
  expect(rows.every((r) => [3, 5].includes(r.appId!) && r.siteId === null && r.country === "US" && ["PHONE", "TABLET"].includes(r.device))).toBe(true);

  // Tuesday 1 January 2030, 09:00-11:59 in the advertiser's time (UTC-5) only.
  const daypart = daypartHours({ targetDays: { daypart: [{ day: "TUESDAY", hours: [9, 10, 11] }] } });
  const parted = simulate([strategy({ daypart })], FROM, TO, { seed: 1 });
  expect(parted.map((r) => r.hour.toISOString())).toEqual(["2030-01-01T14:00:00.000Z", "2030-01-01T15:00:00.000Z", "2030-01-01T16:00:00.000Z"]);
  expect(daypartHours({ targetDays: { daypart: [] } })).toBeNull();
  expect(standardUtcOffsetHours("America/New_York")).toBe(-5);
  expect(standardUtcOffsetHours("Asia/Kolkata")).toBe(5.5);
  expect(standardUtcOffsetHours("Australia/Sydney")).toBe(10);
});

test("counts hang together: wins are impressions, losses make up the rest of the bids, quartiles only for video and falling", () => {
  for (const row of simulate([strategy({ video: true })], FROM, TO, { seed: 5 })) {
    const c = row.counts;
    expect(n(c.bidsWon)).toBe(n(c.impressions));
    expect(n(c.lossBelowFloor) + n(c.lossOutbid) + n(c.lossCreativeRejected) + n(c.lossTimeout) + n(c.lossOther)).toBe(n(c.bidsPlaced) - n(c.bidsWon));
    expect(n(c.eligibleBids)).toBeGreaterThan(n(c.bidsPlaced));
    expect(n(c.videoStarts) > 0 && n(c.videoStarts) >= n(c.videoQ25) && n(c.videoQ25) >= n(c.videoQ50) && n(c.videoQ50) >= n(c.videoQ75) && n(c.videoQ75) >= n(c.videoCompletes)).toBe(true);
    expect(n(c.clicks)).toBeLessThanOrEqual(n(c.impressions));
    expect(n(c.conversions)).toBe(n(c.clickConversions) + n(c.viewConversions));
  }
  expect(simulate([strategy()], FROM, TO, { seed: 5 }).every((r) => r.counts.videoStarts === "0")).toBe(true);
});

test("Adv Spend follows the pricing; media cost is Adv Spend less the margin", () => {
  const rowsOf = (pricingType: string, pricingValue: string) => simulate([strategy({ pricingType, pricingValue })], FROM, TO, { seed: 9 });
  for (const r of rowsOf("CPM", "2.5")) expect(r.amounts.revenue).toBe(microsToText(Math.round(n(r.counts.impressions) * 2500)));
  for (const r of rowsOf("CPC", "0.4")) expect(r.amounts.revenue).toBe(microsToText(n(r.counts.clicks) * 400_000));
  for (const r of rowsOf("CPI", "2.25")) expect(r.amounts.revenue).toBe(microsToText(n(r.counts.installs) * 2_250_000));
  for (const r of rowsOf("CPA", "12")) expect(r.amounts.revenue).toBe(microsToText(n(r.counts.conversions) * 12_000_000));
  const margin = rowsOf("MARGIN", "0.3");
  for (const r of margin) expect(Math.abs(n(r.amounts.cost) - n(r.amounts.revenue) * 0.7)).toBeLessThanOrEqual(0.000001);
  const revShare = rowsOf("REV_SHARE", "0.15");
  expect(Math.abs(sum(revShare, (r) => r.amounts.revenue) - 0.15 * sum(revShare, (r) => r.amounts.advRevenue))).toBeLessThan(revShare.length);
});

test("a lifetime budget is reached exactly, counting what was spent before, and nothing runs after it", () => {
  const budgets = { lifetime: "100", daily: null, pacing: "ASAP" as const, campaignLifetime: null, campaignDaily: null };
  const open = { endTime: null, pricingValue: "20" };
  const rows = simulate([strategy({ ...open, budgets })], FROM, TO, { seed: 3 });
  expect(sum(rows, (r) => r.amounts.revenue)).toBe(100_000_000);
  const last = rows.at(-1)!.hour;
  expect(last < new Date("2030-01-02T23:00:00Z")).toBe(true); // stopped well before the window's end
  const before = simulate([strategy({ ...open, budgets })], FROM, TO, { seed: 3, spentBefore: { strategies: new Map([[7, "60.5"]]) } });
  expect(sum(before, (r) => r.amounts.revenue)).toBe(39_500_000);
  // Priced per install: every hour bills its installs in full; the install that reaches the budget is the last.
  const cpi = simulate([strategy({ ...open, pricingType: "CPI", pricingValue: "2", budgets })], FROM, TO, { seed: 3 });
  for (const r of cpi) expect(r.amounts.revenue).toBe(microsToText(n(r.counts.installs) * 2_000_000));
  expect(sum(cpi, (r) => r.amounts.revenue)).toBeGreaterThanOrEqual(100_000_000);
  expect(sum(cpi, (r) => r.amounts.revenue)).toBeLessThan(102_000_000);
  expect(cpi.at(-1)!.hour < new Date("2030-01-02T23:00:00Z")).toBe(true);
  // The campaign's budget is shared by its strategies.
  const shared = { ...budgets, lifetime: null, campaignLifetime: "150" };
  const both = simulate([strategy({ ...open, budgets: shared }), strategy({ ...open, id: 8, budgets: shared })], FROM, TO, { seed: 3 });
  expect(sum(both, (r) => r.amounts.revenue)).toBe(150_000_000);
});

test("daily budgets: even pacing at most 1/24 an hour, ASAP up to the day's budget, per UTC day", () => {
  const daily = (pacing: "EVEN" | "ASAP") => ({ lifetime: null, daily: "48", pacing, campaignLifetime: null, campaignDaily: null });
  const even = simulate([strategy({ endTime: null, pricingValue: "20", budgets: daily("EVEN") })], FROM, TO, { seed: 4 });
  expect(even.every((r) => n(r.amounts.revenue) <= 2)).toBe(true);
  const asap = simulate([strategy({ endTime: null, pricingValue: "20", budgets: daily("ASAP") })], FROM, TO, { seed: 4 });
  for (const day of ["2030-01-01", "2030-01-02"]) expect(sum(asap.filter((r) => r.hour.toISOString().startsWith(day)), (r) => r.amounts.revenue)).toBe(48_000_000);
  // A capped CPM hour buys the impressions its budget pays for.
  for (const r of asap) expect(Math.abs(n(r.counts.impressions) * 0.02 - n(r.amounts.revenue))).toBeLessThan(0.02);
});
