// The strategy the blocking dialog works on, read through the tenant-scoped
// client: another licensee's id (or no such strategy) is "not found".
import "server-only";
import type { SessionContext } from "../../auth/context";
import { LICENSEE_PARAM, tenantDb, type TenantTx } from "../../data/tenant-db";
import { Prisma } from "../../generated/prisma/client";
import { lifetimeSql } from "../../metrics/lifetime";
import { orNotFound } from "../../data/gate";
import { parseStrategyInventory, type StrategyInventory } from "../../strategies/schema";
import { optimizeEligibility } from "./eligibility";
import type { BlockingEntity, OptimizeEligibility } from "./schema";
import type { TargetBlockLists } from "./merge";

/** The inventory field each dropdown value edits. */
export const INVENTORY_FIELD = { aggregator: "rtbAggregators", site: "rtbSites" } as const satisfies Record<BlockingEntity, keyof StrategyInventory>;

export interface BlockingStrategy {
  id: number;
  name: string;
  advertiserId: number;
  campaignId: number;
  startTime: Date;
  version: number;
  isArchived: boolean;
  currencyCode: string;
  inventory: StrategyInventory;
}

export async function loadBlockingStrategy(db: Pick<TenantTx, "strategy">, strategyId: number): Promise<BlockingStrategy> {
  const s = orNotFound(
    await db.strategy.findUnique({
      where: { id: strategyId },
      select: {
        id: true, name: true, advertiserId: true, campaignId: true, startTime: true, version: true, isArchived: true, inventory: true,
        campaign: { select: { currencyCode: true } },
      },
    }),
    "Strategy",
  );
  return { ...s, currencyCode: s.campaign.currencyCode, inventory: parseStrategyInventory(s.inventory) };
}

export function listsOf(inventory: StrategyInventory, entity: BlockingEntity): TargetBlockLists | undefined {
  return inventory[INVENTORY_FIELD[entity]];
}

/**
 * business.md 4 on the stored delivery: the strategy's start and its installs
 * and conversions so far (its lifetime totals: one running row, not every fact it has).
 */
export async function eligibilityOf(db: Pick<TenantTx, "$queryRaw">, strategy: Pick<BlockingStrategy, "id" | "startTime">, now = new Date()): Promise<OptimizeEligibility> {
  const [sums] = await db.$queryRaw<Array<{ installs: string; conversions: string }>>`
    SELECT l."installs"::text AS "installs", l."conversions"::text AS "conversions"
    FROM ${lifetimeSql(["installs", "conversions"], Prisma.sql`s."id" = ${strategy.id}::int AND s."licenseeId" = ${LICENSEE_PARAM}`)} l`;
  return optimizeEligibility({
    startTime: strategy.startTime,
    now,
    installs: Number(sums?.installs ?? 0),
    conversions: Number(sums?.conversions ?? 0),
  });
}

/** The details page's Optimize button: enabled or disabled with the reason. */
export async function optimizeEligibilityFor(ctx: SessionContext, strategyId: number): Promise<OptimizeEligibility> {
  const db = tenantDb(ctx);
  return eligibilityOf(db, await loadBlockingStrategy(db, strategyId));
}
