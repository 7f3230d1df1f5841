// The catalog refresh sweep's one query across licensees: the feeds whose next
// run has come, whoever they belong to (the scheduler). Each feed is then
// processed for its own licensee (process.ts, systemTenantDb).
import "server-only";
import { db } from "../db";

export async function dueFeedIds(now: Date, limit: number): Promise<number[]> {
  const due = await db.catalogFeed.findMany({
    where: { active: true, isArchived: false, nextRunAt: { lte: now } },
    select: { id: true },
    orderBy: { nextRunAt: "asc" },
    take: limit,
  });
  return due.map((f) => f.id);
}
