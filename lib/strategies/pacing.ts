// What a strategy paces (lib/delivery/pacing-load.ts): its budget over its
// schedule and its daily advertiser spend budget over the reader's today,
// against advertiser spend (revenue), the side both budgets limit (a
// strategy's budget notification is also about advertiser spend). Pacing
// type 1 (ASAP Lifetime) spends the budget as fast as delivery allows, 1 and
// 6 (ASAP Daily) the daily budget; the weightage types (10, 11) spread it.
import "server-only";
import type { SessionContext } from "../auth/context";
import { Prisma } from "../generated/prisma/client";
import { pacingModeOf } from "../delivery/pacing";
import { amountText, loadOnePacing, type EntityPacing, type PacingSpec, type PacingSubject } from "../delivery/pacing-load";

export const STRATEGY_PACING: PacingSpec = {
  level: "strategy",
  spendColumn: "revenue",
  sql: {
    table: Prisma.sql`"Strategy"`,
    start: Prisma.sql`e."startTime"`,
    end: Prisma.sql`e."endTime"`,
    lifetimeBudget: Prisma.sql`e."budgetValue"`,
    dailyBudget: Prisma.sql`e."dailyAdvSpendBudget"`,
    lifetimeAsap: Prisma.sql`(e."pacingTypeId" = 1)`,
    dailyAsap: Prisma.sql`(e."pacingTypeId" IN (1, 6))`,
  },
};

type Amount = Parameters<typeof amountText>[0];
const text = amountText;

export interface StrategyPacingFields {
  id: number;
  startTime: Date | string;
  endTime: Date | string | null;
  budgetValue: Amount;
  dailyAdvSpendBudget: Amount;
  pacingTypeId: number;
}

export function strategyPacingSubject(s: StrategyPacingFields): PacingSubject {
  return {
    id: s.id,
    startTime: new Date(s.startTime),
    endTime: s.endTime === null ? null : new Date(s.endTime),
    lifetimeBudget: text(s.budgetValue),
    dailyBudget: text(s.dailyAdvSpendBudget),
    lifetimeMode: s.pacingTypeId === 1 ? "ASAP" : "EVEN",
    dailyMode: pacingModeOf(s.pacingTypeId),
  };
}

/** The strategy details page's pacing; null for a role that may not see advertiser spend. */
export async function loadStrategyPacing(ctx: SessionContext, s: StrategyPacingFields, iana: string, now?: Date): Promise<EntityPacing | null> {
  return loadOnePacing(ctx, STRATEGY_PACING, strategyPacingSubject(s), iana, now);
}
