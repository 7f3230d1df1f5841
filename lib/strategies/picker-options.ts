// What the wizard's pickers offer for a campaign and a strategy type: the
// advertiser's pixels, creatives and creative sets (only those matching the
// type: CTV video for CTV/OTT, the others for Multi Device), its audiences by
// kind (DMP only with partner-data access), and the dictionaries (exchanges,
// sites, apps, app categories, deals and deal categories). Plain view objects
// (id, name and what the picker shows), never rows. Geographies come from
// searchGeoAction (./geo.ts), the list being too large to send whole.
import "server-only";
import type { TenantTx } from "../data/tenant-db";
import { loadStrategyContext } from "./context";
import { AUDIENCE_KINDS, type AudienceField } from "./options";

/** Far above what one advertiser has; the picker pages and searches within it. */
const LIMIT = 1000;

export interface PickerItem {
  id: number;
  name: string;
  active?: boolean;
  /** Creatives and sets: their type; apps: the platform. */
  detail?: string;
}

export interface StrategyPickerOptions {
  pixels: PickerItem[];
  creatives: PickerItem[];
  creativeSets: PickerItem[];
  audiences: Record<AudienceField, PickerItem[]>;
  aggregators: PickerItem[];
  sites: PickerItem[];
  apps: PickerItem[];
  androidCategories: string[];
  iosCategories: string[];
  deals: PickerItem[];
  dealCategories: string[];
}

export async function loadStrategyPickerOptions(tx: TenantTx, licenseeId: number, campaignId: number, type: "MULTI_DEVICE" | "CTV_OTT"): Promise<StrategyPickerOptions> {
  const context = await loadStrategyContext(tx, licenseeId, campaignId);
  const advertiserId = context.campaign.advertiserId;
  const mine = { advertiserId, isArchived: false };
  const creativeType = type === "CTV_OTT" ? { type: "CTV_VIDEO" as const } : { type: { not: "CTV_VIDEO" as const } };
  const byName = { orderBy: [{ name: "asc" as const }, { id: "asc" as const }], take: LIMIT };
  const [pixels, creatives, creativeSets, audiences, aggregators, sites, apps, deals] = await Promise.all([
    tx.pixel.findMany({ where: mine, select: { id: true, name: true, active: true }, ...byName }),
    tx.creative.findMany({ where: { ...mine, ...creativeType }, select: { id: true, name: true, active: true, type: true }, ...byName }),
    tx.creativeSet.findMany({ where: { ...mine, ...creativeType }, select: { id: true, name: true, active: true, type: true }, ...byName }),
    tx.audience.findMany({ where: mine, select: { id: true, name: true, active: true, source: true }, ...byName }),
    tx.aggregator.findMany({ select: { id: true, name: true }, ...byName }),
    tx.inventorySite.findMany({ select: { id: true, name: true, domain: true }, ...byName }),
    tx.inventoryApp.findMany({ select: { id: true, name: true, platform: true, category: true }, ...byName }),
    tx.deal.findMany({ select: { id: true, name: true, category: true, exchange: true }, ...byName }),
  ]);
  const categories = (platform: string) => [...new Set(apps.filter((a) => a.platform === platform && a.category).map((a) => a.category!))].sort();
  const audiencesOf = (source: string) => audiences.filter((a) => a.source === source).map(({ id, name, active }) => ({ id, name, active }));
  return {
    pixels,
    creatives: creatives.map(({ type: detail, ...c }) => ({ ...c, detail })),
    creativeSets: creativeSets.map(({ type: detail, ...c }) => ({ ...c, detail })),
    audiences: Object.fromEntries(
      AUDIENCE_KINDS.map((k) => [k.field, k.source === "DMP" && !context.dmpAccess ? [] : audiencesOf(k.source)]),
    ) as Record<AudienceField, PickerItem[]>,
    aggregators,
    sites: sites.map((s) => ({ id: s.id, name: s.name, detail: s.domain })),
    apps: apps.map((a) => ({ id: a.id, name: a.name, detail: a.platform === "IOS" ? "iOS" : "Android" })),
    androidCategories: categories("ANDROID"),
    iosCategories: categories("IOS"),
    deals: deals.map((d) => ({ id: d.id, name: d.name, detail: `${d.category} · ${d.exchange}` })),
    dealCategories: [...new Set(deals.map((d) => d.category))].sort(),
  };
}
