// The look-alike sweep (every 5 minutes): queues every look-alike left
// IN_PROCESSING across licensees, so one whose job was never queued (the
// queue was down when it was saved) or whose process died is computed all
// the same. The queue keeps one job per look-alike (singletonKey), and the
// job only writes while the look-alike is IN_PROCESSING. The scheduler's
// view spans licensees: the job runner hands it the system client.
import "server-only";
import type { PrismaClient } from "../../generated/prisma/client";
import { enqueueLookAlikeBuild } from "./queue";

export async function queuePendingLookAlikes(
  client: Pick<PrismaClient, "audience">,
  send: (licenseeId: number, audienceId: number) => Promise<unknown> = enqueueLookAlikeBuild,
): Promise<number> {
  const pending = await client.audience.findMany({
    where: { source: "LOOK_ALIKE", lookAlikeStatus: "IN_PROCESSING", isArchived: false },
    select: { id: true, licenseeId: true },
  });
  for (const a of pending) await send(a.licenseeId, a.id);
  return pending.length;
}
