// Daily (lib/job-runner/definitions.ts, user-event-prune): deletes the stored user
// events (UserEvent) past their retention (./retention-window.ts), which no
// rule, backfill, look-alike or recount can read any more. Without it the
// table, fed by every pixel fire and MMP postback, would only grow.
//
// In batches, advertiser by advertiser: each DELETE takes at most `batch` rows
// found through the (advertiserId, occurredAt) index, so a statement stays
// short (no long lock, no huge transaction) and never scans the whole table,
// which a plain "occurredAt < cutoff LIMIT n" would do on every batch. The
// advertisers span licensees: the system client (eslint.config.mjs SYSTEM_MODULES).
import "server-only";
import { db } from "../../db";
import { log } from "../../log";
import { userEventCutoff } from "./retention-window";

/** Rows deleted per statement. */
export const USER_EVENT_PRUNE_BATCH = 10_000;

export interface UserEventPruneResult {
  /** Events deleted. */
  deleted: number;
  /** Events before this instant were past retention. */
  cutoff: Date;
}

async function deleteBatch(advertiserId: number, cutoff: Date, batch: number): Promise<number> {
  return db.$executeRaw`
    DELETE FROM "UserEvent"
    WHERE "id" IN (
      SELECT "id" FROM "UserEvent"
      WHERE "advertiserId" = ${advertiserId} AND "occurredAt" < ${cutoff}
      LIMIT ${batch}
    )`;
}

export async function pruneUserEvents(now: Date = new Date(), batch: number = USER_EVENT_PRUNE_BATCH): Promise<UserEventPruneResult> {
  const cutoff = userEventCutoff(now);
  // Every advertiser, archived ones too (their events age out like the others').
  const advertisers = await db.advertiser.findMany({ select: { id: true }, orderBy: { id: "asc" } });
  let deleted = 0;
  for (const { id } of advertisers) {
    for (;;) {
      const n = await deleteBatch(id, cutoff, batch);
      deleted += n;
      if (n < batch) break;
    }
  }
  log.info("audiences: user events pruned", { deleted, cutoff: cutoff.toISOString() });
  return { deleted, cutoff };
}
