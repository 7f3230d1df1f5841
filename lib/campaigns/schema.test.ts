// Every campaign rule of business.md 5 with its message, on the field it is
// shown beside (the form and the server action share this schema).
import { CAMPAIGN_MESSAGES as M, LIFETIME_FCAP_SECONDS, campaignSchema, type CampaignSchemaOptions } from "./schema";
import { firstErrors } from "@/tests/helpers/schema-errors";
import { CPM_CAMPAIGN_FORM } from "@/tests/helpers/campaign-form";

const NOW = new Date("2030-01-01T00:00:00Z");
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;
const CREATE: CampaignSchemaOptions = { mode: "create", now: NOW };

/** A complete CPM campaign as the form holds it: text as typed, times as epoch seconds. */
const valid = (over: Record<string, unknown> = {}) => ({
  ...CPM_CAMPAIGN_FORM,
  advertiserId: "1",
  pixelId: "7",
  startTime: NOW_S + DAY,
  endTime: NOW_S + 30 * DAY,
  budgetPacing: false,
  pacingOption: "",
  budgetSpends: "",
  coolingPeriod: "",
  ...over,
});

const seen = new Set<string>();
/** Field path -> first message; every message met is remembered for the coverage test at the end. */
function errorsOf(input: unknown, options: CampaignSchemaOptions = CREATE) {
  const errors = firstErrors(campaignSchema(options), input);
  for (const message of Object.values(errors)) seen.add(message);
  return errors;
}
const parse = (input: unknown, options: CampaignSchemaOptions = CREATE) => campaignSchema(options).parse(input);

test("a complete campaign is valid, money stays exact text and times become ISO 8601 text", () => {
  const parsed = parse(valid({ deltaDaily: "0.10", cpaTarget: 12.5 }));
  expect(parsed).toMatchObject({
    advertiserId: 1,
    pixelId: 7,
    name: "Summer Sale",
    pricingValue: "4.2",
    dailyBudget: "1234.56",
    lifetimeBudget: "30000",
    deltaDaily: "0.1",
    cpaTarget: "12.5",
    dailyFcap: 5,
    dailyFcapHours: 24,
    lifetimeUserFcap: 20,
    userFcapDuration: LIFETIME_FCAP_SECONDS,
    attributionRatio: "100",
    lifetimeDeliveryCap: null,
    startTime: "2030-01-02T00:00:00.000Z",
    endTime: "2030-01-31T00:00:00.000Z",
    pacingOption: null,
  });
  expect(errorsOf(valid())).toEqual({});
});

test.each([
  ["advertiserId", { advertiserId: "" }, M.advertiserRequired],
  ["advertiserId", { advertiserId: "abc" }, M.advertiserRequired],
  ["name", { name: "   " }, M.nameRequired],
  ["name", { name: " abc " }, M.nameTooShort],
  ["name", { name: "x".repeat(101) }, M.nameTooLong],
  ["objective", { objective: "" }, M.objectiveRequired],
  ["objective", { objective: "SALES" }, M.objectiveRequired],
  ["pixelId", { pixelId: "" }, M.pixelRequired],
  ["pixelId", { pixelId: null, pricingType: "CPA" }, M.pixelRequiredForCpa],
  ["startTime", { startTime: "" }, M.startRequired],
  ["startTime", { startTime: "tomorrow" }, M.startInvalid],
  ["startTime", { startTime: NOW_S - 60 }, M.startInPast],
  ["endTime", { endTime: null }, M.endRequired],
  ["endTime", { endTime: -5 }, M.endInvalid],
  ["endTime", { endTime: NOW_S - 60, startTime: -1 }, M.endInPast],
  ["endTime", { endTime: NOW_S + DAY - 1 }, M.endBeforeStart],
  ["endTime", { endTime: NOW_S + DAY }, M.endBeforeStart],
  ["pricingType", { pricingType: "" }, M.pricingTypeRequired],
  ["pricingType", { pricingType: "CPV" }, M.pricingTypeRequired],
  ["pricingValue", { pricingValue: " " }, M.pricingValueRequired],
  ["pricingValue", { pricingType: "MARGIN", pricingValue: "99.01" }, M.marginRange],
  ["pricingValue", { pricingType: "MARGIN", pricingValue: "-1" }, M.marginRange],
  ["pricingValue", { pricingType: "MARGIN", pricingValue: "12.345" }, M.marginDecimals],
  ["pricingValue", { pricingValue: "0" }, M.pricingValuePositive],
  ["pricingValue", { pricingType: "CPC", pricingValue: "-0.5" }, M.pricingValuePositive],
  ["pricingValue", { pricingType: "REV_SHARE", pricingValue: "0" }, M.pricingValuePositive],
  ["pricingValue", { pricingValue: "1234.560001" }, M.pricingValueAboveDailyBudget],
  ["pricingValue", { pricingType: "CPA", pricingValue: "2000" }, M.pricingValueAboveDailyBudget],
  ["dailyBudget", { dailyBudget: "30000" }, M.dailyBudgetNotBelowLifetime],
  ["dailyBudget", { dailyBudget: "30000.000001" }, M.dailyBudgetNotBelowLifetime],
  ["dailyBudget", { dailyBudget: "0" }, M.budgetPositive],
  ["lifetimeBudget", { lifetimeBudget: "-1" }, M.budgetPositive],
  ["dailyAdvSpendBudget", { dailyAdvSpendBudget: "0.000000" }, M.budgetPositive],
  ["lifetimeBudget", { lifetimeBudget: "1.1234567" }, M.amountDecimals],
  ["lifetimeBudget", { lifetimeBudget: "1e3" }, M.amountInvalid],
  ["lifetimeBudget", { lifetimeBudget: "1,000" }, M.amountInvalid],
  ["lifetimeBudget", { lifetimeBudget: "1000000000000" }, M.amountTooLarge],
  ["deltaDaily", { deltaDaily: "-0.01" }, M.amountNegative],
  ["lifetimeDeliveryCap", { lifetimeDeliveryCap: "1000", dailyDeliveryCap: "1000" }, M.lifetimeCapNotAboveDaily],
  ["lifetimeDeliveryCap", { lifetimeDeliveryCap: 999, dailyDeliveryCap: 1000 }, M.lifetimeCapNotAboveDaily],
  ["dailyDeliveryCap", { dailyDeliveryCap: "-1" }, M.countMin],
  ["dailyDeliveryCap", { dailyDeliveryCap: "10.5" }, M.countWhole],
  ["dailyDeliveryCap", { dailyDeliveryCap: "9007199254740992" }, M.countTooLarge],
  ["dailyFcap", { dailyFcap: "2147483648" }, M.countTooLarge],
  ["dailyFcap", { dailyFcap: "five" }, M.countWhole],
  ["lifetimeUserFcap", { dailyFcap: "5", lifetimeUserFcap: "4" }, M.lifetimeFcapBelowDaily],
  ["dailyFcapHours", { dailyFcapHours: "" }, M.fcapHoursRequired],
  ["dailyFcapHours", { dailyFcapHours: "0" }, M.fcapHoursRange],
  ["dailyFcapHours", { dailyFcapHours: "25" }, M.fcapHoursRange],
  ["attributionRatio", { attributionRatio: "100.01" }, M.attributionRange],
  ["attributionRatio", { attributionRatio: "-1" }, M.attributionRange],
  ["attributionRatio", { attributionRatio: "50.125" }, M.attributionDecimals],
  ["cpaTarget", { cpaTarget: "0" }, M.cpaTargetPositive],
  ["cpiTarget", { cpiTarget: "-2" }, M.cpiTargetPositive],
  ["roiTarget", { roiTarget: "0.000" }, M.roiTargetPositive],
  ["pacingOption", { budgetPacing: true }, M.pacingRequired],
  ["pacingOption", { budgetPacing: true, pacingOption: "LIFETIME_EVENLY" }, M.pacingUnavailable],
  ["budgetSpends", { budgetSpends: "7" }, M.budgetSpendsInvalid],
  ["coolingPeriod", { coolingPeriod: 8 }, M.coolingPeriodInvalid],
  ["isRetargeting", { isRetargeting: "yes" }, "Choose yes or no"],
])("%s: %j -> %s", (field, over, message) => {
  expect(errorsOf(valid(over))[field]).toBe(message);
});

test("an empty form shows every required field's message at once", () => {
  expect(errorsOf({})).toEqual({
    advertiserId: M.advertiserRequired,
    name: M.nameRequired,
    objective: M.objectiveRequired,
    pixelId: M.pixelRequired,
    startTime: M.startRequired,
    endTime: M.endRequired,
    pricingType: M.pricingTypeRequired,
    pricingValue: M.pricingValueRequired,
  });
});

test("cross-field rules still run beside a failed field", () => {
  const errors = errorsOf(valid({ name: "", pricingValue: "2000", lifetimeDeliveryCap: "5", dailyDeliveryCap: "5" }));
  expect(errors).toMatchObject({ name: M.nameRequired, pricingValue: M.pricingValueAboveDailyBudget, lifetimeDeliveryCap: M.lifetimeCapNotAboveDaily });
});

describe("names", () => {
  test("4 and 100 characters are the bounds, counted in characters, after trimming", () => {
    expect(errorsOf(valid({ name: " abcd " }))).toEqual({});
    expect(errorsOf(valid({ name: "x".repeat(100) }))).toEqual({});
    expect(errorsOf(valid({ name: "😀".repeat(100) }))).toEqual({}); // 200 UTF-16 units, 100 characters
    expect(parse(valid({ name: "  Spring  " })).name).toBe("Spring");
  });
});

describe("schedule", () => {
  test("start immediately (-1) starts at the schema's clock; -1 and 7258118399 or later end never", () => {
    expect(parse(valid({ startTime: -1 })).startTime).toBe(NOW.toISOString());
    expect(parse(valid({ startTime: "-1", endTime: "-1" })).endTime).toBeNull();
    expect(parse(valid({ endTime: 7258118399 })).endTime).toBeNull();
    expect(parse(valid({ endTime: 9999999999 })).endTime).toBeNull();
    expect(errorsOf(valid({ startTime: 7258118399 })).startTime).toBe(M.startInvalid);
  });

  test("times may be digits, ISO 8601 or Dates", () => {
    const start = new Date((NOW_S + DAY) * 1000);
    expect(parse(valid({ startTime: String(NOW_S + DAY) })).startTime).toBe("2030-01-02T00:00:00.000Z");
    expect(parse(valid({ startTime: "2030-01-02T01:00:00+01:00" })).startTime).toBe("2030-01-02T00:00:00.000Z");
    expect(parse(valid({ startTime: start })).startTime).toBe("2030-01-02T00:00:00.000Z");
    expect(errorsOf(valid({ startTime: new Date(NaN) })).startTime).toBe(M.startInvalid);
  });

  test("a start at the schema's clock is not in the past; an end must be strictly after it", () => {
    expect(errorsOf(valid({ startTime: NOW_S }))).toEqual({});
    expect(errorsOf(valid({ startTime: -1, endTime: NOW_S }))).toEqual({ endTime: M.endInPast });
    expect(errorsOf(valid({ startTime: -1, endTime: NOW_S + 1 }))).toEqual({});
  });

  describe("edit", () => {
    const savedStart = new Date((NOW_S - 10 * DAY) * 1000);
    const savedEnd = new Date((NOW_S - DAY) * 1000);
    const EDIT: CampaignSchemaOptions = { mode: "edit", now: NOW, saved: { startTime: savedStart, endTime: savedEnd } };

    test("a start and end left as saved may be in the past", () => {
      expect(errorsOf(valid({ startTime: NOW_S - 10 * DAY, endTime: NOW_S - DAY }), EDIT)).toEqual({});
    });

    test("a changed start or end must be in the future, and the end still after the start", () => {
      expect(errorsOf(valid({ startTime: NOW_S - 11 * DAY, endTime: NOW_S + DAY }), EDIT)).toEqual({ startTime: M.startInPast });
      expect(errorsOf(valid({ startTime: NOW_S - 10 * DAY, endTime: NOW_S - 60 }), EDIT)).toEqual({ endTime: M.endInPast });
      expect(errorsOf(valid({ startTime: NOW_S + 2 * DAY, endTime: NOW_S + DAY }), EDIT)).toEqual({ endTime: M.endBeforeStart });
    });

    test("without the saved schedule only 'end after start' is checked", () => {
      expect(errorsOf(valid({ startTime: NOW_S - 10 * DAY, endTime: NOW_S - DAY }), { mode: "edit", now: NOW })).toEqual({});
      expect(errorsOf(valid({ startTime: NOW_S - DAY, endTime: NOW_S - 2 * DAY }), { mode: "edit", now: NOW })).toEqual({ endTime: M.endBeforeStart });
    });
  });
});

describe("pricing", () => {
  test("a margin is typed as a percentage 0 to 99 and stored as its fraction, never compared with the budget", () => {
    const margin = (value: string) => parse(valid({ pricingType: "MARGIN", pricingValue: value, dailyBudget: "10" })).pricingValue;
    expect(margin("30")).toBe("0.3");
    expect(margin("0")).toBe("0");
    expect(margin("99")).toBe("0.99");
    expect(margin("12.34")).toBe("0.1234");
  });

  test("other rates are stored as typed, up to the daily media budget inclusive, compared exactly", () => {
    expect(parse(valid({ pricingValue: "1234.56" })).pricingValue).toBe("1234.56");
    expect(parse(valid({ pricingValue: 1234.56 })).pricingValue).toBe("1234.56");
    expect(errorsOf(valid({ pricingType: "CPC", pricingValue: "0.3", dailyBudget: "0.30" }))).toEqual({});
    expect(errorsOf(valid({ pricingType: "REV_SHARE", pricingValue: "5000" }))).toEqual({});
    expect(errorsOf(valid({ pricingValue: "5000", dailyBudget: "" }))).toEqual({});
  });

  test("a pixel is needed for CPA even when the caller does not need one otherwise", () => {
    const noPixel: CampaignSchemaOptions = { ...CREATE, pixelRequired: false };
    expect(errorsOf(valid({ pixelId: "" }), noPixel)).toEqual({});
    expect(errorsOf(valid({ pixelId: "", pricingType: "CPA" }), noPixel)).toEqual({ pixelId: M.pixelRequiredForCpa });
    expect(parse(valid({ pixelId: null }), noPixel).pixelId).toBeNull();
  });
});

describe("budgets, caps and targets", () => {
  test("blank budgets are unlimited, 0 caps are no cap, and a cap's duration is kept only beside a cap", () => {
    const parsed = parse(valid({ lifetimeBudget: "", dailyBudget: "", dailyFcap: "0", lifetimeUserFcap: "", lifetimeDeliveryCap: "0", dailyDeliveryCap: "40000" }));
    expect(parsed).toMatchObject({ lifetimeBudget: null, dailyBudget: null, dailyFcap: 0, dailyFcapHours: null, lifetimeUserFcap: null, userFcapDuration: null, dailyDeliveryCap: 40000 });
  });

  test("the inclusive bounds pass", () => {
    expect(errorsOf(valid({ dailyFcap: "5", lifetimeUserFcap: "5", dailyFcapHours: "1", attributionRatio: "0" }))).toEqual({});
    expect(errorsOf(valid({ lifetimeDeliveryCap: "1001", dailyDeliveryCap: "1000", attributionRatio: "99.99", deltaDaily: "0" }))).toEqual({});
    expect(errorsOf(valid({ dailyBudget: "29999.999999" }))).toEqual({});
  });

  test("pacing options are kept only while pacing is on", () => {
    const on = parse(valid({ budgetPacing: true, pacingOption: "DAILY_HOURLY_WEIGHTAGE", budgetSpends: "12", coolingPeriod: 3 }));
    expect(on).toMatchObject({ pacingOption: "DAILY_HOURLY_WEIGHTAGE", budgetSpends: 12, coolingPeriod: 3 });
    const off = parse(valid({ budgetPacing: false, pacingOption: "LIFETIME_ASAP", budgetSpends: 6 }));
    expect(off).toMatchObject({ pacingOption: null, budgetSpends: null, coolingPeriod: null });
  });

  test("SKAD target is refused only when the licensee is known to lack the privilege", () => {
    expect(errorsOf(valid({ skadTarget: true }))).toEqual({});
    expect(errorsOf(valid({ skadTarget: true }), { ...CREATE, skadAllowed: false })).toEqual({ skadTarget: M.skadNotAllowed });
  });
});

test("every campaign message is reachable by some input above", () => {
  expect(Object.values(M).filter((message) => !seen.has(message))).toEqual([]);
});
