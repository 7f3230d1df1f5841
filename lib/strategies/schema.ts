// The shapes of Strategy.inventory and Strategy.targeting (business.md 3,
// STRATEGY "Inventory" and "Targeting"). Both are JSON columns, so the database
// checks nothing: writers parse through these schemas (the strategy wizard's
// steps reuse them field by field, see ./steps/, and the seed) and readers can
// rely on the types below.
//
// Every field is optional: a missing field means "all" (no restriction), which
// is also why the columns default to "{}". Objects are strict so a misspelt
// field name is refused instead of silently meaning "all". Ids refer to the
// dictionary tables (Aggregator, InventorySite, InventoryApp, Deal, Audience);
// geographies to the country-state-city dataset (./geo-ids.ts: "US", "US-CA",
// "US-CA:Los Angeles"; the server checks they exist, ./geo.ts).
// Pure: safe in client components.
import { z } from "../validation/z";
import { CITY_ID_RE, COUNTRY_ID_RE, STATE_ID_RE } from "./geo-ids";
import {
  AD_BREAKS,
  AD_POD_TYPES,
  AGE_RANGE,
  APP_RATINGS,
  AUCTION_TYPES,
  CONNECTION_TYPES,
  CONSENT_TYPE_IDS,
  GENDER_IDS,
  RADIUS_UNITS,
  TEMPERATURE_RANGE,
  WEEKDAYS,
} from "./options";

export { APP_RATINGS, AUCTION_TYPES, CONNECTION_TYPES, GENDER_IDS, WEEKDAYS } from "./options";

const id = z.number().int().positive().max(2_147_483_647);
const idList = z.array(id).max(10_000);
const names = z.array(z.string().trim().min(1).max(200)).max(10_000);

/** A targeted and a blocked list of dictionary ids. */
const targetBlockLists = z.strictObject({
  targetList: idList,
  blockedList: idList,
});

/** A targeted and a blocked list of geography ids of one level. */
const geoLists = (format: RegExp, what: string) => {
  const geoId = z.string().regex(format, `Not a valid ${what} id`);
  return z.strictObject({ targetList: z.array(geoId).max(10_000), blockedList: z.array(geoId).max(10_000) });
};

export const strategyInventorySchema = z.strictObject({
  rtbAggregators: targetBlockLists.optional(),
  rtbSites: targetBlockLists.optional(),
  rtbApps: targetBlockLists.optional(),
  targetAndroidCategories: names.optional(),
  targetIosCategories: names.optional(),
  targetOnlyPublishedApp: z.boolean().optional(),
  // null: any rating.
  targetAppRatings: z.enum(APP_RATINGS).nullable().optional(),
  auctionTypeTargeting: z.enum(AUCTION_TYPES).optional(),
});

const daypart = z.strictObject({
  day: z.enum(WEEKDAYS),
  hours: z.array(z.number().int().min(0).max(23)).refine((h) => new Set(h).size === h.length, "Hours must not repeat"),
});

const segmentTargeting = z.strictObject({
  targetedSegments: idList,
  blockedSegments: idList,
  customSegmentTargeting: z.boolean(),
  targetedSegmentsOperator: z.enum(["AND", "OR"]),
});

const age = z.number().int().min(AGE_RANGE.min).max(AGE_RANGE.max);
const ageGroup = z
  .strictObject({ minAge: age, maxAge: age })
  .refine((a) => a.minAge <= a.maxAge, { message: "minAge must not be above maxAge", path: ["maxAge"] });

const temperature = z
  .strictObject({
    minTemperature: z.number().min(TEMPERATURE_RANGE.min).max(TEMPERATURE_RANGE.max),
    maxTemperature: z.number().min(TEMPERATURE_RANGE.min).max(TEMPERATURE_RANGE.max),
  })
  .refine((t) => t.minTemperature <= t.maxTemperature, {
    message: "minTemperature must not be above maxTemperature",
    path: ["maxTemperature"],
  });

export const strategyTargetingSchema = z.strictObject({
  targetDays: z
    .strictObject({
      daypart: z.array(daypart).refine((d) => new Set(d.map((x) => x.day)).size === d.length, "Each day may appear once"),
    })
    .optional(),
  targetGeographies: z
    .strictObject({
      country: geoLists(COUNTRY_ID_RE, "country"),
      state: geoLists(STATE_ID_RE, "state"),
      city: geoLists(CITY_ID_RE, "city"),
      customGeoTargeting: z.boolean(),
    })
    .optional(),
  zipCodes: names.optional(),
  geoFenceDTO: z
    .strictObject({
      isEnabled: z.boolean(),
      targetList: z.array(z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })).max(10_000),
      radius: z.number().positive().max(20_000),
      radiusUnit: z.enum(RADIUS_UNITS),
    })
    .optional(),
  weatherTargetingDTO: names.optional(),
  temperatureTargetingDTO: temperature.nullable().optional(), // degrees Celsius
  targetAppSegments: segmentTargeting.optional(),
  targetWebSegments: segmentTargeting.optional(),
  targetDmpSegments: segmentTargeting.optional(),
  targetLalSegments: segmentTargeting.optional(),
  dealDTO: targetBlockLists.optional(),
  targetDealCategory: names.optional(),
  // 0, 1 or 2: what the review shows as the attribution type (./options.ts attributionTypeOf).
  consentType: z.union(CONSENT_TYPE_IDS.map((n) => z.literal(n))).optional(),
  maskedTarget: z.boolean().optional(),
  userPurchaseFrequency: z.number().int().min(0).nullable().optional(),
  // Absent or empty: every gender.
  genderTargeting: z.array(z.union(GENDER_IDS.map((n) => z.literal(n)))).max(2).optional(),
  // null: every age.
  ageGroupTargeting: ageGroup.nullable().optional(),
  videoPlacement: z.strictObject({ allVideos: z.boolean(), nonSkippableVideos: z.boolean() }).optional(),
  videoRewardedTypeTargeting: z.strictObject({ allVideos: z.boolean(), rewardedVideos: z.boolean() }).optional(),
  // Placement id 5 is CTV (business.md 3).
  placements: z.array(z.strictObject({ id, name: z.string().min(1).max(100) })).max(10).optional(),
  connectionTypes: z.array(z.enum(CONNECTION_TYPES)).optional(),
  targetMobileDevices: z
    .strictObject({
      targetOperatingSystems: names,
      targetDeviceTypes: idList,
      brands: names.optional(),
      models: names.optional(),
    })
    .optional(),
  publisherTypes: names.optional(),
  abandonedSessionUserTargeting: z.strictObject({ allUsers: z.boolean(), abandonedSessionUsers: z.boolean() }).optional(),
  ctvTargeting: z
    .strictObject({
      adBreak: z.array(z.enum(AD_BREAKS)),
      adPod: z.enum(AD_POD_TYPES),
      contentGenre: names,
      contentLanguage: names,
      osTargeting: names.optional(),
    })
    .optional(),
  // Named by business.md 3 without a shape: purchase-intent segments (only for
  // retargeting campaigns with 6 purchase-frequency mappings), video types and
  // whether skippable video is allowed.
  intent: names.optional(),
  videoType: names.optional(),
  skippable: z.boolean().optional(),
});

export type StrategyInventory = z.infer<typeof strategyInventorySchema>;
export type StrategyTargeting = z.infer<typeof strategyTargetingSchema>;

/** A stored or submitted strategy JSON that does not have the expected shape. */
export class StrategyJsonError extends Error {
  constructor(
    readonly column: "inventory" | "targeting",
    readonly issues: string[],
  ) {
    super(`Invalid strategy ${column}: ${issues.join("; ")}`);
    this.name = "StrategyJsonError";
  }
}

/** "targetGeographies.country.targetList[0]: Invalid input: expected number, received string" */
function describe(column: "inventory" | "targeting", error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
      "",
    );
    return `${path || column}: ${issue.message}`;
  });
}

export function parseStrategyInventory(value: unknown): StrategyInventory {
  const result = strategyInventorySchema.safeParse(value);
  if (!result.success) throw new StrategyJsonError("inventory", describe("inventory", result.error));
  return result.data;
}

export function parseStrategyTargeting(value: unknown): StrategyTargeting {
  const result = strategyTargetingSchema.safeParse(value);
  if (!result.success) throw new StrategyJsonError("targeting", describe("targeting", result.error));
  return result.data;
}
