// What a campaign paces (lib/delivery/pacing-load.ts): its lifetime budget
// over its schedule and its daily (media) budget over the reader's today,
// against media spend (cost). The pacing option chosen on the form decides
// ASAP or even spending for its window: Lifetime ASAP (pacing type 1) and
// Daily ASAP (6) spend as fast as delivery allows, anything else evenly.
import "server-only";
import type { SessionContext } from "../auth/context";
import { Prisma } from "../generated/prisma/client";
import { amountText, loadOnePacing, type EntityPacing, type PacingSpec, type PacingSubject } from "../delivery/pacing-load";
import { pacingOptionOf } from "./queries";

export const CAMPAIGN_PACING: PacingSpec = {
  level: "campaign",
  spendColumn: "cost",
  sql: {
    table: Prisma.sql`"Campaign"`,
    start: Prisma.sql`e."startTime"`,
    end: Prisma.sql`e."endTime"`,
    lifetimeBudget: Prisma.sql`e."lifetimeBudget"`,
    dailyBudget: Prisma.sql`e."dailyBudget"`,
    // pacingOptionOf: the option whose pacing type id flowRate holds, with budget pacing on.
    lifetimeAsap: Prisma.sql`(e."budgetPacing" AND e."flowRate" = 1)`,
    dailyAsap: Prisma.sql`(e."budgetPacing" AND e."flowRate" = 6)`,
  },
};

type Amount = Parameters<typeof amountText>[0];
const text = amountText;

export interface CampaignPacingFields {
  id: number;
  startTime: Date | string;
  endTime: Date | string | null;
  lifetimeBudget: Amount;
  dailyBudget: Amount;
  budgetPacing: boolean;
  flowRate: Amount;
}

export function campaignPacingSubject(c: CampaignPacingFields): PacingSubject {
  const option = pacingOptionOf(c.budgetPacing, text(c.flowRate));
  return {
    id: c.id,
    startTime: new Date(c.startTime),
    endTime: c.endTime === null ? null : new Date(c.endTime),
    lifetimeBudget: text(c.lifetimeBudget),
    dailyBudget: text(c.dailyBudget),
    lifetimeMode: option === "LIFETIME_ASAP" ? "ASAP" : "EVEN",
    dailyMode: option === "DAILY_ASAP" ? "ASAP" : "EVEN",
  };
}

/** The campaign details page's pacing; null for a role that may not see media spend. */
export async function loadCampaignPacing(ctx: SessionContext, c: CampaignPacingFields, iana: string, now?: Date): Promise<EntityPacing | null> {
  return loadOnePacing(ctx, CAMPAIGN_PACING, campaignPacingSubject(c), iana, now);
}
