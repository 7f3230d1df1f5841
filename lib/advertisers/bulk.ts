// Bulk activate / deactivate of advertisers from the advertiser list, with the
// semantics of setAdvertiserActive (deactivating also deactivates the
// advertiser's campaigns and strategies, each with its activity row).
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { requireWrite } from "../data/gate-core";
import { parseBulkIds, rowsToChange, type BulkStatusResult } from "../list/bulk";
import { setAdvertiserActive } from "./mutations";

/**
 * Every id is checked (owned, not archived) before anything is written, so a
 * call naming another licensee's advertier changes nothing. The changes then
 * run one advertiser per transaction, because setAdvertiserActive opens its
 * own; a concurrent archive between check and change fails that advertiser
 * alone (the earlier ones stay changed).
 */
export async function setAdvertisersActive(ctx: SessionContext, ids: unknown, active: boolean): Promise<BulkStatusResult> {
  requireWrite(ctx);
  const wanted = parseBulkIds(ids, "Advertiser");
  const found = await db.advertiser.findMany({
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
  // Deactivation goes through every advertiser, changed or not: setAdvertiserActive
  // also repairs campaigns and strategies left active under an inactive advertiser.
  for (const row of active ? changing : found) await setAdvertiserActive(ctx, row.id, active);
  return { changed: changing.length, total: wanted.length };
}
