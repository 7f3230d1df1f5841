// Bulk activate / deactivate of advertisers from the advertiser list, with the
// semantics of setAdvertiserActive (deactivating also deactivates the
// advertiser's campaigns and strategies, each with its activity row).
import type { SessionContext } from "../auth/context";
import { requireWrite } from "../data/gate-core";
import { withAuditedChange } from "../data/transaction";
import { parseBulkIds, rowsToChange, type BulkStatusResult } from "../list/bulk";
import { setAdvertiserActiveIn } from "./mutations";

/**
 * All or nothing, like every bulk change (lib/list/bulk.ts): one transaction
 * checks every id (owned, not archived) and changes every advertiser, so a
 * call naming another licensee's advertiser changes nothing, and a failure on
 * any advertiser (a concurrent archive, a version conflict, a database error)
 * leaves all of them, their children and the activity log as they were.
 */
export async function setAdvertisersActive(ctx: SessionContext, ids: unknown, active: boolean): Promise<BulkStatusResult> {
  requireWrite(ctx);
  const wanted = parseBulkIds(ids, "Advertiser");
  return withAuditedChange(ctx, async (tx) => {
    const found = await tx.advertiser.findMany({
      where: { licenseeId: ctx.licenseeId, id: { in: wanted } },
      select: { id: true, name: true, active: true, isArchived: true },
      orderBy: { id: "asc" },
    });
    const changing = rowsToChange(
      "Advertiser",
      wanted,
      found.map((r) => ({ ...r, advertiserId: r.id, inactiveParent: null })),
      active,
    );
    // Deactivation goes through every advertiser, changed or not: it also
    // repairs campaigns and strategies left active under an inactive advertiser.
    for (const row of active ? changing : found) await setAdvertiserActiveIn(tx, ctx, row.id, active);
    return { changed: changing.length, total: wanted.length };
  });
}
