// The background side of remote upload schedules (the audience-remote-sync
// job): download the schedule's file (fetch.ts: the catalog feeds' host
// restrictions), inflate it under the same archive limits (../upload/read.ts),
// hash its identifiers with the schedule's encoding and add them as members
// (origin REMOTE) of the CRM audience, recount its users and write a System
// activity row, all in one transaction with the schedule's lastSyncAt and
// lastSyncStatus. A failure is recorded on the schedule (lastSyncStatus
// "Failed: ...", lastSyncAt unchanged: it is the last successful sync) and
// told to the licensee's read-write members as a notification; it is never
// thrown, and the schedule runs again at its next time. System work: no
// session; everything acts for the payload's licensee (systemTenantDb), whose
// schedule must be found there.
import { writeSystemActivity } from "../../audit/system";
import type { Tx } from "../../db";
import { systemTenantDb, type TenantClient } from "../../data/tenant-db";
import { systemTransaction } from "../../data/tenant";
import type { EntityType } from "../../generated/prisma/enums";
import type { Audience, AudienceRemoteSchedule } from "../../generated/prisma/client";
import { log } from "../../log";
import { notifyLicenseeMembers } from "../../notification-events/generate";
import { SOURCE_ACTIVITY_TYPES } from "../labels";
import { CRM_UPLOAD_MESSAGES, CrmFileError, summaryText, type CrmFileKind } from "../upload/identifiers";
import { readCrmFile } from "../upload/read";
import { fileActivity, MEMBER_TRANSACTION, storeFileKeys } from "../upload/store";
import { downloadRemoteFile, RemoteFileError } from "./fetch";
import { remotePassword } from "./mutations";
import { frequencyMs } from "./schema";

export type RemoteSyncOutcome =
  | { status: "SYNCED"; accepted: number; invalid: number; duplicates: number; totalUU: number }
  | { status: "FAILED"; message: string }
  | { status: "SKIPPED" };

const KIND_OF_COMPRESSION: Record<AudienceRemoteSchedule["compression"], CrmFileKind> = { NONE: "TEXT", ZIP: "ZIP", GZIP: "GZIP" };

export const REMOTE_SYNC_NOTIFICATION = (message: string) => `Remote upload sync failed: ${message}`;

export async function runRemoteSync(payload: { licenseeId: number; scheduleId: number }, now: Date = new Date()): Promise<RemoteSyncOutcome> {
  const licenseeId = Number(payload.licenseeId);
  const scheduleId = Number(payload.scheduleId);
  if (!Number.isSafeInteger(licenseeId) || !Number.isSafeInteger(scheduleId)) return { status: "SKIPPED" };
  const db = systemTenantDb(licenseeId);
  const schedule = await db.audienceRemoteSchedule.findUnique({ where: { id: scheduleId } });
  const audience = schedule && (await db.audience.findUnique({ where: { id: schedule.audienceId } }));
  if (!schedule || !audience || audience.isArchived || audience.kind !== "CRM") return { status: "SKIPPED" };
  // The next run is set now: the sweep does not queue this schedule again while it runs.
  await db.audienceRemoteSchedule.updateMany({ where: { id: schedule.id }, data: { nextRunAt: new Date(now.getTime() + frequencyMs(schedule)) } });
  try {
    const file = await downloadRemoteFile({
      protocol: schedule.protocol,
      url: schedule.url,
      username: schedule.username ?? "",
      password: remotePassword(schedule),
      hostKeySha256: schedule.hostKeySha256,
    });
    const read = await readCrmFile({ bytes: file.bytes }, { kind: KIND_OF_COMPRESSION[schedule.compression], encoding: schedule.encoding, identifierType: audience.deviceIdentifier });
    if (read.keys.size === 0) throw new CrmFileError(CRM_UPLOAD_MESSAGES.noIdentifiers);
    const stored = await db.$transaction(async (tx) => {
      const result = await storeFileKeys(tx, audience.id, "REMOTE", read.keys, read.summary, now);
      await writeSystemActivity(tx, { licenseeId, ...fileActivity(audience, "REMOTE", schedule.url, read.summary), createdAt: now });
      await tx.audienceRemoteSchedule.updateMany({
        where: { id: schedule.id },
        data: { lastSyncAt: now, lastSyncStatus: `Synced: ${summaryText(read.summary)}`, ...(file.hostKeySha256 && !schedule.hostKeySha256 ? { hostKeySha256: file.hostKeySha256 } : {}) },
      });
      return result;
    }, MEMBER_TRANSACTION);
    log.info("audiences: remote file synced", { scheduleId, accepted: read.summary.accepted });
    return { status: "SYNCED", accepted: read.summary.accepted, invalid: read.summary.invalid, duplicates: read.summary.duplicates, totalUU: stored.totalUU };
  } catch (err) {
    const expected = err instanceof RemoteFileError || err instanceof CrmFileError;
    if (!expected) log.error("audiences: remote sync failed", { scheduleId, err: err instanceof Error ? err : new Error(String(err)) });
    const message = expected ? err.message : "The remote file could not be processed because of a server error";
    await recordFailure(db, audience, schedule, message, now);
    return { status: "FAILED", message };
  }
}

/** The failure on the schedule, and a notification to the licensee's read-write members, together. */
async function recordFailure(db: TenantClient, audience: Audience, schedule: AudienceRemoteSchedule, message: string, now: Date) {
  await db.$transaction(async (tx) => {
    await tx.audienceRemoteSchedule.updateMany({ where: { id: schedule.id }, data: { lastSyncStatus: `Failed: ${message}` } });
    // The licensee's members are in Membership, a system table: written in this transaction.
    await notifyLicenseeMembers(
      systemTransaction() as Tx,
      {
        licenseeId: audience.licenseeId,
        type: "ACTIONABLE",
        entityType: SOURCE_ACTIVITY_TYPES[audience.source] as EntityType,
        entityId: audience.id,
        entityName: audience.name,
        content: REMOTE_SYNC_NOTIFICATION(message),
        icon: "alert",
        dedupeKey: `audience-remote-sync:${schedule.id}:${now.getTime()}`,
      },
      now,
    );
  });
}
