// Changes to campaigns. Server logic taking the session context; one
// transaction holds the change and its activity rows.
import type { SessionContext } from "../auth/context";
import { ConflictError } from "../data/errors";
import { requireWrite } from "../data/gate-core";
import { withAuditedChange } from "../data/transaction";
import { parseBulkIds, rowsToChange, writeStatusActivities, type BulkStatusResult } from "../list/bulk";

/**
 * Activates or deactivates campaigns (bulk action of the campaign list).
 * A campaign of an inactive advertiser cannot be activated: business.md 4,
 * an inactive advertiser makes all its campaigns inactive.
 */
export async function setCampaignsActive(ctx: SessionContext, ids: unknown, active: boolean): Promise<BulkStatusResult> {
  requireWrite(ctx); // before validation: a read-only user learns nothing from the answer
  const wanted = parseBulkIds(ids, "Campaign");
  return withAuditedChange(ctx, async (tx) => {
    const found = await tx.campaign.findMany({
      where: { licenseeId: ctx.licenseeId, id: { in: wanted } },
      select: { id: true, name: true, active: true, isArchived: true, advertiserId: true, advertiser: { select: { active: true } } },
      orderBy: { id: "asc" },
    });
    const rows = found.map(({ advertiser, ...r }) => ({ ...r, inactiveParent: advertiser.active ? null : "advertiser" }));
    const changing = rowsToChange("Campaign", wanted, rows, active);
    if (changing.length > 0) {
      // The state is re-checked by the UPDATE itself: a concurrent change makes the counts differ.
      const { count } = await tx.campaign.updateMany({
        where: { licenseeId: ctx.licenseeId, id: { in: changing.map((r) => r.id) }, active: !active, isArchived: false },
        data: { active, version: { increment: 1 } },
      });
      if (count !== changing.length) throw new ConflictError();
      await writeStatusActivities(tx, ctx, "CAMPAIGN", "Campaign", changing, active);
    }
    return { changed: changing.length, total: wanted.length };
  });
}
