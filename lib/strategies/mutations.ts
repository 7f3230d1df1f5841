// Changes to strategies. Server logic taking the session context; one
// transaction holds the change and its activity rows.
import type { SessionContext } from "../auth/context";
import { ConflictError } from "../data/errors";
import { requireWrite } from "../data/gate-core";
import { withAuditedChange } from "../data/transaction";
import { parseBulkIds, rowsToChange, writeStatusActivities, type BulkStatusResult } from "../list/bulk";

/**
 * Activates or deactivates strategies (bulk action of the strategy list).
 * A strategy cannot be activated while its advertiser (business.md 4) or its
 * campaign is inactive: it would not deliver, yet look running.
 */
export async function setStrategiesActive(ctx: SessionContext, ids: unknown, active: boolean): Promise<BulkStatusResult> {
  requireWrite(ctx);
  const wanted = parseBulkIds(ids, "Strategy");
  return withAuditedChange(ctx, async (tx) => {
    const found = await tx.strategy.findMany({
      where: { licenseeId: ctx.licenseeId, id: { in: wanted } },
      select: {
        id: true,
        name: true,
        active: true,
        isArchived: true,
        advertiserId: true,
        advertiser: { select: { active: true } },
        campaign: { select: { active: true } },
      },
      orderBy: { id: "asc" },
    });
    const rows = found.map(({ advertiser, campaign, ...r }) => ({
      ...r,
      inactiveParent: !advertiser.active ? "advertiser" : !campaign.active ? "campaign" : null,
    }));
    const changing = rowsToChange("Strategy", wanted, rows, active);
    if (changing.length > 0) {
      const { count } = await tx.strategy.updateMany({
        where: { licenseeId: ctx.licenseeId, id: { in: changing.map((r) => r.id) }, active: !active, isArchived: false },
        data: { active, version: { increment: 1 } },
      });
      if (count !== changing.length) throw new ConflictError();
      await writeStatusActivities(tx, ctx, "STRATEGY", "Strategy", changing, active);
    }
    return { changed: changing.length, total: wanted.length };
  });
}
