import { ADVERTISERS, type Channel } from "../seed/blueprints";
import type { Dictionaries } from "../seed/dictionaries";
import { createRng } from "../random";
import { strategyInventory, strategyTargeting } from "../seed/targeting";
import { parseStrategyInventory, parseStrategyTargeting, StrategyJsonError } from "./schema";

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
