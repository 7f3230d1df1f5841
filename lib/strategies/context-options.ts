// The wizard's context for a chosen campaign as plain data, and the schema
// options it gives: the client-safe half of ./context.ts (which reads it on
// the server). The wizard's screens import contextOptions from here, so the
// browser applies the same rules and visibility as the server. Pure.
import type { StrategySchemaOptions } from "./steps";

export interface StrategyCampaignFacts {
  id: number;
  name: string;
  advertiserId: number;
  advertiserName: string;
  advertiserActive: boolean;
  currencyCode: string;
  objective: string;
  isRetargeting: boolean;
  skadTarget: boolean;
  active: boolean;
  isArchived: boolean;
}

export interface StrategyContext {
  campaign: StrategyCampaignFacts;
  /** The licensee has the SKAD privilege and the campaign targets SKAdNetwork installs (business.md 5, 6). */
  skadAllowed: boolean;
  /** business.md 4, 6: whether the advertiser has partner-data (DMP) access (lib/audiences/dmp/access.ts: its IS_DMP_ACCESS setting). */
  dmpAccess: boolean;
  /** The advertiser has a product catalog (a catalog feed): product feed targeting applies. */
  catalogAdvertiser: boolean;
  purchaseFrequencyMappings: number;
}

/** The schema options a context gives (./steps.ts StrategySchemaOptions). */
export function contextOptions(c: StrategyContext): Pick<StrategySchemaOptions, "campaign" | "skadAllowed" | "dmpAccess" | "catalogAdvertiser" | "purchaseFrequencyMappings"> {
  return {
    campaign: { objective: c.campaign.objective, isRetargeting: c.campaign.isRetargeting, skadTarget: c.campaign.skadTarget, advertiserId: c.campaign.advertiserId },
    skadAllowed: c.skadAllowed,
    dmpAccess: c.dmpAccess,
    catalogAdvertiser: c.catalogAdvertiser,
    purchaseFrequencyMappings: c.purchaseFrequencyMappings,
  };
}
