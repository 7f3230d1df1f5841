// Activity rows for changes no signed-in user made: background jobs moving an
// optimization rule or a catalog feed from one state to another. They carry no
// user (userId null) and the name "System", and like every activity row they
// are written with the transaction client of the change itself.
import type { Prisma } from "../generated/prisma/client";
import type { BatchActivityEntry } from "./activity";

/** The name activity rows carry for work nobody signed in did. */
export const SYSTEM_USER_NAME = "System";

export interface SystemActivityEntry extends BatchActivityEntry {
  licenseeId: number;
  /** The job's clock, so a run's rows share its time (default: now). */
  createdAt?: Date;
}

/**
 * Where the row goes: the raw client of a sweep over every licensee, or the
 * tenant client of a job acting for one (which refuses any licensee but its
 * own). A sweep has no client to take the licensee from, so the row names it.
 */
export interface ActivityLogWriter {
  activityLog: { create(args: { data: Prisma.ActivityLogUncheckedCreateInput }): PromiseLike<unknown> };
}

export function writeSystemActivity(tx: ActivityLogWriter, entry: SystemActivityEntry) {
  return tx.activityLog.create({
    data: {
      licenseeId: entry.licenseeId,
      userId: null,
      userName: SYSTEM_USER_NAME,
      action: entry.action,
      message: entry.message,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityName: entry.entityName,
      entityAdvertiserId: entry.entityAdvertiserId ?? null,
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
      fields: { create: entry.changes },
    },
  });
}
