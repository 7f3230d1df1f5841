// What the delivery simulator (./simulate.ts) knows of a strategy, read from
// the database the same way for the demo seed and for `npm run simulate`, so
// both place an hour on the same creative, app or site, aggregator, country
// and device (the natural key) and a later run replaces the seeded rows:
//   schedule     start and end time, and the targeting's day parts
//   inventory    placements (business.md 9: 1 Desktop, 2 Mobile Web, 3 Mobile
//                Apps, 5 CTV) and operating systems choose apps of a platform
//                and/or sites; the inventory's aggregator and site lists narrow
//                them; a fixed sample of them per strategy (its own few apps)
//   creatives    the strategy's own, of its advertiser, not archived (else the
//                advertiser's); video types and CTV count quartiles
//   pricing and budgets as stored; countries from the targeting; the
//                advertiser's standard time (its evening peak, the day parts)
// Reads through the caller's tenant client, so only the licensee's strategies.
import { tzOffset } from "@date-fns/tz";
import type { TenantTx } from "../data/tenant";
import { createRng } from "../random";
import type { SimulatedDevice, SimulatedStrategy } from "./simulate-types";
import type { SpentBefore } from "./simulate-budgets";
import { hashSeed } from "./simulate-traits";

type Db = Pick<TenantTx, "strategy" | "creative" | "inventoryApp" | "inventorySite" | "aggregator" | "geo" | "timezone" | "deliveryStrategyHourly">;

const DESKTOP = 1;
const MOBILE_WEB = 2;
const MOBILE_APPS = 3;
const CTV = 5;
const WEEKDAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"];
/** Salt of each strategy's sample of apps and sites: independent of the simulation seed. */
const INVENTORY_SALT = 0x1a7e5;

type Json = Record<string, unknown> | null | undefined;
const obj = (v: unknown): Json => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const ids = (v: unknown): number[] => list(v).filter((x): x is number => Number.isInteger(x));

/** A target list narrows, a block list removes; an empty target list means all. */
function narrowed(all: number[], lists: Json): number[] {
  const target = new Set(ids(lists?.targetList));
  const blocked = new Set(ids(lists?.blockedList));
  return all.filter((id) => (target.size === 0 || target.has(id)) && !blocked.has(id));
}

/** 168 hours of the week (Monday 00:00 = 0) from targetDays.daypart; null when every hour runs. */
export function daypartHours(targeting: unknown): boolean[] | null {
  const parts = list(obj(obj(targeting)?.targetDays)?.daypart);
  if (parts.length === 0) return null;
  const week = new Array<boolean>(168).fill(false);
  for (const part of parts) {
    const day = WEEKDAYS.indexOf(String(obj(part)?.day ?? ""));
    if (day < 0) continue;
    for (const h of ids(obj(part)?.hours)) if (h >= 0 && h < 24) week[day * 24 + h] = true;
  }
  return week.every(Boolean) ? null : week;
}

export interface SimulationScope {
  /** Only these strategies (default: all of the licensee's). */
  ids?: number[];
  /** Only active, unarchived strategies. */
  runningOnly?: boolean;
  /** At most this many, lowest ids first. */
  take?: number;
}

/** Hours of a zone's standard time against UTC (the smaller of January's and July's offsets: summer time adds). */
export function standardUtcOffsetHours(zone: string): number {
  const offsets = [0, 6].map((month) => tzOffset(zone, new Date(Date.UTC(2025, month, 1))));
  return offsets.every(Number.isFinite) ? Math.min(...offsets) / 60 : 0;
}

export async function loadSimulatedStrategies(db: Db, scope: SimulationScope): Promise<SimulatedStrategy[]> {
  const strategies = await db.strategy.findMany({
    where: { ...(scope.ids ? { id: { in: scope.ids } } : {}), ...(scope.runningOnly ? { active: true, isArchived: false } : {}) },
    orderBy: { id: "asc" },
    take: scope.take,
    include: {
      campaign: { select: { objective: true, lifetimeBudget: true, dailyAdvSpendBudget: true } },
      advertiser: { select: { timezoneId: true } },
      creatives: { select: { creative: { select: { id: true, type: true, advertiserId: true, isArchived: true } } }, orderBy: { creativeId: "asc" } },
    },
  });
  if (strategies.length === 0) return [];
  const advertiserIds = [...new Set(strategies.map((s) => s.advertiserId))];
  const [apps, sites, aggregators, countries, timezones, advertiserCreatives] = await Promise.all([
    db.inventoryApp.findMany({ select: { id: true, platform: true }, orderBy: { id: "asc" } }),
    db.inventorySite.findMany({ select: { id: true }, orderBy: { id: "asc" } }),
    db.aggregator.findMany({ select: { id: true }, orderBy: { id: "asc" } }),
    db.geo.findMany({ where: { type: "COUNTRY" }, select: { id: true, code: true } }),
    db.timezone.findMany({ select: { id: true, ianaName: true } }),
    db.creative.findMany({ where: { advertiserId: { in: advertiserIds }, isArchived: false }, select: { id: true, type: true, advertiserId: true }, orderBy: { id: "asc" } }),
  ]);
  const countryCode = new Map(countries.map((c) => [c.id, c.code]));
  const ianaName = new Map(timezones.map((t) => [t.id, t.ianaName]));
  return strategies.map((s) => {
    const inventory = obj(s.inventory);
    const targeting = obj(s.targeting);
    const placements = new Set(ids(list(targeting?.placements).map((p) => obj(p)?.id)));
    const all = placements.size === 0;
    const ctv = s.type === "CTV_OTT" || (placements.size > 0 && [...placements].every((p) => p === CTV));
    const onWeb = !ctv && (all || placements.has(DESKTOP) || placements.has(MOBILE_WEB));
    const onApps = ctv || all || placements.has(MOBILE_APPS);
    const devices = obj(targeting?.targetMobileDevices);
    const os = list(devices?.targetOperatingSystems).map(String);
    const platforms = new Set(os.flatMap((o) => (o === "Android" ? ["ANDROID"] : o === "iOS" ? ["IOS"] : [])));
    const appPool = onApps ? apps.filter((a) => platforms.size === 0 || platforms.has(a.platform)).map((a) => a.id) : [];
    const sitePool = onWeb ? narrowed(sites.map((x) => x.id), obj(inventory?.rtbSites)) : [];
    const sample = createRng(hashSeed(INVENTORY_SALT, s.id));
    const deviceTypes = new Set(ids(devices?.targetDeviceTypes)); // 3 smartphone, 4 tablet
    const mobile: SimulatedDevice[] = deviceTypes.size === 0 ? ["PHONE", "TABLET"] : [...(deviceTypes.has(3) ? ["PHONE" as const] : []), ...(deviceTypes.has(4) ? ["TABLET" as const] : [])];
    const web: SimulatedDevice[] = all || (placements.has(DESKTOP) && placements.has(MOBILE_WEB)) ? ["DESKTOP", "PHONE"] : placements.has(DESKTOP) ? ["DESKTOP"] : ["PHONE"];
    const linked = s.creatives.map((c) => c.creative).filter((c) => c.advertiserId === s.advertiserId && !c.isArchived);
    const creatives = linked.length ? linked : advertiserCreatives.filter((c) => c.advertiserId === s.advertiserId);
    const targetCountries = list(obj(obj(targeting?.targetGeographies)?.country)?.targetList)
      .map((c) => (typeof c === "number" ? countryCode.get(c) : typeof c === "string" ? c : undefined))
      .filter((c): c is string => typeof c === "string" && /^[A-Z]{2}$/.test(c));
    return {
      id: s.id,
      campaignId: s.campaignId,
      advertiserId: s.advertiserId,
      objective: s.campaign.objective,
      ctv,
      video: ctv || creatives.some((c) => c.type.includes("VIDEO")),
      skad: s.skadOptimised,
      creativeIds: creatives.map((c) => c.id),
      appIds: sample.sample(appPool, ctv ? 6 : 8).sort((a, b) => a - b),
      siteIds: sample.sample(sitePool, 6).sort((a, b) => a - b),
      aggregatorIds: narrowed(aggregators.map((a) => a.id), obj(inventory?.rtbAggregators)),
      countries: [...new Set(targetCountries)].sort(),
      devices: ctv ? ["CTV"] : [...(appPool.length ? mobile : []), ...(sitePool.length ? web : [])].filter((d, i, a) => a.indexOf(d) === i),
      startTime: s.startTime,
      endTime: s.endTime,
      daypart: daypartHours(targeting),
      utcOffsetHours: standardUtcOffsetHours(ianaName.get(s.advertiser.timezoneId) ?? "UTC"),
      pricingType: s.pricingType,
      pricingValue: s.pricingValue.toString(),
      budgets: {
        lifetime: s.budgetValue?.toString() ?? null,
        daily: s.dailyAdvSpendBudget?.toString() ?? null,
        pacing: s.pacingTypeId === 1 || s.pacingTypeId === 6 ? "ASAP" : "EVEN",
        campaignLifetime: s.campaign.lifetimeBudget?.toString() ?? null,
        campaignDaily: s.campaign.dailyAdvSpendBudget?.toString() ?? null,
      },
    };
  });
}

/** Adv Spend delivered before `before` by these strategies and their campaigns (for lifetime budgets). */
export async function spentBefore(db: Db, strategies: SimulatedStrategy[], before: Date): Promise<SpentBefore> {
  const where = { hour: { lt: before } };
  const [byStrategy, byCampaign] = await Promise.all([
    db.deliveryStrategyHourly.groupBy({ by: ["strategyId"], where: { ...where, strategyId: { in: strategies.map((s) => s.id) } }, _sum: { revenue: true } }),
    db.deliveryStrategyHourly.groupBy({ by: ["campaignId"], where: { ...where, campaignId: { in: [...new Set(strategies.map((s) => s.campaignId))] } }, _sum: { revenue: true } }),
  ]);
  return {
    strategies: new Map(byStrategy.map((r) => [r.strategyId, r._sum.revenue?.toString() ?? "0"])),
    campaigns: new Map(byCampaign.map((r) => [r.campaignId, r._sum.revenue?.toString() ?? "0"])),
  };
}
