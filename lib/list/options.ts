// Choices of the parent filters (advertiser, campaign) in list toolbars:
// the licensee's rows that are not archived, by name.
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { scope } from "../data/gate-core";
import type { FilterOption } from "./types";

const SELECT = { id: true, name: true } as const;
const BY_NAME = [{ name: "asc" as const }, { id: "asc" as const }];

export function advertiserOptions(ctx: SessionContext): Promise<FilterOption[]> {
  return db.advertiser.findMany({ where: scope(ctx), select: SELECT, orderBy: BY_NAME });
}

/** Campaigns of one advertiser when it is chosen, else all of the licensee's. */
export function campaignOptions(ctx: SessionContext, advertiserId: number | null): Promise<FilterOption[]> {
  return db.campaign.findMany({
    where: { ...scope(ctx), ...(advertiserId ? { advertiserId } : {}) },
    select: SELECT,
    orderBy: BY_NAME,
  });
}
