// What the strategy rules need to know besides the form, read for a chosen
// campaign: its facts (objective, retargeting, SKAD target, advertiser), the
// licensee's SKAD privilege, and the advertiser's partner-data (DMP) access,
// product catalog and purchase-frequency mappings. The mutations read it on
// every save; the wizard reads the same through strategyContextAction, so
// the browser applies the same rules and visibility as the server (the
// client-safe half, types and contextOptions, is ./context-options.ts).
import "server-only";
import type { TenantTx } from "../data/tenant-db";
import { orNotFound } from "../data/gate";
import { licenseeSkadAllowed } from "../campaigns/skad";
import { hasDmpAccess } from "../audiences/dmp/access";
import type { StrategyContext } from "./context-options";

export { contextOptions, type StrategyCampaignFacts, type StrategyContext } from "./context-options";

/**
 * The advertiser setting that holds the purchase-frequency (user frequency
 * bucket) mappings of business.md 7's dictionary, as a JSON array; none yet
 * writes it, so intent targeting stays hidden until an advertiser has 6.
 */
export const PURCHASE_FREQUENCY_SETTING = "USER_FREQUENCY_BUCKET_MAPPING";

function mappingCount(value: string | undefined): number {
  if (!value) return 0;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/** The context of a campaign of the licensee (another licensee's, or none, is "not found"). */
export async function loadStrategyContext(tx: TenantTx, licenseeId: number, campaignId: number): Promise<StrategyContext> {
  const row = orNotFound(
    await tx.campaign.findUnique({
      where: { id: campaignId },
      select: {
        id: true, name: true, objective: true, isRetargeting: true, skadTarget: true, active: true, isArchived: true, currencyCode: true,
        advertiser: { select: { id: true, name: true, active: true } },
      },
    }),
    "Campaign",
  );
  const advertiserId = row.advertiser.id;
  const [licenseeAllows, dmpAccess, catalog, mappings] = await Promise.all([
    licenseeSkadAllowed(tx, licenseeId),
    // The audiences' own check (IS_DMP_ACCESS; a failed check is no access): the
    // strategy then refuses DMP audiences (steps.ts) and its picker offers none.
    hasDmpAccess(tx, advertiserId),
    tx.catalogFeed.count({ where: { advertiserId, isArchived: false } }),
    tx.advertiserSetting.findFirst({ where: { advertiserId, key: PURCHASE_FREQUENCY_SETTING }, select: { value: true } }),
  ]);
  return {
    campaign: {
      id: row.id, name: row.name, advertiserId, advertiserName: row.advertiser.name, advertiserActive: row.advertiser.active,
      currencyCode: row.currencyCode, objective: row.objective, isRetargeting: row.isRetargeting, skadTarget: row.skadTarget,
      active: row.active, isArchived: row.isArchived,
    },
    skadAllowed: licenseeAllows && row.skadTarget,
    dmpAccess,
    catalogAdvertiser: catalog > 0,
    purchaseFrequencyMappings: mappingCount(mappings?.value),
  };
}
