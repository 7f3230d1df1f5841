// Data of /strategy/bulk-edit?ids=… : the selected strategies (names, campaign,
// advertiser, type) and what the form's pickers offer, as plain view objects.
// The advertiser's records (pixels, audiences, creatives, creative sets) are
// offered when every strategy is of one advertiser, from the wizard's picker
// options of the first strategy's campaign and type; the dictionaries and
// countries always. A missing, malformed, archived or other licensee's id is
// "not found"; an A/B experiment's arm is left out, and the page says which
// and why (./arms.ts).
import "server-only";
import type { SessionContext } from "../../auth/context";
import { canWrite } from "../../auth/roles";
import { NotFoundError } from "../../errors";
import { tenantDb } from "../../data/tenant-db";
import { searchGeo } from "../geo";
import { loadStrategyPickerOptions, type PickerItem, type StrategyPickerOptions } from "../picker-options";
import { toStrategyId } from "../queries";
import { armsLeftOut, type LeftOutStrategy } from "./arms";
import type { ChosenCreativeSet } from "./blockers";
import { MAX_BULK_EDIT_STRATEGIES } from "./schema";

export interface BulkEditStrategyView {
  id: number;
  name: string;
  campaignName: string;
  advertiserId: number;
  type: string;
}

export interface BulkEditPageData {
  strategies: BulkEditStrategyView[];
  /** Strategies of the link that cannot be bulk edited, each with the reason; the form edits the others. */
  leftOut: LeftOutStrategy[];
  /** The pickers' options; the advertiser's records only when the strategies share one advertiser. */
  options: Omit<StrategyPickerOptions, "creativeSets"> & { creativeSets: (PickerItem & ChosenCreativeSet)[]; countries: { code: string; name: string }[] };
  advertiserIds: number[];
  canWrite: boolean;
}

const NO_AUDIENCES = { targetAppSegments: [], targetWebSegments: [], targetDmpSegments: [], targetLalSegments: [] };
/** Nothing to offer: every strategy of the link was left out (the page shows why, and no form). */
const NO_OPTIONS: BulkEditPageData["options"] = {
  pixels: [],
  creatives: [],
  creativeSets: [],
  audiences: NO_AUDIENCES,
  aggregators: [],
  sites: [],
  apps: [],
  androidCategories: [],
  iosCategories: [],
  deals: [],
  dealCategories: [],
  countries: [],
};

/** The ids of the page's `ids` parameter ("1,2,3"); anything else is "not found". */
export function parseIdsParam(raw: string | string[] | undefined): number[] {
  const text = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
  const ids = text.split(",").filter(Boolean).map(toStrategyId);
  if (ids.length === 0 || ids.length > MAX_BULK_EDIT_STRATEGIES) throw new NotFoundError("Strategy");
  return [...new Set(ids)];
}

export async function loadBulkEditPage(ctx: SessionContext, ids: number[]): Promise<BulkEditPageData> {
  const db = tenantDb(ctx);
  const found = await db.strategy.findMany({
    where: { id: { in: ids }, isArchived: false },
    select: { id: true, name: true, advertiserId: true, campaignId: true, type: true, isAbTestStrategy: true, campaign: { select: { name: true } } },
    orderBy: { name: "asc" },
  });
  if (found.length !== ids.length) throw new NotFoundError("Strategy");
  const leftOut = await armsLeftOut(db, found.filter((r) => r.isAbTestStrategy));
  const rows = found.filter((r) => !r.isAbTestStrategy);
  if (rows.length === 0) return { strategies: [], leftOut, options: NO_OPTIONS, advertiserIds: [], canWrite: canWrite(ctx.role) };
  const advertiserIds = [...new Set(rows.map((r) => r.advertiserId))];
  const picker = await loadStrategyPickerOptions(db, ctx.licenseeId, rows[0].campaignId, rows[0].type === "CTV_OTT" ? "CTV_OTT" : "MULTI_DEVICE");
  const oneAdvertiser = advertiserIds.length === 1;
  // Every set of the advertiser with what the disabled conditions read (placebo, CTV or not), whatever the strategies' type.
  const sets = oneAdvertiser
    ? await db.creativeSet.findMany({
        where: { advertiserId: advertiserIds[0], isArchived: false },
        select: { id: true, name: true, active: true, type: true, isPlacebo: true, advertiserId: true },
        orderBy: [{ name: "asc" }, { id: "asc" }],
        take: 1000,
      })
    : [];
  const none = oneAdvertiser ? null : [];
  return {
    strategies: rows.map((r) => ({ id: r.id, name: r.name, campaignName: r.campaign.name, advertiserId: r.advertiserId, type: r.type })),
    leftOut,
    options: {
      ...picker,
      pixels: none ?? picker.pixels,
      creatives: none ?? picker.creatives,
      audiences: oneAdvertiser ? picker.audiences : NO_AUDIENCES,
      creativeSets: sets.map((s) => ({ id: s.id, name: s.name, active: s.active, detail: s.isPlacebo ? `${s.type} · placebo` : s.type, type: s.type, isPlacebo: s.isPlacebo, advertiserId: s.advertiserId })),
      countries: searchGeo({ level: "country", limit: 500 }).map((c) => ({ code: c.id, name: c.name })),
    },
    advertiserIds,
    canWrite: canWrite(ctx.role),
  };
}
