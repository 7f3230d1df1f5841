// Daily (lib/jobs/definitions.ts): recounts the unique users of every audience
// that has members, each for its own licensee, so totalUU drops as
// memberships expire and dailyUU moves to the new yesterday even when no job
// added anyone. The list of audiences spans licensees: the system client.
import "server-only";
import { db } from "../../db";
import { systemTenantDb } from "../../data/tenant-db";
import { log } from "../../log";
import { refreshAudienceUserCounts } from "./counts";

export async function refreshAllAudienceUserCounts(now: Date = new Date()): Promise<{ refreshed: number }> {
  const audiences = await db.audience.findMany({
    where: { isArchived: false, OR: [{ members: { some: {} } }, { totalUU: { gt: 0 } }] },
    select: { id: true, licenseeId: true },
  });
  for (const a of audiences) {
    await systemTenantDb(a.licenseeId).$transaction((tx) => refreshAudienceUserCounts(tx, a.id, now));
  }
  log.info("audiences: user counts refreshed", { audiences: audiences.length });
  return { refreshed: audiences.length };
}
