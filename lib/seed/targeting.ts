// Small, plausible inventory and targeting JSON for demo strategies, using the
// field names of business.md ("Inventory" and "Targeting" of STRATEGY). Only a
// few fields are filled: the rest take their defaults ("all").
import type { AdvertiserBlueprint, Channel } from "./blueprints";
import type { Dictionaries } from "./dictionaries";
import type { Rng } from "../random";

const ALL_DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];

export function strategyInventory(rng: Rng, channel: Channel, dict: Dictionaries) {
  const aggregators = rng.sample(dict.aggregatorIds, rng.int(2, 4)).sort((a, b) => a - b);
  const blockedSites = rng.chance(0.5) ? rng.sample(dict.siteIds, 2).sort((a, b) => a - b) : [];
  return {
    rtbAggregators: { targetList: aggregators, blockedList: [] as number[] },
    rtbSites: { targetList: [] as number[], blockedList: blockedSites },
    targetAndroidCategories: channel === "ANDROID" ? rng.sample(["Games", "Entertainment", "News", "Lifestyle", "Sports"], 2) : [],
    targetIosCategories: channel === "IOS" ? rng.sample(["Games", "Entertainment", "News", "Lifestyle", "Sports"], 2) : [],
    targetOnlyPublishedApp: channel === "ANDROID" || channel === "IOS",
    targetAppRatings: channel === "ANDROID" || channel === "IOS" ? rng.pick(["3+", "4+"]) : null,
    // "ALL" stays a pick (the random sequence, hence the rest of the demo data, is unchanged) but is stored as absent.
    ...auctionType(rng.pick(["FIRST_PRICE", "SECOND_PRICE", "ALL"] as const)),
  };
}

export function strategyTargeting(rng: Rng, channel: Channel, a: AdvertiserBlueprint, dict: Dictionaries) {
  const countries = a.region === "Europe" ? ["DE", "AT", "CH", "GB", "FR"] : ["US", "CA"];
  // Geographies are named by the country-state-city dataset (lib/strategies/geo-ids.ts): a country by its ISO code.
  const targetCountries = rng.sample(countries, rng.int(1, 3)).sort();
  const placements =
    channel === "CTV"
      ? [{ id: 5, name: "CTV" }]
      : channel === "WEB"
        ? [{ id: 1, name: "Desktop" }, { id: 2, name: "Mobile Web" }]
        : [{ id: 3, name: "Mobile Apps" }];
  return {
    // Every hour of every day: the demo delivery runs around the clock.
    targetDays: { daypart: ALL_DAYS.map((day) => ({ day, hours: Array.from({ length: 24 }, (_, h) => h) })) },
    targetGeographies: {
      country: { targetList: targetCountries, blockedList: [] as string[] },
      state: { targetList: [] as string[], blockedList: [] as string[] },
      city: { targetList: [] as string[], blockedList: [] as string[] },
      customGeoTargeting: false,
    },
    placements,
    connectionTypes: channel === "CTV" ? ["wifi"] : ["wifi", "4G", "5G"],
    targetMobileDevices:
      channel === "ANDROID" || channel === "IOS"
        ? { targetOperatingSystems: [channel === "ANDROID" ? "Android" : "iOS"], targetDeviceTypes: [3, 4] }
        : { targetOperatingSystems: [] as string[], targetDeviceTypes: [] as number[] },
    // Deals are targeting (business.md 3 dealDTO).
    ...(channel === "CTV" ? { dealDTO: { targetList: dict.dealIds.slice(3, 4), blockedList: [] as number[] } } : {}),
    ageGroupTargeting: rng.chance(0.3) ? { minAge: 18, maxAge: rng.pick([34, 44, 54]) } : null,
    ...(channel === "CTV" ? { ctvTargeting: { adBreak: ["PRE", "MID"], adPod: "Dynamic", contentGenre: ["Drama", "Sports"], contentLanguage: ["en"] } } : {}),
  };
}

function auctionType(pick: "FIRST_PRICE" | "SECOND_PRICE" | "ALL") {
  return pick === "ALL" ? {} : { auctionTypeTargeting: pick };
}
