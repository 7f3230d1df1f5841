// Keeps PixelFire from growing without end: fires older than the 6-month
// performance window are rolled into daily counts (PixelFireDaily: fires and
// value sum per pixel and UTC day) and their rows deleted, and expired order
// id claims (PixelFireOrder) are deleted. Run daily by the pixel-fire-rollup
// job (lib/job-runner/definitions.ts). Ended per-user cap windows (PixelUserCap,
// lib/attribution/conversion.ts) are deleted with the expired claims.
//
// Only rows older than the start (UTC day) of the window are moved, so the
// "times fired in the last 6 months" of the pixel list and details (counted
// from PixelFire, lib/pixels/queries.ts) never lose a fire they count.
import { db } from "../db";
import { performanceSince } from "./queries";

/** Rows moved per statement: each batch is one short transaction. */
export const ROLLUP_BATCH = 10_000;

/** Midnight UTC of the day the 6-month window starts: fires before it are rolled up. */
export function rollupCutoff(now: Date): Date {
  const since = performanceSince(now);
  return new Date(Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate()));
}

/**
 * Moves one batch: the DELETE and the INSERT ... ON CONFLICT that adds the
 * batch's counts to the day's row are one statement, so a fire is either
 * still a row or already counted in its day, never both or neither (and a
 * second run at the same time cannot move a row twice: the DELETE locks it).
 */
async function moveBatch(cutoff: Date, batch: number): Promise<number> {
  const rows = await db.$queryRaw<{ moved: number }[]>`
    WITH moved AS (
      DELETE FROM "PixelFire"
      WHERE "id" IN (SELECT "id" FROM "PixelFire" WHERE "firedAt" < ${cutoff} ORDER BY "id" LIMIT ${batch})
      RETURNING "pixelId", "firedAt", "value"
    ),
    added AS (
      INSERT INTO "PixelFireDaily" ("pixelId", "day", "fires", "valueSum")
      SELECT "pixelId", ("firedAt" AT TIME ZONE 'UTC')::date, count(*)::int, COALESCE(sum("value"), 0)
      FROM moved
      GROUP BY 1, 2
      ON CONFLICT ("pixelId", "day") DO UPDATE SET
        "fires" = "PixelFireDaily"."fires" + excluded."fires",
        "valueSum" = "PixelFireDaily"."valueSum" + excluded."valueSum"
    )
    SELECT count(*)::int AS "moved" FROM moved`;
  return Number(rows[0]?.moved ?? 0);
}

export interface RollupResult {
  /** PixelFire rows rolled into daily counts and deleted. */
  firesRolledUp: number;
  /** Expired order id claims and ended per-user cap windows deleted. */
  claimsPruned: number;
}

export async function rollupOldFires(now: Date = new Date(), batch: number = ROLLUP_BATCH): Promise<RollupResult> {
  const cutoff = rollupCutoff(now);
  let firesRolledUp = 0;
  for (;;) {
    const moved = await moveBatch(cutoff, batch);
    firesRolledUp += moved;
    if (moved < batch) break;
  }
  const claimsPruned =
    (await db.pixelFireOrder.deleteMany({ where: { expiresAt: { lt: now } } })).count +
    (await db.pixelUserCap.deleteMany({ where: { windowEndsAt: { lt: now } } })).count;
  return { firesRolledUp, claimsPruned };
}
