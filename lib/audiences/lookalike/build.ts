// Computing one look-alike audience for its licensee (the audience-lookalike
// job, ./queue.ts): reads the seed's members and the advertiser's stored user
// features, runs the model (./model.ts) and, in one transaction, replaces the
// look-alike's members (origin LOOKALIKE), recounts its users, sets it LIVE
// (or FAILED with the reason), writes the system's activity row and notifies
// the licensee's read-write members. Free of server-only imports.
//
// The IN_PROCESSING status is the claim: the job only works on a look-alike
// that is IN_PROCESSING, and only the run that still finds it so writes, so a
// retried or doubled job never writes twice.
import { systemTransaction, type TenantClient, type TenantTx } from "../../data/tenant";
import { writeSystemActivity } from "../../audit/system";
import { notifyLicenseeMembers } from "../../notification-events/generate";
import type { Tx } from "../../db";
import { log } from "../../log";
import { refreshAudienceUserCounts, upsertMembers } from "../members/counts";
import { LOOKALIKE_SIZE } from "../schema";
import { advertiserUserActivity } from "./features";
import { buildLookAlike } from "./model";

export type LookAlikeOutcome =
  | { status: "LIVE"; members: number; seedUsers: number; candidates: number }
  | { status: "FAILED"; reason: string }
  | { status: "SKIPPED" };

export const LOOKALIKE_MESSAGE = {
  live: (members: number) => `Look-alike audience is live: ${members.toLocaleString("en-US")} user(s)`,
  failed: (reason: string) => `Look-alike audience failed: ${reason}`,
  seedGone: "the seed audience no longer exists or is archived",
} as const;

type Audience = NonNullable<Awaited<ReturnType<TenantTx["audience"]["findUnique"]>>>;

/** Writes the outcome if the look-alike is still IN_PROCESSING; false when another run got there first. */
async function finish(client: TenantClient, audience: Audience, outcome: { members: string[] } | { reason: string }, now: Date): Promise<boolean> {
  const live = "members" in outcome;
  return client.$transaction(
    async (tx) => {
      const claimed = await tx.audience.updateMany({
        where: { id: audience.id, lookAlikeStatus: "IN_PROCESSING" },
        data: live
          ? { lookAlikeStatus: "LIVE", lookAlikeReason: null, lookAlikeBuiltAt: now }
          : { lookAlikeStatus: "FAILED", lookAlikeReason: outcome.reason, lookAlikeBuiltAt: now },
      });
      if (claimed.count === 0) return false;
      if (live) {
        // The new model replaces the previous one's users.
        await tx.audienceMember.deleteMany({ where: { audienceId: audience.id } });
        await upsertMembers(tx, audience.id, "LOOKALIKE", outcome.members.map((userKey) => ({ userKey })), now);
        await refreshAudienceUserCounts(tx, audience.id, now);
      }
      const message = live ? LOOKALIKE_MESSAGE.live(outcome.members.length) : LOOKALIKE_MESSAGE.failed(outcome.reason);
      await writeSystemActivity(tx, {
        licenseeId: audience.licenseeId,
        action: "UPDATE",
        entityType: "LAL_AUDIENCE",
        entityId: audience.id,
        entityName: audience.name,
        entityAdvertiserId: audience.advertiserId,
        message,
        changes: [{ fieldName: "lookAlikeStatus", oldValue: "IN_PROCESSING", newValue: live ? "LIVE" : "FAILED" }],
        createdAt: now,
      });
      await notifyLicenseeMembers(
        systemTransaction() as Tx,
        {
          licenseeId: audience.licenseeId,
          type: "INFO",
          entityType: "LAL_AUDIENCE",
          entityId: audience.id,
          entityName: audience.name,
          content: message,
          icon: live ? "check" : "alert",
          dedupeKey: `lookalike:${audience.id}:${now.getTime()}`,
        },
        now,
      );
      return true;
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}

/**
 * Computes the IN_PROCESSING look-alike `audienceId` through the licensee's
 * client. Anything else (unknown, another licensee's, not a look-alike, not
 * IN_PROCESSING) is skipped.
 */
export async function buildLookAlikeAudience(client: TenantClient, audienceId: number, now: Date = new Date()): Promise<LookAlikeOutcome> {
  const audience = await client.audience.findUnique({ where: { id: audienceId } });
  if (!audience || audience.source !== "LOOK_ALIKE" || audience.lookAlikeStatus !== "IN_PROCESSING") return { status: "SKIPPED" };
  const seed = audience.seedAudienceId === null ? null : await client.audience.findUnique({ where: { id: audience.seedAudienceId } });
  if (!seed || seed.isArchived || seed.advertiserId !== audience.advertiserId) {
    return (await finish(client, audience, { reason: LOOKALIKE_MESSAGE.seedGone }, now)) ? { status: "FAILED", reason: LOOKALIKE_MESSAGE.seedGone } : { status: "SKIPPED" };
  }
  const [users, seedMembers] = await Promise.all([
    advertiserUserActivity(client, audience.advertiserId, now),
    client.audienceMember.findMany({ where: { audienceId: seed.id, expiresAt: { gt: now } }, select: { userKey: true } }),
  ]);
  const result = buildLookAlike(users, new Set(seedMembers.map((m) => m.userKey)), audience.lookAlikeSize ?? LOOKALIKE_SIZE.default, now);
  if (!result.ok) {
    return (await finish(client, audience, { reason: result.reason }, now)) ? { status: "FAILED", reason: result.reason } : { status: "SKIPPED" };
  }
  if (!(await finish(client, audience, { members: result.members.map((m) => m.userKey) }, now))) return { status: "SKIPPED" };
  log.info("audiences: look-alike computed", { audienceId, members: result.members.length, seedUsers: result.seedUsers, candidates: result.candidates });
  return { status: "LIVE", members: result.members.length, seedUsers: result.seedUsers, candidates: result.candidates };
}
