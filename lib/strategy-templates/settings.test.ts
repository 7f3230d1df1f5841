// What a template carries, read back through the one strategy schema: a
// template's values under a new campaign and name parse to the same stored
// values as the strategy it came from (except what it leaves out), stored
// values the schema no longer accepts are dropped, and the list's cut of the
// description.
import { strategySchema } from "../strategies/form";
import { descriptionPreview, goalOf, readTemplateSettings, TEMPLATE_FIELDS, templateFormValues, templateSettingsOf } from "./settings";

const NOW = new Date("2030-01-01T00:00:00Z");
const NOW_S = NOW.getTime() / 1000;
const OPTIONS = { mode: "create" as const, now: NOW };

const strategyValues = {
  ...templateFormValues({}, 3),
  name: "Prospecting", startTime: NOW_S + 86_400, endTime: NOW_S + 30 * 86_400, pixelIds: [7], creativeIds: [8], creativeSetIds: [9],
  campaignFcap: false, fcapFrequency: "3", fcapInterval: "24", pricingType: "MARGIN", pricingValue: "30", dailyAdvSpendBudget: "100",
  targetAndroidCategories: ["Games"], targetIosCategories: [], consentType: 1,
  targetDays: { daypart: [{ day: "MONDAY", hours: [6, 7] }] },
  targetAppSegments: { targetedSegments: [5], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" },
  deltaMediaBudget: "10", resetTimeDeltaMediaBudget: NOW_S + 3600,
} as const;

test("a template's values under another campaign and name store what the strategy stored, minus what a template leaves out", () => {
  const settings = templateSettingsOf(strategyValues as never);
  expect(goalOf(settings)).toBe("MARGIN");
  for (const key of ["campaignId", "name", "startTime", "endTime", "pixelIds", "creativeIds", "creativeSetIds", "targetAppSegments", "deltaMediaBudget", "resetTimeDeltaMediaBudget"]) {
    expect(settings).not.toHaveProperty(key);
  }
  const original = strategySchema(OPTIONS).parse(strategyValues);
  const fromTemplate = strategySchema(OPTIONS).parse({
    ...templateFormValues(JSON.parse(JSON.stringify(settings)), 4),
    name: "From template", startTime: strategyValues.startTime, endTime: strategyValues.endTime,
  });
  const carried = ({ campaignId, name, startTime, endTime, pixelIds, creativeIds, creativeSetIds, deltaMediaBudget, resetTimeDeltaMediaBudget, targeting, ...rest }: typeof original) => {
    const { targetAppSegments, ...otherTargeting } = targeting;
    void [campaignId, name, startTime, endTime, pixelIds, creativeIds, creativeSetIds, deltaMediaBudget, resetTimeDeltaMediaBudget, targetAppSegments];
    return { ...rest, targeting: otherTargeting };
  };
  expect(carried(fromTemplate)).toEqual(carried(original));
  expect(fromTemplate).toMatchObject({ campaignId: 4, name: "From template", pixelIds: [], creativeIds: [], pricingValue: "0.3", deltaMediaBudget: null });
});

test("stored settings are read field by field: unknown keys and values the schema refuses are dropped", () => {
  const read = readTemplateSettings({ pricingType: "CPM", pacingTypeId: 99, campaignId: 3, bogus: true, targetAndroidCategories: ["Games"] });
  expect(read).toEqual({ pricingType: "CPM", targetAndroidCategories: ["Games"] });
  expect(readTemplateSettings(null)).toEqual({});
  expect(readTemplateSettings([1])).toEqual({});
  expect(TEMPLATE_FIELDS).toContain("targetGeographies");
});

test("the list's description is cut at 100 characters (whole characters), shorter ones as they are", () => {
  expect(descriptionPreview(null)).toBe("");
  expect(descriptionPreview("short")).toBe("short");
  expect(descriptionPreview("a".repeat(100))).toBe("a".repeat(100));
  expect(descriptionPreview("a".repeat(101))).toBe(`${"a".repeat(100)}…`);
  expect(descriptionPreview("😀".repeat(101))).toBe(`${"😀".repeat(100)}…`);
});
