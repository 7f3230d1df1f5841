// The shapes of Strategy.inventory and Strategy.targeting (business.md 3,
// STRATEGY "Inventory" and "Targeting"). Both are JSON columns, so the database
// checks nothing: writers must parse through these schemas (today the seed is
// the only writer, see lib/seed/entities.ts; the strategy wizard will be the
// next) and readers can rely on the types below.
//
// Every field is optional: a missing field means "all" (no restriction), which
// is also why the columns default to "{}". Objects are strict so a misspelt
// field name is refused instead of silently meaning "all". Ids refer to the
// dictionary tables (Geo, Aggregator, InventorySite, InventoryApp, Deal).
// Pure: safe in client components.
import { z } from "zod";

const id = z.number().int().positive();
const idList = z.array(id);
const names = z.array(z.string().trim().min(1));

/** A targeted and a blocked list of dictionary ids. */
const targetBlockLists = z.strictObject({
  targetList: idList,
  blockedList: idList,
});

export const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export const APP_RATINGS = ["1+", "2+", "3+", "4+"] as const;
// Absent: both (business.md 3: "first or second price").
export const AUCTION_TYPES = ["FIRST_PRICE", "SECOND_PRICE"] as const;
/** Gender ids (business.md 9): male 1, female 2. */
export const GENDER_IDS = [1, 2] as const;
export const CONNECTION_TYPES = ["wifi", "2G", "3G", "4G", "5G"] as const;
export const CONSENT_TYPES = ["BOTH", "OPTED_IN", "OPTED_OUT"] as const;

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
  deals: idList.optional(),
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

const ageGroup = z
  .strictObject({ minAge: z.number().int().min(13).max(100), maxAge: z.number().int().min(13).max(100) })
  .refine((a) => a.minAge <= a.maxAge, { message: "minAge must not be above maxAge", path: ["maxAge"] });

const temperature = z
  .strictObject({ minTemperature: z.number(), maxTemperature: z.number() })
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
      country: targetBlockLists,
      state: targetBlockLists,
      city: targetBlockLists,
      customGeoTargeting: z.boolean(),
    })
    .optional(),
  zipCodes: names.optional(),
  geoFenceDTO: z
    .strictObject({
      isEnabled: z.boolean(),
      targetList: z.array(z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })),
      radius: z.number().positive(),
      radiusUnit: z.enum(["km", "miles"]),
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
  consentType: z.enum(CONSENT_TYPES).optional(),
  maskedTarget: z.boolean().optional(),
  userPurchaseFrequency: z.number().int().min(0).nullable().optional(),
  // Absent or empty: every gender.
  genderTargeting: z.array(z.union([z.literal(GENDER_IDS[0]), z.literal(GENDER_IDS[1])])).optional(),
  // null: every age.
  ageGroupTargeting: ageGroup.nullable().optional(),
  videoPlacement: z.strictObject({ allVideos: z.boolean(), nonSkippableVideos: z.boolean() }).optional(),
  videoRewardedTypeTargeting: z.strictObject({ allVideos: z.boolean(), rewardedVideos: z.boolean() }).optional(),
  // Placement id 5 is CTV (business.md 3).
  placements: z.array(z.strictObject({ id, name: z.string().min(1) })).optional(),
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
      adBreak: names,
      adPod: z.string().min(1),
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
