// Marking notifications as read (shell.md 4 "Notification"): an ACTIONABLE
// notification becomes resolved, any other type seen. Either way it no longer
// counts as unread. Notifications are the user's own inbox, not licensee
// business data, so no activity row is written.
import { z } from "../validation/z";
import { tenantDb } from "../data/tenant-db";
import { NotFoundError } from "../errors";
import { isId } from "../data/gate";
import { DAY_GROUPS, dayGroupOf, dayGroupRange, type DayGroup } from "../activity/day-group";
import { SUCCESS_CODE, type MarkResult } from "./messages";
import { countUnread, requireInboxAccess, UNREAD, type InboxCtx } from "./queries";

export interface MarkReadResult {
  id: number;
  resolved: boolean;
  seen: boolean;
  unreadCount: number;
}

function readData(type: string) {
  // The version moves with every change of the row, as on every mutable row.
  const version = { increment: 1 };
  return type === "ACTIONABLE" ? { resolved: true, version } : { seen: true, version };
}

export async function markNotificationRead(ctx: InboxCtx, id: number): Promise<MarkReadResult> {
  requireInboxAccess(ctx);
  if (!isId(id)) throw new NotFoundError("Notification");
  // The tenant client keeps every call to the session's user in the session's licensee.
  const db = tenantDb(ctx);
  const row = await db.notification.findUnique({ where: { id }, select: { type: true } });
  if (!row) throw new NotFoundError("Notification");
  await db.notification.updateMany({ where: { id }, data: readData(row.type) });
  const after = await db.notification.findUniqueOrThrow({ where: { id }, select: { resolved: true, seen: true } });
  return { id, ...after, unreadCount: await countUnread(ctx) };
}

export const GroupReadSchema = z.object({
  /** shell.md 7: the lower-cased group title. */
  group: z.enum(["today", "yesterday", "older"]),
  /**
   * Optional: only these notifications of the group (API callers). Without
   * ids every unread notification of the group is marked, including those
   * the panel has not loaded yet.
   */
  ids: z.array(z.number().int()).max(1000).optional(),
});
export type GroupReadInput = z.input<typeof GroupReadSchema>;

export interface GroupReadResult {
  /** Notification id → result; code 100 is success. */
  results: Record<string, MarkResult>;
  unreadCount: number;
}

const OK: MarkResult = { code: SUCCESS_CODE, message: "Success" };

/**
 * "Mark all as read" of one group (Today, Yesterday, Older by the start of the
 * UTC day of `now`). Returns a result per notification: a requested id that is
 * not the user's (404) or not in that group (409) fails alone, the others are
 * still marked.
 */
export async function markGroupRead(ctx: InboxCtx, input: GroupReadInput, now: Date = new Date()): Promise<GroupReadResult> {
  requireInboxAccess(ctx);
  const { group: lower, ids } = GroupReadSchema.parse(input);
  const group = DAY_GROUPS.find((g) => g.toLowerCase() === lower) as DayGroup;
  const results: Record<string, MarkResult> = {};

  const db = tenantDb(ctx);
  const candidates = await db.notification.findMany({
    where: {
      ...(ids ? { id: { in: ids.filter(isId) } } : { ...UNREAD, createdAt: dayGroupRange(group, now) }),
    },
    select: { id: true, type: true, createdAt: true, resolved: true, seen: true },
  });
  const found = new Map(candidates.map((c) => [c.id, c]));
  for (const id of ids ?? []) {
    const row = found.get(id);
    if (!row) results[id] = { code: 404, message: "Notification not found" };
    else if (dayGroupOf(row.createdAt, now) !== group) results[id] = { code: 409, message: `Notification is not in ${group}` };
  }
  const toMark = candidates.filter((c) => !(c.id in results));
  for (const type of ["ACTIONABLE", "INFO"] as const) {
    const of = toMark.filter((c) => (type === "ACTIONABLE") === (c.type === "ACTIONABLE")).map((c) => c.id);
    if (of.length) await db.notification.updateMany({ where: { id: { in: of } }, data: readData(type) });
  }
  for (const c of toMark) results[c.id] = OK;
  return { results, unreadCount: await countUnread(ctx) };
}

export interface MarkAllSeenResult {
  /** How many notifications became seen. */
  marked: number;
  unreadCount: number;
}

/**
 * "Mark all seen" (shell.md 7, no payload): every unread notification of the
 * user in the session's licensee becomes seen, except ACTIONABLE ones: those
 * wait for someone to act and are resolved one by one.
 */
export async function markAllSeen(ctx: InboxCtx): Promise<MarkAllSeenResult> {
  requireInboxAccess(ctx);
  const { count } = await tenantDb(ctx).notification.updateMany({
    where: { ...UNREAD, type: { not: "ACTIONABLE" } },
    data: { seen: true, version: { increment: 1 } },
  });
  return { marked: count, unreadCount: await countUnread(ctx) };
}
