import { DeliveryRowSchema } from "./schema";
import { simulate, simulateHour, type SimulatedStrategy } from "./simulate";

const FROM = new Date("2030-01-01T00:00:00Z");
const TO = new Date("2030-01-03T00:00:00Z");
const strategy = (over: Partial<SimulatedStrategy> = {}): SimulatedStrategy => ({
  id: 7, creativeIds: [11, 12], appIds: [3], siteIds: [4], aggregatorIds: [1, 2],
  startTime: new Date("2030-01-01T06:00:00Z"), endTime: new Date("2030-01-02T18:00:00Z"),
  pricingType: "CPM", pricingValue: "2.5", dailyAdvSpendBudget: null, appObjective: true, video: false, ...over,
});

test("deterministic for a seed, different for another", () => {
  expect(simulate([strategy()], FROM, TO, 42)).toEqual(simulate([strategy()], FROM, TO, 42));
  expect(simulate([strategy()], FROM, TO, 42)).not.toEqual(simulate([strategy()], FROM, TO, 43));
});

test("only the hours of the schedule; every row is one ingestion accepts", () => {
  const rows = simulate([strategy()], FROM, TO, 1);
  expect(rows).toHaveLength(36); // 06:00 on the 1st to 18:00 on the 2nd
  expect([rows[0].hour, rows.at(-1)!.hour]).toEqual(["2030-01-01T06:00:00.000Z", "2030-01-02T17:00:00.000Z"]);
  for (const row of rows) expect(DeliveryRowSchema.safeParse(row).success).toBe(true);
});

test("counts hang together: wins are impressions, losses make up the rest of the bids, quartiles fall", () => {
  for (const row of simulate([strategy({ video: true })], FROM, TO, 5)) {
    const n = (k: string) => Number(row[k]);
    expect(n("bidsWon")).toBe(n("impressions"));
    expect(n("lossBelowFloor") + n("lossOutbid") + n("lossCreativeRejected") + n("lossTimeout") + n("lossOther")).toBe(n("bidsPlaced") - n("bidsWon"));
    expect(n("videoStarts") >= n("videoQ25") && n("videoQ25") >= n("videoQ50") && n("videoQ50") >= n("videoQ75") && n("videoQ75") >= n("videoCompletes")).toBe(true);
    expect(n("clicks")).toBeLessThanOrEqual(n("impressions"));
  }
});

test("spend follows the pricing and the daily advertiser spend budget", () => {
  const hour = Date.parse("2030-01-01T20:00:00Z");
  const cpm = simulateHour(strategy(), hour, 9)!;
  expect(Number(cpm.revenue)).toBeCloseTo((Number(cpm.impressions) / 1000) * 2.5, 5);
  expect(Number(cpm.cost)).toBeCloseTo(Number(cpm.revenue) * 0.7, 5);
  const cpc = simulateHour(strategy({ pricingType: "CPC", pricingValue: "0.4" }), hour, 9)!;
  expect(Number(cpc.revenue)).toBeCloseTo(Number(cpc.clicks) * 0.4, 5);
  const capped = simulateHour(strategy({ pricingValue: "50", dailyAdvSpendBudget: "24" }), hour, 9)!;
  expect(Number(capped.revenue)).toBeLessThanOrEqual(1); // 24 a day: at most 1 an hour
  const margin = simulateHour(strategy({ pricingType: "MARGIN", pricingValue: "0.3" }), hour, 9)!;
  expect(Number(margin.cost) / Number(margin.revenue)).toBeCloseTo(0.7, 4);
});
