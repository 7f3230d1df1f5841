// The Day Parts row of a strategy's readable rows (business.md 9): every hour
// of every day is "all", the same row as no day parts at all; any narrower
// choice lists its days with their hour ranges.
import { describeStrategy, type DescribableStrategy, type Namers } from "./describe";
import { parseStrategyInventory, parseStrategyTargeting } from "./schema";
import { WEEKDAYS } from "./options";

const byId = (id: number) => `#${id}`;
const NAMERS: Namers = {
  pixel: byId, creative: byId, creativeSet: byId, audience: byId, aggregator: byId, site: byId, app: byId, deal: byId,
  campaign: byId, geo: (_level, id) => id, time: (iso) => iso,
};

function strategyWithDays(targetDays: unknown): DescribableStrategy {
  return {
    campaignId: 1, name: "Day parted", type: "MULTI_DEVICE", startTime: "2026-03-01T00:00:00.000Z", endTime: null, pixelIds: [],
    trackingParameter: null, skadOptimised: false, skOverlayPosition: null, campaignFcap: true, fcapFrequency: null, fcapInterval: null,
    lifetimeUserFcap: null, pricingType: "CPM", pricingValue: "4.2", bidPercentage: null, bidCapMin: null, bidCapMax: null, budgetValue: null,
    dailyAdvSpendBudget: null, pacingTypeId: 6, pacingBudgetValue: null, isBargainerActive: false, deltaMediaBudget: null,
    resetTimeDeltaMediaBudget: null, spillover: false, boostBidPrice: null, cpaTarget: null, productFeedTargeting: null, productSelectionPolicy: null,
    inventory: parseStrategyInventory({}),
    targeting: parseStrategyTargeting(targetDays === undefined ? {} : { targetDays }),
    creativeIds: [], creativeSetIds: [],
  };
}

const dayPartsRow = (targetDays: unknown) => describeStrategy(strategyWithDays(targetDays), NAMERS).find((r) => r.key === "dayParts");
const ALL_HOURS = Array.from({ length: 24 }, (_, h) => h);

test("all seven days with 24 hours each is the row of no day parts (shown as All), not seven full-day lines", () => {
  const fullWeek = dayPartsRow({ daypart: WEEKDAYS.map((day) => ({ day, hours: ALL_HOURS })) });
  expect(fullWeek).toEqual(dayPartsRow(undefined));
  expect(fullWeek).toMatchObject({ label: "Day Parts", items: null });
});

test("a partial week still lists its days and hour ranges", () => {
  const sixDays = WEEKDAYS.filter((day) => day !== "SUNDAY").map((day) => ({ day, hours: ALL_HOURS }));
  expect(dayPartsRow({ daypart: sixDays })?.items).toHaveLength(6);
  expect(dayPartsRow({ daypart: sixDays })?.items?.[0]).toBe("Monday 00:00-23:59");

  // Seven days, none with every hour: each day listed with its ranges.
  const allButMidnight = WEEKDAYS.map((day) => ({ day, hours: day === "SATURDAY" ? [6, 7, 8, 9, 20] : ALL_HOURS.slice(0, 23) }));
  expect(dayPartsRow({ daypart: allButMidnight })?.items).toEqual([
    ...["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((day) => `${day} 00:00-22:59`),
    "Saturday 06:00-09:59, 20:00-20:59",
    "Sunday 00:00-22:59",
  ]);
});
