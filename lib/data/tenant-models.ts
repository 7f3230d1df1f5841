// How each database model is reached through the tenant-scoped client
// (lib/data/tenant.ts). Every model of prisma/schema/ is listed here; a
// model that is not fails the classification test, so a new table cannot be
// forgotten by the data gate.
//
// refs: foreign keys to other licensee-owned models. A write through the
// tenant client that sets one of them (a campaign's pixelId, a creative set's
// clickDestinationId, ...) is checked first: an id of another licensee is
// "not found", exactly like a missing one.
import type { Prisma } from "../generated/prisma/client";

type ModelName = Prisma.ModelName;

export type ModelScope =
  /** Has licenseeId: every where and every created row carries the session's licensee. */
  | { kind: "licensee"; refs?: Record<string, ModelName> }
  /** licenseeId and userId: the session's own rows in the session's licensee (notifications, API keys). */
  | { kind: "licensee-user"; refs?: Record<string, ModelName> }
  /**
   * Preference presets: a user's own rows (userId; no licensee, so they follow
   * the user into every licensee), plus the shared rows without a user, global
   * (no licensee) or the session licensee's: shared rows are read by all and
   * changed by none.
   */
  | { kind: "user-or-shared" }
  /** userId only: the session's own rows (user settings). */
  | { kind: "user" }
  /** No licensee column: reached through a licensee-owned parent relation. */
  | { kind: "parent"; via: string; parent: ModelName; refs: Record<string, ModelName> }
  /** The Licensee table itself: only the session's licensee. */
  | { kind: "self" }
  /** Global reference data (timezones, geo, inventory): read freely, never written through the tenant client. */
  | { kind: "dictionary" }
  /** Accounts, sessions, throttles, themes: not reachable through the tenant client (lib/auth, lib/tenancy use the system client). */
  | { kind: "system" };

// Each entry keeps its literal kind (the `satisfies` below, not a type
// annotation): the tenant client's types read it to know which columns it
// fills in on a created row (lib/data/tenant.ts TenantTx).
const licensee = (refs?: Record<string, ModelName>) => ({ kind: "licensee", refs }) as const;
const parent = (via: string, parentModel: ModelName, refs: Record<string, ModelName>) =>
  ({ kind: "parent", via, parent: parentModel, refs }) as const;
const SYSTEM = { kind: "system" } as const;
const DICTIONARY = { kind: "dictionary" } as const;
const ADVERTISER = { advertiserId: "Advertiser" } as const;

export const MODEL_SCOPES = {
  Licensee: { kind: "self" },
  Theme: SYSTEM,
  User: SYSTEM,
  Membership: SYSTEM,
  OidcIdentity: SYSTEM,
  ApiKey: { kind: "licensee-user" },
  OtpChallenge: SYSTEM,
  LoginTicket: SYSTEM,
  RevokedSession: SYSTEM,
  SpentToken: SYSTEM,
  AuthEvent: SYSTEM,
  LoginThrottle: SYSTEM,
  RateLimit: SYSTEM,
  UserSettings: { kind: "user" },

  Timezone: DICTIONARY,
  Geo: DICTIONARY,
  InventorySite: DICTIONARY,
  InventoryApp: DICTIONARY,
  Aggregator: DICTIONARY,
  Deal: DICTIONARY,

  Advertiser: licensee(),
  AdvertiserSetting: licensee(ADVERTISER),
  AppSetting: licensee(ADVERTISER),
  Pixel: licensee(ADVERTISER),
  PixelFire: parent("pixel", "Pixel", { pixelId: "Pixel" }),
  PixelFireDaily: parent("pixel", "Pixel", { pixelId: "Pixel" }),
  PixelFireOrder: parent("pixel", "Pixel", { pixelId: "Pixel" }),
  ClickDestination: licensee(ADVERTISER),
  CatalogFeed: licensee(ADVERTISER),
  VariableMapping: parent("feed", "CatalogFeed", { feedId: "CatalogFeed" }),
  CatalogItem: parent("feed", "CatalogFeed", { feedId: "CatalogFeed" }),
  Audience: licensee({ ...ADVERTISER, partnerSegmentId: "PartnerSegment" }),
  // A licensee's partner (DMP) segment catalogue (lib/partner-segments).
  PartnerSegment: licensee(),
  AudienceRule: parent("audience", "Audience", { audienceId: "Audience" }),
  AudienceBackfillRule: parent("audience", "Audience", { audienceId: "Audience" }),
  AudienceRemoteSchedule: parent("audience", "Audience", { audienceId: "Audience" }),
  AudienceMember: parent("audience", "Audience", { audienceId: "Audience" }),
  AudienceDailyUsers: parent("audience", "Audience", { audienceId: "Audience" }),
  UserEvent: licensee(ADVERTISER),
  Campaign: licensee({ ...ADVERTISER, pixelId: "Pixel" }),
  Strategy: licensee({ ...ADVERTISER, campaignId: "Campaign" }),
  StrategyPixel: parent("strategy", "Strategy", { strategyId: "Strategy", pixelId: "Pixel" }),
  StrategyTemplate: licensee(),
  ReportTemplate: licensee(),
  ReportRun: parent("template", "ReportTemplate", { templateId: "ReportTemplate" }),
  CreativeSet: licensee({ ...ADVERTISER, clickDestinationId: "ClickDestination" }),
  Creative: licensee({ ...ADVERTISER, clickDestinationId: "ClickDestination" }),
  CreativeSetCreative: parent("creativeSet", "CreativeSet", { creativeSetId: "CreativeSet", creativeId: "Creative" }),
  StrategyCreativeSet: parent("strategy", "Strategy", { strategyId: "Strategy", creativeSetId: "CreativeSet" }),
  StrategyCreative: parent("strategy", "Strategy", { strategyId: "Strategy", creativeId: "Creative" }),
  CreativeReview: parent("creative", "Creative", { creativeId: "Creative" }),
  MediaConversion: licensee({ ...ADVERTISER, creativeId: "Creative" }),
  OptimizationRule: licensee({ strategyId: "Strategy" }),
  RuleAuditLog: parent("rule", "OptimizationRule", { ruleId: "OptimizationRule" }),
  NeverBlockApp: licensee({ strategyId: "Strategy" }),
  Experiment: licensee({ ...ADVERTISER, campaignId: "Campaign" }),
  ExperimentArm: parent("experiment", "Experiment", { experimentId: "Experiment", strategyId: "Strategy" }),
  // A create's idempotency key: the session's own, in the session's licensee (lib/actions/idempotency.ts).
  IdempotentRequest: { kind: "licensee-user" },
  ActivityLog: licensee(),
  ActivityLogField: parent("log", "ActivityLog", { logId: "ActivityLog" }),
  Notification: { kind: "licensee-user" },
  PreferencePreset: { kind: "user-or-shared" },
  DeliveryHourly: licensee({ ...ADVERTISER, campaignId: "Campaign", strategyId: "Strategy", creativeId: "Creative" }),
  DeliveryStrategyHourly: licensee({ ...ADVERTISER, campaignId: "Campaign", strategyId: "Strategy" }),
  DeliveryStrategyDaily: licensee({ ...ADVERTISER, campaignId: "Campaign", strategyId: "Strategy" }),
  PixelUserCap: licensee({ pixelId: "Pixel" }),
  PixelConversionHourly: licensee({ ...ADVERTISER, pixelId: "Pixel", campaignId: "Campaign", strategyId: "Strategy", creativeId: "Creative" }),
  DeliveryStrategyRunning: licensee({ ...ADVERTISER, campaignId: "Campaign", strategyId: "Strategy" }),
  DeliveryRunningFirst: licensee({ strategyId: "Strategy" }),
  // Written by triggers only; scopeId names a licensee, advertiser or campaign by its level (lib/metrics/scope.ts).
  DeliveryScopeRollup: licensee({ advertiserId: "Advertiser", campaignId: "Campaign" }),
  DeliveryScopePending: licensee({ advertiserId: "Advertiser", campaignId: "Campaign" }),
  // Which boundary hours have running totals: storage state, no licensee's data (lib/metrics/boundaries.ts).
  DeliveryBoundary: { kind: "system" },
  // Which transactions changed a licensee's list data, and their pruning horizon (lib/data/read-cache.ts).
  DataChange: { kind: "system" },
  DataChangeHorizon: { kind: "system" },
} as const satisfies Record<ModelName, ModelScope>;
