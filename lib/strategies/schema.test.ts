import { ADVERTISERS, type Channel } from "../seed/blueprints";
import type { Dictionaries } from "../seed/dictionaries";
import { createRng } from "../random";
import { strategyInventory, strategyTargeting } from "../seed/targeting";
import { parseStrategyInventory, parseStrategyTargeting, StrategyJsonError, strategyInventorySchema, strategyTargetingSchema } from "./schema";
import { strategySchema } from "./form";

// Only the fields the seed's generators read.
const dict = {
  aggregatorIds: [1, 2, 3, 4, 5],
  siteIds: [10, 11, 12, 13],
  dealIds: [20, 21, 22, 23, 24],
  geo: new Map([["US", 1], ["CA", 2], ["DE", 3], ["AT", 4], ["CH", 5], ["GB", 6], ["FR", 7]]),
} as unknown as Dictionaries;

const fullTargeting = {
  targetDays: { daypart: [{ day: "MONDAY", hours: [8, 9, 10] }] },
  targetGeographies: {
    country: { targetList: ["DE"], blockedList: [] },
    state: { targetList: [], blockedList: ["DE-BY"] },
    city: { targetList: [], blockedList: [] },
    customGeoTargeting: false,
  },
  zipCodes: ["10115"],
  geoFenceDTO: { isEnabled: true, targetList: [{ latitude: 52.5, longitude: 13.4 }], radius: 5, radiusUnit: "km" },
  weatherTargetingDTO: ["RAIN"],
  temperatureTargetingDTO: { minTemperature: -5, maxTemperature: 25 },
  targetAppSegments: { targetedSegments: [1], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" },
  targetLalSegments: { targetedSegments: [], blockedSegments: [2], customSegmentTargeting: true, targetedSegmentsOperator: "AND" },
  dealDTO: { targetList: [20], blockedList: [] },
  consentType: 2,
  genderTargeting: [2],
  ageGroupTargeting: { minAge: 18, maxAge: 44 },
  videoPlacement: { allVideos: true, nonSkippableVideos: false },
  placements: [{ id: 5, name: "CTV" }],
  connectionTypes: ["wifi", "5G"],
  targetMobileDevices: { targetOperatingSystems: ["Android"], targetDeviceTypes: [3, 4], brands: ["Samsung"] },
  ctvTargeting: { adBreak: ["PRE"], adPod: "Dynamic", contentGenre: ["Drama"], contentLanguage: ["en"] },
  intent: ["high-spender"],
  videoType: ["instream"],
  skippable: false,
};

function issuesOf(fn: () => unknown): string[] {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(StrategyJsonError);
    return (e as StrategyJsonError).issues;
  }
  throw new Error("expected the value to be rejected");
}

test("an empty object (the column default) means 'all' and is accepted", () => {
  expect(parseStrategyInventory({})).toEqual({});
  expect(parseStrategyTargeting({})).toEqual({});
});

test("a complete targeting and inventory are accepted unchanged", () => {
  expect(parseStrategyTargeting(fullTargeting)).toEqual(fullTargeting);
  const inventory = {
    rtbAggregators: { targetList: [1, 2], blockedList: [] },
    rtbSites: { targetList: [], blockedList: [10] },
    targetAndroidCategories: ["Games"],
    targetIosCategories: [],
    targetOnlyPublishedApp: true,
    targetAppRatings: "4+",
    auctionTypeTargeting: "FIRST_PRICE",
  };
  expect(parseStrategyInventory(inventory)).toEqual(inventory);
});

test.each<Channel>(["ANDROID", "IOS", "WEB", "CTV"])("what the seed generates for a %s strategy parses", (channel) => {
  for (let seed = 1; seed <= 20; seed++) {
    const rng = createRng(seed);
    const inventory = strategyInventory(rng, channel, dict);
    const targeting = strategyTargeting(rng, channel, ADVERTISERS.acme[0], dict);
    expect(parseStrategyInventory(inventory)).toEqual(inventory);
    expect(parseStrategyTargeting(targeting)).toEqual(targeting);
  }
});

test("a wrong type is rejected with the path to the field", () => {
  const bad = { ...fullTargeting, targetGeographies: { ...fullTargeting.targetGeographies, country: { targetList: [1], blockedList: [] } } };
  const issues = issuesOf(() => parseStrategyTargeting(bad));
  expect(issues).toHaveLength(1);
  expect(issues[0]).toMatch(/^targetGeographies\.country\.targetList\[0\]: .*expected string/);
});

test("a misspelt field is refused rather than silently meaning 'all'", () => {
  const issues = issuesOf(() => parseStrategyInventory({ rtbAgregators: { targetList: [1], blockedList: [] } }));
  expect(issues.join()).toMatch(/rtbAgregators/);
});

test("values outside their enumerations or ranges are rejected", () => {
  expect(issuesOf(() => parseStrategyInventory({ targetAppRatings: "5+" }))[0]).toMatch(/^targetAppRatings: /);
  expect(issuesOf(() => parseStrategyInventory({ auctionTypeTargeting: "THIRD_PRICE" }))[0]).toMatch(/^auctionTypeTargeting: /);
  // "All" is the field left out, not a value of its own.
  expect(issuesOf(() => parseStrategyInventory({ auctionTypeTargeting: "ALL" }))[0]).toMatch(/^auctionTypeTargeting: /);
  // Gender ids of business.md 9: male 1, female 2.
  expect(issuesOf(() => parseStrategyTargeting({ genderTargeting: [3] }))[0]).toMatch(/^genderTargeting\[0\]: /);
  expect(issuesOf(() => parseStrategyTargeting({ connectionTypes: ["wifi", "6G"] }))[0]).toMatch(/^connectionTypes\[1\]: /);
  expect(issuesOf(() => parseStrategyTargeting({ targetDays: { daypart: [{ day: "MONDAY", hours: [24] }] } }))[0]).toMatch(
    /^targetDays\.daypart\[0\]\.hours\[0\]: /,
  );
  expect(issuesOf(() => parseStrategyTargeting({ ageGroupTargeting: { minAge: 50, maxAge: 18 } }))).toEqual([
    "ageGroupTargeting.maxAge: minAge must not be above maxAge",
  ]);
  expect(issuesOf(() => parseStrategyTargeting({ targetDays: { daypart: [{ day: "MONDAY", hours: [] }, { day: "MONDAY", hours: [] }] } }))).toEqual([
    "targetDays.daypart: Each day may appear once",
  ]);
});

test("a value that is not an object at all is rejected at the column itself", () => {
  const error = (() => {
    try {
      parseStrategyTargeting([1, 2]);
    } catch (e) {
      return e as StrategyJsonError;
    }
  })();
  expect(error?.column).toBe("targeting");
  expect(error?.message).toMatch(/^Invalid strategy targeting: targeting: /);
});

// ───────────── every field, through the JSON columns and through the wizard ─────────────

const EVERY_TARGETING = {
  ...fullTargeting,
  targetDays: { daypart: [{ day: "MONDAY", hours: [6, 7, 8, 9] }, { day: "SUNDAY", hours: [22, 23, 0, 1] }] },
  targetGeographies: {
    country: { targetList: ["DE", "FR"], blockedList: ["AT"] },
    state: { targetList: ["US-CA"], blockedList: ["DE-BY"] },
    city: { targetList: ["DE-BE:Berlin", "US-CA:Los Angeles"], blockedList: [] },
    customGeoTargeting: true,
  },
  geoFenceDTO: { isEnabled: true, targetList: [{ latitude: 52.5, longitude: 13.4 }], radius: 2, radiusUnit: "miles" },
  targetWebSegments: { targetedSegments: [3, 4], blockedSegments: [5], customSegmentTargeting: true, targetedSegmentsOperator: "AND" },
  targetDmpSegments: { targetedSegments: [6], blockedSegments: [], customSegmentTargeting: false, targetedSegmentsOperator: "OR" },
  dealDTO: { targetList: [20], blockedList: [21] },
  targetDealCategory: ["Sports"],
  maskedTarget: true,
  userPurchaseFrequency: 3,
  genderTargeting: [1, 2],
  videoRewardedTypeTargeting: { allVideos: false, rewardedVideos: true },
  placements: [{ id: 1, name: "Desktop" }, { id: 3, name: "Mobile Apps" }],
  targetMobileDevices: { targetOperatingSystems: ["Android", "iOS"], targetDeviceTypes: [3, 4], brands: ["Samsung"], models: ["Galaxy S24"] },
  publisherTypes: ["App", "Web"],
  abandonedSessionUserTargeting: { allUsers: false, abandonedSessionUsers: true },
  ctvTargeting: { adBreak: ["PRE", "MID", "POST"], adPod: "Manual", contentGenre: ["Drama"], contentLanguage: ["en"], osTargeting: ["Roku"] },
};
const EVERY_INVENTORY = {
  rtbAggregators: { targetList: [1, 2], blockedList: [3] },
  rtbSites: { targetList: [], blockedList: [10] },
  rtbApps: { targetList: [7], blockedList: [8] },
  targetAndroidCategories: ["Games"],
  targetIosCategories: ["News"],
  targetOnlyPublishedApp: true,
  targetAppRatings: "4+",
  auctionTypeTargeting: "SECOND_PRICE",
};

test("the round-trip fixtures name every field of both columns", () => {
  expect(Object.keys(EVERY_TARGETING).sort()).toEqual(Object.keys(strategyTargetingSchema.shape).sort());
  expect(Object.keys(EVERY_INVENTORY).sort()).toEqual(Object.keys(strategyInventorySchema.shape).sort());
});

test("every targeting and inventory field round-trips through its column unchanged", () => {
  expect(parseStrategyTargeting(EVERY_TARGETING)).toEqual(EVERY_TARGETING);
  expect(parseStrategyInventory(EVERY_INVENTORY)).toEqual(EVERY_INVENTORY);
  expect(parseStrategyTargeting(JSON.parse(JSON.stringify(EVERY_TARGETING)))).toEqual(EVERY_TARGETING);
});

test("every field round-trips through the wizard's whole schema into the stored columns (rows the type hides aside)", () => {
  const now = new Date("2030-01-01T00:00:00Z");
  const campaign = { objective: "MOBILE_APP_INSTALLS", isRetargeting: true, skadTarget: false, advertiserId: 1 };
  const schema = strategySchema({ mode: "create", now, campaign, purchaseFrequencyMappings: 6, catalogAdvertiser: true, dmpAccess: true });
  const base = { campaignId: 3, name: "All fields", startTime: -1, endTime: -1, pricingType: "CPM", pricingValue: "1", pacingTypeId: 6, ...EVERY_INVENTORY, ...EVERY_TARGETING };
  const multi = schema.parse({ ...base, type: "MULTI_DEVICE" });
  const { ctvTargeting, ...multiDevice } = EVERY_TARGETING;
  expect([multi.inventory, multi.targeting]).toEqual([EVERY_INVENTORY, multiDevice]);
  const ctv = schema.parse({ ...base, type: "CTV_OTT" });
  const ctvKept = Object.fromEntries(Object.entries(EVERY_TARGETING).filter(([key]) => key !== "targetMobileDevices"));
  expect(ctv.targeting).toEqual({ ...ctvKept, ctvTargeting, placements: [{ id: 5, name: "CTV" }] });
  expect(ctv.inventory).toEqual({ rtbAggregators: EVERY_INVENTORY.rtbAggregators, rtbSites: EVERY_INVENTORY.rtbSites, auctionTypeTargeting: "SECOND_PRICE" });
});
