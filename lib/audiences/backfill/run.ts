// Running an audience's active backfill rule (the audience-backfill-run job;
// tests and the seed call it directly): the rule's query selects users from
// the advertiser's stored events, they are added (origin BACKFILL) or renewed,
// and the audience's backfilled, total and daily unique users are written.
// The run's outcome goes on the rule (runStatus, lastRunAt, lastRunUsers,
// lastRunError, nextRunAt for DAILY and WEEKLY rules), an activity row by
// "System" and a notification of the licensee's read-write members, with
// business.md 8's messages.
//
// The job names the audience, not a rule: the queue keeps one job per
// audience (singletonKey), and whatever rule is active when it runs is the
// one that runs, so a rule replaced while its job waited never runs.
// Free of server-only imports.
import type { Tx } from "../../db";
import { LICENSEE_PARAM, systemTransaction, type TenantClient, type TenantTx } from "../../data/tenant";
import type { EntityType } from "../../generated/prisma/enums";
import { writeSystemActivity } from "../../audit/system";
import { log } from "../../log";
import { notifyLicenseeMembers } from "../../notification-events/generate";
import { SOURCE_ACTIVITY_TYPES } from "../labels";
import { refreshAudienceUserCounts, upsertMembersFrom } from "../members/counts";
import { backfillUsersSql } from "./compile";
import { BACKFILL_MESSAGES as M, parseStoredQuery, querySentence, type BackfillScheduleValue } from "./query";

const DAY_MS = 86_400_000;
/** How long one run may hold its transaction. */
const RUN_TIMEOUT_MS = 10 * 60_000;

export type BackfillRunOutcome =
  | { status: "SUCCEEDED"; ruleId: number; users: number; totalUU: number; dailyUU: number }
  | { status: "FAILED"; ruleId: number; error: string }
  | { status: "SKIPPED" };

/** When a rule on this schedule runs again after a run at `at` (ONCE: never). */
export function nextRunAfter(schedule: BackfillScheduleValue, at: Date): Date | null {
  if (schedule === "DAILY") return new Date(at.getTime() + DAY_MS);
  if (schedule === "WEEKLY") return new Date(at.getTime() + 7 * DAY_MS);
  return null;
}

type AudienceRow = { id: number; name: string; advertiserId: number; licenseeId: number; source: keyof typeof SOURCE_ACTIVITY_TYPES; backfilledUU: bigint };

function entry(a: AudienceRow) {
  return { entityType: SOURCE_ACTIVITY_TYPES[a.source] as EntityType, entityId: a.id, entityName: a.name, entityAdvertiserId: a.advertiserId };
}

/** The run's activity row and notification, in the transaction that records its outcome. */
async function report(tx: TenantTx, a: AudienceRow, ok: boolean, message: string, changes: { fieldName: string; oldValue: string | null; newValue: string | null }[], now: Date) {
  await writeSystemActivity(tx, { licenseeId: a.licenseeId, action: "UPDATE", ...entry(a), message, changes, createdAt: now });
  // The licensee's members are in Membership, a system table: written in the run's own transaction.
  await notifyLicenseeMembers(
    systemTransaction() as Tx,
    { licenseeId: a.licenseeId, type: "INFO", entityType: entry(a).entityType, entityId: a.id, entityName: a.name, content: ok ? M.backfilled : M.failed, icon: ok ? "check" : "alert", dedupeKey: `audience-backfill:${a.id}:${now.getTime()}` },
    now,
  );
}

/**
 * Runs the audience's active backfill rule for the licensee `client` acts
 * for. No active rule (or another licensee's audience): SKIPPED. A failure is
 * recorded on the rule (FAILED, with the reason) and reported, not thrown.
 */
export async function runAudienceBackfill(client: TenantClient, audienceId: number, now: Date = new Date()): Promise<BackfillRunOutcome> {
  const audience = await client.audience.findUnique({
    where: { id: audienceId },
    select: { id: true, name: true, advertiserId: true, licenseeId: true, source: true, kind: true, deviceIdentifier: true, osTypeId: true, isArchived: true, backfilledUU: true },
  });
  const rule = audience && (await client.audienceBackfillRule.findFirst({ where: { audienceId, active: true }, orderBy: { id: "desc" } }));
  if (!audience || !rule) return { status: "SKIPPED" };
  await client.audienceBackfillRule.updateMany({ where: { id: rule.id }, data: { runStatus: "RUNNING" } });
  const nextRunAt = nextRunAfter(rule.schedule, now);
  try {
    if (audience.isArchived) throw new Error("the audience is archived");
    const query = parseStoredQuery(rule.query, audience);
    if (!query) throw new Error("the stored query is not a valid backfill query");
    const scope = { advertiserId: audience.advertiserId, deviceIdentifier: audience.deviceIdentifier, osTypeId: audience.source === "MOBILE" ? audience.osTypeId : null };
    const users = await backfillUsersSql(client, audienceId, scope, { query, targetedEvents: rule.targetedEvents, excludedEvents: rule.excludedEvents }, now);
    const result = await client.$transaction(
      async (tx) => {
        const matched = await upsertMembersFrom(tx, audienceId, "BACKFILL", users, now);
        // A counter, not a user's edit: no version bump, no new modified time.
        await tx.$executeRaw`UPDATE "Audience" SET "backfilledUU" = ${matched} WHERE "id" = ${audienceId} AND "licenseeId" = ${LICENSEE_PARAM}`;
        const counts = await refreshAudienceUserCounts(tx, audienceId, now);
        await tx.audienceBackfillRule.updateMany({
          where: { id: rule.id },
          data: { runStatus: "SUCCEEDED", lastRunAt: now, lastRunUsers: matched, lastRunError: null, nextRunAt },
        });
        await report(tx, audience, true, `${M.backfilled}: ${matched.toLocaleString("en-US")} users (${querySentence(query, rule.targetedEvents, rule.excludedEvents)})`, [
          { fieldName: "backfilledUU", oldValue: String(audience.backfilledUU), newValue: String(matched) },
        ], now);
        return { matched, counts };
      },
      { maxWait: 10_000, timeout: RUN_TIMEOUT_MS },
    );
    log.info("audiences: backfill finished", { audienceId, ruleId: rule.id, users: result.matched });
    return { status: "SUCCEEDED", ruleId: rule.id, users: result.matched, totalUU: result.counts.totalUU, dailyUU: result.counts.dailyUU };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log.error("audiences: backfill failed", { audienceId, ruleId: rule.id, err });
    await client.$transaction(async (tx) => {
      await tx.audienceBackfillRule.updateMany({ where: { id: rule.id }, data: { runStatus: "FAILED", lastRunAt: now, lastRunError: error.slice(0, 500), nextRunAt } });
      await report(tx, audience, false, `${M.failed}: ${error}`, [], now);
    });
    return { status: "FAILED", ruleId: rule.id, error };
  }
}
