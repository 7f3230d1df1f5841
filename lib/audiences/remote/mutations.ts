// The remote upload schedule of a CRM audience: read, save (versioned,
// audited on the audience), check the connection and ask for a sync now.
// The password is stored encrypted (lib/crypto/secrets.ts, bound to its own
// purpose as catalog feed passwords are) and never leaves the server; a blank
// password on save keeps the stored one. Saving clears the pinned SFTP host
// key, so a server whose key changed on purpose is trusted again at the next
// download (as a catalog feed's link saved again is). Shared by the server
// actions and the REST API; the writes take the action's scope (./actions.ts
// checks the role before reading the input).
import "server-only";
import type { SessionContext } from "../../auth/context";
import type { ActionScope } from "../../data/scope";
import { writeActivity } from "../../audit/activity";
import { decryptSecret, encryptSecret, SecretDecryptionError } from "../../crypto/secrets";
import { validationError } from "../../validation/errors";
import { ConflictError } from "../../errors";
import { orNotFound } from "../../data/gate";
import { tenantDb, type TenantTx } from "../../data/tenant-db";
import { withAuditedChange } from "../../data/transaction";
import type { Audience, AudienceRemoteSchedule } from "../../generated/prisma/client";
import { JOB } from "../../jobs/names";
import { enqueue } from "../../jobs/queue";
import { audienceEntry } from "../mutations";
import { toAudienceId } from "../queries";
import { AUDIENCE_MESSAGES } from "../schema";
import { downloadRemoteFile, RemoteFileError, type RemoteTarget } from "./fetch";
import { frequencyMs, REMOTE_MESSAGES as M, RemoteScheduleSchema, type RemoteScheduleData, type RemoteScheduleView } from "./schema";

const PASSWORD_PURPOSE = "audience-remote-password";

export function sealRemotePassword(password: string): string {
  return encryptSecret(password, PASSWORD_PURPOSE);
}

/** The stored password ("" when none); a password that cannot be decrypted any more is a RemoteFileError. */
export function remotePassword(schedule: Pick<AudienceRemoteSchedule, "passwordEncrypted">): string {
  if (!schedule.passwordEncrypted) return "";
  try {
    return decryptSecret(schedule.passwordEncrypted, PASSWORD_PURPOSE);
  } catch (err) {
    if (err instanceof SecretDecryptionError) throw new RemoteFileError("The stored password cannot be read (the encryption key changed): enter the password again");
    throw err;
  }
}

export function toRemoteScheduleView(s: AudienceRemoteSchedule): RemoteScheduleView {
  return {
    audienceId: s.audienceId,
    url: s.url,
    protocol: s.protocol,
    encoding: s.encoding,
    compression: s.compression,
    frequencyValue: s.frequencyValue,
    frequencyUnit: s.frequencyUnit === "HOUR" ? "HOUR" : "DAY",
    username: s.username ?? "",
    hasPassword: !!s.passwordEncrypted,
    hostKey: s.hostKeySha256,
    lastSyncAt: s.lastSyncAt?.toISOString() ?? null,
    lastSyncStatus: s.lastSyncStatus,
    nextRunAt: s.nextRunAt?.toISOString() ?? null,
    version: s.version,
  };
}

/** A CRM audience of this licensee (another licensee's, or none, is not found). */
async function crmAudience(db: Pick<TenantTx, "audience">, id: number | string): Promise<Audience> {
  const audience = orNotFound(await db.audience.findUnique({ where: { id: toAudienceId(id) } }), "Audience");
  if (audience.kind !== "CRM") throw new ConflictError(M.notCrm);
  return audience;
}

export async function getRemoteSchedule(ctx: SessionContext, audienceId: number | string): Promise<RemoteScheduleView | null> {
  const audience = await crmAudience(tenantDb(ctx), audienceId);
  const schedule = await tenantDb(ctx).audienceRemoteSchedule.findUnique({ where: { audienceId: audience.id } });
  return schedule ? toRemoteScheduleView(schedule) : null;
}

/** What the activity row compares (the password only as whether one is set). */
const audited = (s: Pick<AudienceRemoteSchedule, "url" | "protocol" | "encoding" | "compression" | "frequencyValue" | "frequencyUnit" | "username" | "passwordEncrypted"> | null) =>
  s && {
    remoteUrl: s.url,
    remoteProtocol: s.protocol,
    remoteEncoding: s.encoding,
    remoteCompression: s.compression,
    remoteFrequency: `${s.frequencyValue} ${s.frequencyUnit}`,
    remoteUsername: s.username ?? "",
    remotePassword: s.passwordEncrypted ? "set" : "none",
  };
const AUDITED_FIELDS = ["remoteUrl", "remoteProtocol", "remoteEncoding", "remoteCompression", "remoteFrequency", "remoteUsername", "remotePassword"];

/**
 * Creates or replaces the schedule. `expectedVersion` is the version the form
 * was loaded with (null for a new schedule): a schedule saved in between is a
 * conflict and nothing is written. The next sync is due one interval from now.
 */
export async function saveRemoteSchedule(
  scope: ActionScope,
  audienceId: number | string,
  expectedVersion: number | null,
  input: unknown,
  now: Date = new Date(),
): Promise<RemoteScheduleView> {
  return withAuditedChange(scope, async (tx) => {
    const audience = await crmAudience(tx, audienceId);
    if (audience.isArchived) throw new ConflictError(AUDIENCE_MESSAGES.archivedReadOnly);
    const data: RemoteScheduleData = RemoteScheduleSchema.parse(input);
    const before = await tx.audienceRemoteSchedule.findUnique({ where: { audienceId: audience.id } });
    if ((before?.version ?? null) !== expectedVersion) throw new ConflictError(M.staleVersion);
    const columns = {
      url: data.url,
      protocol: data.protocol,
      encoding: data.encoding,
      compression: data.compression,
      frequencyValue: data.frequencyValue,
      frequencyUnit: data.frequencyUnit,
      username: data.username || null,
      passwordEncrypted: data.password ? sealRemotePassword(data.password) : (before?.passwordEncrypted ?? null),
      hostKeySha256: null,
      nextRunAt: new Date(now.getTime() + frequencyMs(data)),
    };
    let saved: AudienceRemoteSchedule;
    if (!before) {
      saved = await tx.audienceRemoteSchedule.create({ data: { ...columns, audienceId: audience.id } });
    } else {
      const { count } = await tx.audienceRemoteSchedule.updateMany({ where: { id: before.id, version: before.version }, data: { ...columns, version: { increment: 1 } } });
      if (count !== 1) throw new ConflictError(M.staleVersion);
      saved = orNotFound(await tx.audienceRemoteSchedule.findUnique({ where: { id: before.id } }), "Audience");
    }
    await writeActivity(tx, scope.ctx, {
      action: "UPDATE",
      ...audienceEntry(audience),
      message: before ? "Remote upload schedule updated" : "Remote upload schedule created",
      before: audited(before),
      after: audited(saved),
      fields: AUDITED_FIELDS,
    });
    return toRemoteScheduleView(saved);
  });
}

/**
 * business.md 7 "check remote connection (POST)": downloads the file the
 * values name (the form's, unsaved; a blank password uses the stored one) and
 * says whether that worked. Nothing is stored. Write role (the action checks
 * it): it connects out on the user's behalf.
 */
export async function checkRemoteConnection({ db }: ActionScope, audienceId: number | string, input: unknown): Promise<{ ok: boolean; message: string }> {
  const audience = await crmAudience(db, audienceId);
  const data = RemoteScheduleSchema.parse(input);
  const stored = await db.audienceRemoteSchedule.findUnique({ where: { audienceId: audience.id } });
  try {
    const target: RemoteTarget = {
      protocol: data.protocol,
      url: data.url,
      username: data.username,
      password: data.password || (stored ? remotePassword(stored) : ""),
      hostKeySha256: stored && stored.url === data.url && stored.protocol === data.protocol ? stored.hostKeySha256 : null,
    };
    const file = await downloadRemoteFile(target);
    return { ok: true, message: `${M.connected} (${file.bytes.length.toLocaleString("en-US")} bytes)` };
  } catch (err) {
    if (err instanceof RemoteFileError) return { ok: false, message: err.message };
    throw err;
  }
}

/** Queues the schedule's job (once: a sync already queued is not queued twice). */
export function enqueueRemoteSync(licenseeId: number, scheduleId: number): Promise<string | null> {
  return enqueue(JOB.audienceRemoteSync, { licenseeId, scheduleId }, { singletonKey: String(scheduleId) });
}

/** business.md 7 "sync remote": the stored schedule is run now by the job system. */
export async function requestRemoteSync({ ctx, db }: ActionScope, audienceId: number | string): Promise<{ queued: boolean; message: string }> {
  const audience = await crmAudience(db, audienceId);
  if (audience.isArchived) throw new ConflictError(AUDIENCE_MESSAGES.archivedReadOnly);
  const schedule = await db.audienceRemoteSchedule.findUnique({ where: { audienceId: audience.id } });
  if (!schedule) throw validationError(["url"], M.noSchedule);
  await enqueueRemoteSync(ctx.licenseeId, schedule.id);
  return { queued: true, message: M.syncQueued };
}
