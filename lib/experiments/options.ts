// What the experiment form offers: the licensee's campaigns (not archived,
// by advertiser) and a campaign's strategies that may be arms (not archived,
// no arm of another experiment).
import "server-only";
import type { SessionContext } from "../auth/context";
import { orNotFound } from "../data/gate";
import { tenantDb } from "../data/tenant-db";

export interface CampaignChoice {
  id: number;
  name: string;
  advertiserName: string;
}

export interface StrategyChoice {
  id: number;
  name: string;
  active: boolean;
}

export async function campaignChoices(ctx: SessionContext): Promise<CampaignChoice[]> {
  const rows = await tenantDb(ctx).campaign.findMany({
    where: { isArchived: false, advertiser: { isArchived: false } },
    select: { id: true, name: true, advertiser: { select: { name: true } } },
    orderBy: [{ advertiser: { name: "asc" } }, { name: "asc" }, { id: "asc" }],
    take: 1000,
  });
  return rows.map((r) => ({ id: r.id, name: r.name, advertiserName: r.advertiser.name }));
}

/** The campaign's strategies an experiment may use: free ones, and those already arms of `experimentId`. Another licensee's campaign is not found. */
export async function campaignStrategyOptions(ctx: SessionContext, campaignId: number, experimentId: number | null): Promise<StrategyChoice[]> {
  const db = tenantDb(ctx);
  orNotFound(await db.campaign.findUnique({ where: { id: campaignId }, select: { id: true } }), "Campaign");
  const own = experimentId === null ? [] : (await db.experimentArm.findMany({ where: { experimentId }, select: { strategyId: true } })).map((a) => a.strategyId);
  return db.strategy.findMany({
    where: { campaignId, isArchived: false, OR: [{ isAbTestStrategy: false }, { id: { in: own } }] },
    select: { id: true, name: true, active: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
