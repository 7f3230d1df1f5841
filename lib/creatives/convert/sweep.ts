// The stale-conversion sweep (every 5 minutes, lib/job-runner): a conversion row
// left QUEUED or RUNNING by a process that died (a deploy, a crash, a lost
// job) would show a spinner forever. A conversion ends well within its time
// cap (run.ts: 10 minutes, the job expires after 20), so a row unchanged for
// 30 minutes is failed with a message asking to start it again. Progress
// updates touch the row, so `updatedAt` is when it last moved. Scheduler work
// across licensees: the jobs runner hands in its system client.
import type { PrismaClient } from "../../generated/prisma/client";
import { log } from "../../log";

export const STALE_AFTER_MS = 30 * 60_000;
export const STALE_MESSAGE = "The conversion stopped before it finished. Please try again.";

/** Fails the conversions stuck QUEUED or RUNNING for more than 30 minutes; returns how many. */
export async function failStaleConversions(now: Date, client: Pick<PrismaClient, "mediaConversion">): Promise<number> {
  const { count } = await client.mediaConversion.updateMany({
    where: { status: { in: ["QUEUED", "RUNNING"] }, updatedAt: { lt: new Date(now.getTime() - STALE_AFTER_MS) } },
    data: { status: "FAILED", error: STALE_MESSAGE },
  });
  if (count > 0) log.warn("creatives: stale conversions failed", { count });
  return count;
}
