// The backfill sweep (every 10 minutes, lib/job-runner/definitions.ts): across
// every licensee, queues the active DAILY and WEEKLY rules whose next run is
// due, and queues again every rule still waiting (QUEUED) whose job was lost.
// Safe with many containers: a due rule is claimed by its version (the
// container that bumps it queues it), and the queue keeps one job per
// audience. The scheduler's view spans licensees: the system client.
import "server-only";
import { db } from "../../db";
import { log } from "../../log";
import { enqueueAudienceBackfill } from "./jobs";

/** Marks the due scheduled rules QUEUED (one winner per rule); returns how many it claimed. */
export async function claimDueBackfills(now: Date): Promise<number> {
  const due = await db.audienceBackfillRule.findMany({
    where: { active: true, schedule: { not: "ONCE" }, nextRunAt: { lte: now }, runStatus: { notIn: ["QUEUED", "RUNNING"] }, audience: { isArchived: false } },
    select: { id: true, version: true },
  });
  let claimed = 0;
  for (const rule of due) {
    const { count } = await db.audienceBackfillRule.updateMany({
      where: { id: rule.id, version: rule.version },
      data: { runStatus: "QUEUED", version: { increment: 1 } },
    });
    claimed += count;
  }
  return claimed;
}

/** The sweep: claims due rules, then queues every QUEUED active rule's audience (duplicates are dropped by the queue). */
export async function runBackfillSweep(now: Date = new Date()): Promise<{ claimed: number; queued: number }> {
  const claimed = await claimDueBackfills(now);
  const waiting = await db.audienceBackfillRule.findMany({
    where: { active: true, runStatus: "QUEUED" },
    select: { audienceId: true, audience: { select: { licenseeId: true } } },
  });
  let queued = 0;
  for (const w of waiting) if (await enqueueAudienceBackfill(w.audienceId, w.audience.licenseeId)) queued++;
  (claimed > 0 ? log.info : log.debug)("audiences: backfill sweep", { claimed, queued });
  return { claimed, queued };
}
