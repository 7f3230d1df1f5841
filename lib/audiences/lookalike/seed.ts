// The demo's look-alikes computed by the model from the seeded user events,
// so their users are real members and counts, as a running console would
// have them (the seed calls it after the user events; plain Node, no
// server-only imports).
import type { PrismaClient } from "../../generated/prisma/client";
import { licenseeClient } from "../../data/tenant";
import { buildLookAlikeAudience } from "./build";

export async function seedLookAlikes(client: PrismaClient, licenseeId: number, audiences: ReadonlyArray<{ id: number; source: string }>, now: Date): Promise<number> {
  const tenant = licenseeClient(client, licenseeId);
  let members = 0;
  for (const { id } of audiences.filter((a) => a.source === "LOOK_ALIKE")) {
    await tenant.audience.update({ where: { id }, data: { lookAlikeStatus: "IN_PROCESSING" } });
    const outcome = await buildLookAlikeAudience(tenant, id, now);
    if (outcome.status === "LIVE") members += outcome.members;
  }
  return members;
}
