// Writes ActivityLog rows. Always called with the transaction client of the
// change itself, so the change and its audit row commit or roll back together.
import type { Tx } from "../db";
import type { SessionContext } from "../auth/context";
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

export async function writeActivity(tx: Pick<Tx, "activityLog">, ctx: Pick<SessionContext, "userId" | "userName" | "licenseeId">, entry: ActivityEntry) {
  const changes = entry.changes ?? diffFields(entry.before ?? null, entry.after ?? null, entry.fields);
  // An update that changed nothing is not an event worth a log row.
  if (entry.action === "UPDATE" && changes.length === 0) return null;
  return tx.activityLog.create({
    data: {
      licenseeId: ctx.licenseeId,
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
