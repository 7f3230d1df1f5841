// Writes ActivityLog rows. Always called with the tenant client of the change's
// transaction, so the change and its audit row commit or roll back together,
// and the row's licensee is the one the client acts for (never passed here).
import type { SessionContext } from "../auth/context";
import type { TenantTx } from "../data/tenant-db";
import type { AuditAction, EntityType } from "../generated/prisma/enums";
import { diffFields, type ChangedField } from "./diff";

export interface ActivityEntry {
  action: AuditAction;
  entityType: EntityType;
  entityId: number;
  entityName: string;
  entityAdvertiserId?: number | null;
  message?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Restrict the diff to these fields (default: every field of before/after). */
  fields?: readonly string[];
  /** Precomputed changes, instead of before/after. */
  changes?: ChangedField[];
}

const VERB: Record<AuditAction, string> = {
  CREATE: "created",
  UPDATE: "updated",
  ACTIVATE: "activated",
  DEACTIVATE: "deactivated",
  ARCHIVE: "archived",
  DELETE: "deleted",
};

export function entityLabel(type: EntityType): string {
  return type
    .toLowerCase()
    .split("_")
    .map((w, i) => (i === 0 ? w[0].toUpperCase() + w.slice(1) : w))
    .join(" ");
}

/** Who acted: the row's user; its licensee comes from the tenant client. */
type Actor = Pick<SessionContext, "userId" | "userName">;

export async function writeActivity(tx: Pick<TenantTx, "activityLog">, ctx: Actor, entry: ActivityEntry) {
  const changes = entry.changes ?? diffFields(entry.before ?? null, entry.after ?? null, entry.fields);
  // An update that changed nothing is not an event worth a log row.
  if (entry.action === "UPDATE" && changes.length === 0) return null;
  return tx.activityLog.create({
    data: {
      userId: ctx.userId,
      userName: ctx.userName,
      action: entry.action,
      message: entry.message ?? `${entityLabel(entry.entityType)} ${VERB[entry.action]}`,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityName: entry.entityName,
      entityAdvertiserId: entry.entityAdvertiserId ?? null,
      fields: { create: changes },
    },
  });
}

/** The ACTIVATE or DEACTIVATE entry of one record whose `active` flag was just flipped to `active` (for writeActivity). */
export function statusActivity(entity: Pick<ActivityEntry, "entityType" | "entityId" | "entityName" | "entityAdvertiserId">, active: boolean): ActivityEntry {
  return { action: active ? "ACTIVATE" : "DEACTIVATE", ...entity, before: { active: !active }, after: { active } };
}

/** One activity row of a batch: the caller gives the message and the changed fields. */
export interface BatchActivityEntry {
  action: AuditAction;
  entityType: EntityType;
  entityId: number;
  entityName: string;
  entityAdvertiserId?: number | null;
  message: string;
  changes: ChangedField[];
}

/**
 * Writes many activity rows with two statements instead of two per row, for
 * cascades (an advertiser's archive touches all its campaigns, strategies,
 * creatives, ...). Same rows as writeActivity() would write; one entry per
 * entity.
 */
export async function writeActivities(
  tx: Pick<TenantTx, "activityLog" | "activityLogField">,
  ctx: Actor,
  entries: BatchActivityEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const key = (type: EntityType, id: number) => `${type}:${id}`;
  const logs = await tx.activityLog.createManyAndReturn({
    data: entries.map((e) => ({
      userId: ctx.userId,
      userName: ctx.userName,
      action: e.action,
      message: e.message,
      entityType: e.entityType,
      entityId: e.entityId,
      entityName: e.entityName,
      entityAdvertiserId: e.entityAdvertiserId ?? null,
    })),
    select: { id: true, entityType: true, entityId: true },
  });
  // Matched by entity, not by position: INSERT ... RETURNING order is not a documented guarantee.
  const logIds = new Map(logs.map((l) => [key(l.entityType, l.entityId), l.id]));
  if (logIds.size !== entries.length) throw new Error("writeActivities: one entry per entity");
  const fields = entries.flatMap((e) =>
    e.changes.map((c) => ({ logId: logIds.get(key(e.entityType, e.entityId))!, ...c })),
  );
  if (fields.length > 0) await tx.activityLogField.createMany({ data: fields });
}
