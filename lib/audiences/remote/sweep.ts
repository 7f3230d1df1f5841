// The remote upload sweep (every 5 minutes, all licensees: the scheduler):
// each schedule of an active CRM audience whose next run has come is claimed
// by moving its nextRunAt one interval on, in a statement that only succeeds
// while it is still due, and only then queued. Two sweeps at once (several
// containers) cannot both claim one schedule, and the job's queue keeps one
// per schedule (stately, singletonKey): one run per due schedule.
import "server-only";
import { db } from "../../db";
import { log } from "../../log";
import { enqueueRemoteSync } from "./mutations";
import { frequencyMs } from "./schema";

export async function queueDueRemoteSyncs(now: Date, send: (licenseeId: number, scheduleId: number) => Promise<unknown> = enqueueRemoteSync): Promise<number[]> {
  const due = await db.audienceRemoteSchedule.findMany({
    where: { nextRunAt: { lte: now }, audience: { kind: "CRM", active: true, isArchived: false } },
    select: { id: true, nextRunAt: true, frequencyValue: true, frequencyUnit: true, audience: { select: { licenseeId: true } } },
    orderBy: { nextRunAt: "asc" },
    take: 500,
  });
  const queued: number[] = [];
  for (const s of due) {
    const { count } = await db.audienceRemoteSchedule.updateMany({
      where: { id: s.id, nextRunAt: s.nextRunAt },
      data: { nextRunAt: new Date(now.getTime() + frequencyMs(s)) },
    });
    if (count !== 1) continue; // claimed by another sweep
    await send(s.audience.licenseeId, s.id);
    queued.push(s.id);
  }
  if (queued.length) log.info("audiences: remote syncs queued", { count: queued.length });
  return queued;
}
