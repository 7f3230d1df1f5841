// What a strategy names besides its own columns: pixels, creatives and
// creative sets of its advertiser, audiences, dictionary rows (exchanges,
// sites, apps, deals) and geographies of the country-state-city dataset.
// loadReferences reads them in a handful of queries; the mutations check them
// (referenceIssues: every problem as a field message, nothing written), the
// review and the activity rows name them (ReferenceNames).
import "server-only";
import type { z } from "../validation/z";
import type { TenantTx } from "../data/tenant-db";
import { AUDIENCE_KINDS, type AudienceField } from "./options";
import { STRATEGY_MESSAGES as M } from "./rules";
import type { StrategyInventory, StrategyTargeting } from "./schema";
import { unknownGeoIds } from "./geo";
import { GEO_LEVELS } from "./geo-ids";

interface Named {
  id: number;
  name: string;
}
interface Owned extends Named {
  advertiserId: number;
}

export interface References {
  pixels: Owned[];
  creatives: (Owned & { type: string })[];
  creativeSets: (Owned & { type: string })[];
  audiences: (Owned & { source: string })[];
  aggregators: Named[];
  sites: Named[];
  apps: (Named & { platform: string })[];
  deals: (Named & { category: string })[];
}

/** What a strategy names, in the shape the form and the stored row share. */
export interface StrategyRefs {
  pixelIds: number[];
  creativeIds: number[];
  creativeSetIds: number[];
  inventory: StrategyInventory;
  targeting: StrategyTargeting;
}

const both = (lists?: { targetList: number[]; blockedList: number[] }) => (lists ? [...lists.targetList, ...lists.blockedList] : []);
const audienceIds = (t: StrategyTargeting, field: AudienceField) => {
  const s = t[field];
  return s ? [...s.targetedSegments, ...s.blockedSegments] : [];
};

export async function loadReferences(tx: TenantTx, refs: StrategyRefs): Promise<References> {
  const ids = (list: number[]) => ({ id: { in: [...new Set(list)] } });
  const owned = { id: true, name: true, advertiserId: true } as const;
  const inv = refs.inventory;
  const audienceList = AUDIENCE_KINDS.flatMap((k) => audienceIds(refs.targeting, k.field));
  const none = <T>() => Promise.resolve([] as T[]);
  const [pixels, creatives, creativeSets, audiences, aggregators, sites, apps, deals] = await Promise.all([
    refs.pixelIds.length ? tx.pixel.findMany({ where: ids(refs.pixelIds), select: owned }) : none<Owned>(),
    refs.creativeIds.length ? tx.creative.findMany({ where: ids(refs.creativeIds), select: { ...owned, type: true } }) : none<Owned & { type: string }>(),
    refs.creativeSetIds.length ? tx.creativeSet.findMany({ where: ids(refs.creativeSetIds), select: { ...owned, type: true } }) : none<Owned & { type: string }>(),
    audienceList.length ? tx.audience.findMany({ where: ids(audienceList), select: { ...owned, source: true } }) : none<Owned & { source: string }>(),
    both(inv.rtbAggregators).length ? tx.aggregator.findMany({ where: ids(both(inv.rtbAggregators)), select: { id: true, name: true } }) : none<Named>(),
    both(inv.rtbSites).length ? tx.inventorySite.findMany({ where: ids(both(inv.rtbSites)), select: { id: true, name: true } }) : none<Named>(),
    both(inv.rtbApps).length ? tx.inventoryApp.findMany({ where: ids(both(inv.rtbApps)), select: { id: true, name: true, platform: true } }) : none<Named & { platform: string }>(),
    both(refs.targeting.dealDTO).length ? tx.deal.findMany({ where: ids(both(refs.targeting.dealDTO)), select: { id: true, name: true, category: true } }) : none<Named & { category: string }>(),
  ]);
  return { pixels, creatives, creativeSets, audiences, aggregators, sites, apps, deals };
}

type IssueList = z.core.$ZodIssue[];

/**
 * business.md 5: a CTV/OTT strategy takes only CTV video creatives and sets, a
 * Multi Device strategy only the others. Shared by the strategy form and the
 * creatives' "associate strategies" (lib/creatives/associate.ts).
 */
export function creativeTypeMatchesStrategy(strategyType: string, creativeType: string): boolean {
  return (creativeType === "CTV_VIDEO") === (strategyType === "CTV_OTT");
}

/**
 * Every way the references break a rule (business.md 5: pixels of the
 * advertiser, creatives matching the creative type, audiences of the
 * advertiser, known inventory and geographies), as field issues. A record of
 * another licensee is simply not found here (the tenant client), so it reads
 * as "not one of this advertiser's", never as a 404 that would confirm it exists.
 */
export function referenceIssues(refs: StrategyRefs, found: References, advertiserId: number, type: string): IssueList {
  const issues: IssueList = [];
  const issue = (path: (string | number)[], message: string) => issues.push({ code: "custom", path, message, input: undefined });
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const ofAdvertiser = <T extends Owned>(ids: number[], rows: T[], ok: (row: T) => boolean = () => true) => {
    const map = byId(rows);
    return ids.every((id) => map.get(id)?.advertiserId === advertiserId) ? ids.every((id) => ok(map.get(id)!)) : null;
  };
  const matchesType = (row: { type: string }) => creativeTypeMatchesStrategy(type, row.type);

  if (ofAdvertiser(refs.pixelIds, found.pixels) === null) issue(["pixelIds"], M.pixelsOfAdvertiser);
  const creatives = ofAdvertiser(refs.creativeIds, found.creatives, matchesType);
  if (creatives === null) issue(["creativeIds"], M.creativeOfAdvertiser);
  else if (!creatives) issue(["creativeIds"], M.creativeTypeMismatch);
  const sets = ofAdvertiser(refs.creativeSetIds, found.creativeSets, matchesType);
  if (sets === null) issue(["creativeSetIds"], M.creativeSetOfAdvertiser);
  else if (!sets) issue(["creativeSetIds"], M.creativeSetTypeMismatch);

  for (const kind of AUDIENCE_KINDS) {
    const ok = ofAdvertiser(audienceIds(refs.targeting, kind.field), found.audiences, (a) => a.source === kind.source);
    if (!ok) issue([kind.field], M.audienceOfAdvertiser);
  }
  const known = (field: string, ids: number[], rows: Named[]) => {
    const map = byId(rows);
    if (!ids.every((id) => map.has(id))) issue([field], M.unknownRecord);
  };
  known("rtbAggregators", both(refs.inventory.rtbAggregators), found.aggregators);
  known("rtbSites", both(refs.inventory.rtbSites), found.sites);
  known("rtbApps", both(refs.inventory.rtbApps), found.apps);
  known("dealDTO", both(refs.targeting.dealDTO), found.deals);

  const geo = refs.targeting.targetGeographies;
  if (geo) {
    for (const level of GEO_LEVELS) {
      if (unknownGeoIds(level, [...geo[level].targetList, ...geo[level].blockedList]).length > 0) issue(["targetGeographies", level], M.unknownGeo);
    }
  }
  return issues;
}

/** Names of what a strategy names, by id, for the review and the activity rows. */
export interface ReferenceNames {
  pixel(id: number): string;
  creative(id: number): string;
  creativeSet(id: number): string;
  audience(id: number): string;
  aggregator(id: number): string;
  site(id: number): string;
  app(id: number): string;
  deal(id: number): string;
}

export function referenceNames(found: References): ReferenceNames {
  const namer = (rows: Named[]) => {
    const map = new Map(rows.map((r) => [r.id, r.name]));
    return (id: number) => map.get(id) ?? `#${id}`;
  };
  return {
    pixel: namer(found.pixels),
    creative: namer(found.creatives),
    creativeSet: namer(found.creativeSets),
    audience: namer(found.audiences),
    aggregator: namer(found.aggregators),
    site: namer(found.sites),
    app: namer(found.apps.map((a) => ({ id: a.id, name: `${a.name} (${a.platform === "IOS" ? "iOS" : "Android"})` }))),
    deal: namer(found.deals),
  };
}
