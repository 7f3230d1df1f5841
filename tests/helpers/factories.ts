// Minimal valid rows for integration tests. Each factory takes the owning ids
// plus overrides; names are unique per call so tests can create many.
import { db } from "@/lib/db";
import { loadSessionContext, type SessionContext } from "@/lib/auth/context";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Role } from "@/lib/auth/roles";
import type { DateRange } from "@/lib/metrics/query";
import { todayIn } from "@/lib/user-settings/date-range";

let seq = 0;
const next = () => ++seq;

type Owner = { id: number; licenseeId: number };

export async function makeLicensee(name: string, subDomain: string) {
  return db.licensee.create({
    data: {
      name,
      theme: { create: { subDomain, pageTitle: name, logoLg: "/logo-lg.svg", logoSm: "/logo-sm.svg", favIcon: "/favicon.ico" } },
    },
  });
}

export async function makeUser(
  email: string,
  memberships: { licenseeId: number; role: Role; canSwitch?: boolean }[],
  overrides: Partial<Prisma.UserCreateInput> = {},
) {
  return db.user.create({
    data: {
      email,
      name: email.split("@")[0],
      ...overrides,
      memberships: {
        create: memberships.map((m, i) => ({
          licenseeId: m.licenseeId,
          role: m.role,
          canSwitch: m.canSwitch ?? false,
          isDefault: i === 0,
        })),
      },
    },
  });
}

/** A session context built by the real check (user, session version, membership in the DB). */
export async function ctxFor(userId: number, licenseeId: number): Promise<SessionContext> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return loadSessionContext({ userId, licenseeId, sessionVersion: user.sessionVersion });
}

/** A licensee with one user of the given role, and that user's context. */
export async function makeTenant(role: Role = "RW", label = `t${next()}`) {
  const licensee = await makeLicensee(`Licensee ${label}`, label);
  const user = await makeUser(`${role.toLowerCase()}.${label}@example.com`, [{ licenseeId: licensee.id, role }]);
  return { licensee, user, ctx: await ctxFor(user.id, licensee.id) };
}

/** A tenant (licensee, a user of `role` and their session context) with one advertiser. */
export async function makeTenantWithAdvertiser(role: Role = "RW") {
  const tenant = await makeTenant(role);
  const advertiser = await makeAdvertiser(tenant.licensee.id);
  return { ...tenant, advertiser };
}

/** A tenant whose advertiser has a campaign, a strategy and a creative: what a served ad names. */
export async function makeServedCreative(role: Role = "RW") {
  const tenant = await makeTenantWithAdvertiser(role);
  const campaign = await makeCampaign(tenant.advertiser);
  const strategy = await makeStrategy(campaign);
  const creative = await makeCreative(tenant.advertiser);
  return { ...tenant, campaign, strategy, creative };
}

export async function makeAdvertiser(licenseeId: number, overrides: Partial<Prisma.AdvertiserUncheckedCreateInput> = {}) {
  const n = next();
  return db.advertiser.create({
    data: {
      licenseeId,
      name: `Advertiser ${n}`,
      domain: `advertiser${n}.com`,
      category: "Shopping",
      currencyCode: "USD",
      language: "en",
      contactEmail: `contact${n}@example.com`,
      contactAddress: "1 Main Street",
      region: "APAC",
      androidPhoneBundle: `com.advertiser${n}.app`,
      declaredAndroidUrl: `https://play.google.com/store/apps/details?id=com.advertiser${n}.app`,
      mmp: "AppsFlyer",
      logoUrl: "/brand/default-advertiser-logo.svg",
      ...overrides,
    },
  });
}

export async function makePixel(advertiser: Owner, overrides: Partial<Prisma.PixelUncheckedCreateInput> = {}) {
  return db.pixel.create({
    data: {
      licenseeId: advertiser.licenseeId,
      advertiserId: advertiser.id,
      name: `Pixel ${next()}`,
      type: "CLICK_CONV",
      ...overrides,
    },
  });
}

export async function makeCampaign(advertiser: Owner, overrides: Partial<Prisma.CampaignUncheckedCreateInput> = {}) {
  return db.campaign.create({
    data: {
      licenseeId: advertiser.licenseeId,
      advertiserId: advertiser.id,
      name: `Campaign ${next()}`,
      objective: "WEBSITE",
      startTime: new Date("2030-01-01T00:00:00Z"),
      pricingType: "CPM",
      pricingValue: "1.5",
      currencyCode: "USD",
      ...overrides,
    },
  });
}

export async function makeStrategy(
  campaign: { id: number; licenseeId: number; advertiserId: number },
  overrides: Partial<Prisma.StrategyUncheckedCreateInput> = {},
) {
  return db.strategy.create({
    data: {
      licenseeId: campaign.licenseeId,
      advertiserId: campaign.advertiserId,
      campaignId: campaign.id,
      name: `Strategy ${next()}`,
      type: "MULTI_DEVICE",
      startTime: new Date("2030-01-01T00:00:00Z"),
      pricingType: "CPM",
      pricingValue: "1.5",
      ...overrides,
    },
  });
}

export async function makeClickDestination(advertiser: Owner, overrides: Partial<Prisma.ClickDestinationUncheckedCreateInput> = {}) {
  const n = next();
  return db.clickDestination.create({
    data: { licenseeId: advertiser.licenseeId, advertiserId: advertiser.id, name: `Click ${n}`, url: `https://example.com/${n}`, ...overrides },
  });
}

/**
 * The click destination a new set or creative gets unless the test names one
 * (business.md 5: each has one): the advertiser's first, made when it has
 * none. `clickDestinationId: null` makes a row stored before it was required.
 */
async function clickDestinationFor(advertiser: Owner, overrides: { clickDestinationId?: number | null }) {
  if ("clickDestinationId" in overrides) return {};
  const existing = await db.clickDestination.findFirst({ where: { advertiserId: advertiser.id, isArchived: false }, orderBy: { id: "asc" }, select: { id: true } });
  return { clickDestinationId: (existing ?? (await makeClickDestination(advertiser))).id };
}

export async function makeCreativeSet(advertiser: Owner, overrides: Partial<Prisma.CreativeSetUncheckedCreateInput> = {}) {
  return db.creativeSet.create({
    data: { licenseeId: advertiser.licenseeId, advertiserId: advertiser.id, name: `Set ${next()}`, type: "IMAGE", ...(await clickDestinationFor(advertiser, overrides)), ...overrides },
  });
}

export async function makeCreative(advertiser: Owner, overrides: Partial<Prisma.CreativeUncheckedCreateInput> = {}) {
  return db.creative.create({
    data: {
      licenseeId: advertiser.licenseeId,
      advertiserId: advertiser.id,
      name: `Creative ${next()}`,
      type: "IMAGE",
      width: 300,
      height: 250,
      ...(await clickDestinationFor(advertiser, overrides)),
      ...overrides,
    },
  });
}

export async function makeAudience(advertiser: Owner, overrides: Partial<Prisma.AudienceUncheckedCreateInput> = {}) {
  return db.audience.create({
    data: { licenseeId: advertiser.licenseeId, advertiserId: advertiser.id, name: `Audience ${next()}`, source: "WEBSITE", ...overrides },
  });
}

export async function makeCatalogFeed(advertiser: Owner, overrides: Partial<Prisma.CatalogFeedUncheckedCreateInput> = {}) {
  return db.catalogFeed.create({
    data: {
      licenseeId: advertiser.licenseeId,
      advertiserId: advertiser.id,
      name: `Feed ${next()}`,
      sourceType: "FILE",
      format: "CSV",
      ...overrides,
    },
  });
}

/** Form values that pass AdvertiserUpdateSchema; override one field to test a rule. */
export function validAdvertiserInput(overrides: Record<string, unknown> = {}) {
  return {
    name: "Acme Shoes",
    domain: "acme.com",
    category: "Shopping",
    subCategory: "",
    currencyCode: "USD",
    language: "en",
    region: "EMEA",
    timezoneId: 805,
    contactEmail: "ads@acme.com",
    contactAddress: "2 High Street, London",
    androidPhoneBundle: "com.acme.shoes",
    iosPhoneBundle: "",
    declaredWebUrl: "",
    declaredAndroidUrl: "https://play.google.com/store/apps/details?id=com.acme.shoes",
    declaredIosUrl: "",
    mmp: "AppsFlyer",
    logoUrl: "/brand/default-advertiser-logo.svg",
    ...overrides,
  };
}

/** An unread INFO notification about a campaign, for a user of the licensee. */
export async function makeNotification(licenseeId: number, userId: number, overrides: Partial<Prisma.NotificationUncheckedCreateInput> = {}) {
  return db.notification.create({
    data: {
      licenseeId,
      userId,
      type: "INFO",
      entityType: "CAMPAIGN",
      entityId: 5,
      entityName: "Campaign A",
      content: "Campaign has ended",
      icon: "calendar",
      dedupeKey: `notification-${next()}`,
      ...overrides,
    },
  });
}

type StrategyOwner = { id: number; licenseeId: number; advertiserId: number; campaignId: number };

/** One hour of a strategy's delivery in the rollup lists and charts read. */
export async function deliverStrategyHour(strategy: StrategyOwner, hour: string, values: { impressions: number; revenue: string }) {
  return db.deliveryStrategyHourly.create({
    data: {
      hour: new Date(hour),
      licenseeId: strategy.licenseeId,
      advertiserId: strategy.advertiserId,
      campaignId: strategy.campaignId,
      strategyId: strategy.id,
      ...values,
    },
  });
}

const UTC_TIMEZONE_ID = 805;

/** March 2024 in UTC, the range the delivery of deliverStrategyHour is read over (after makeUtcTimezone). */
export const MARCH_2024_UTC: DateRange = { from: "2024-03-01", to: "2024-03-31", timezoneId: UTC_TIMEZONE_ID };

/** The UTC timezone row that MARCH_2024_UTC names (the test database starts without reference data). */
export async function makeUtcTimezone() {
  return db.timezone.create({ data: { id: UTC_TIMEZONE_ID, name: "UTC", ianaName: "UTC" } });
}

/** Noon UTC yesterday: an hour of delivery inside the lists' default date range. */
export function yesterdayNoon(): Date {
  const [y, m, d] = todayIn("UTC").split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1, 12));
}

/** UTC and zones ahead of it by half and three quarters of an hour past the hour, and behind it: days that start at every kind of offset. */
export const ZONES = [
  { id: UTC_TIMEZONE_ID, name: "UTC", ianaName: "UTC" },
  { id: 9001, name: "(GMT+05:30) Asia/Kolkata", ianaName: "Asia/Kolkata" },
  { id: 9002, name: "(GMT-08:00) America/Los_Angeles", ianaName: "America/Los_Angeles" },
  { id: 9003, name: "(GMT+05:45) Asia/Kathmandu", ianaName: "Asia/Kathmandu" },
];

/** The timezone rows of ZONES. */
export async function makeZones() {
  for (const z of ZONES) await db.timezone.create({ data: z });
}
