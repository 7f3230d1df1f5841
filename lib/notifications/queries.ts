// The notification inbox (shell.md 2.11, 3, 4): the session user's
// notifications in the session's licensee, newest first, 10 a page. Unread
// means neither resolved nor seen. Only read-write users have an inbox
// (shell.md 6: the bell is hidden for read-only and demo users); the server
// refuses the others.
import { z } from "../validation/z";
import { tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { shellVisibility } from "../auth/roles";
import { ForbiddenError } from "../errors";
import type { EntityType, NotificationType } from "../generated/prisma/enums";
import { formatTimestamp } from "../format";
import { userTimeZone } from "../preferences/timezone";
import { dayGroupOf, type DayGroup } from "../activity/day-group";
import { entityTypeLabel, notificationEntityHref } from "../activity/entities";

export const NOTIFICATION_PAGE_SIZE = 10;

export type InboxCtx = Pick<SessionContext, "userId" | "licenseeId" | "role">;

export const NotificationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  unreadOnly: z.boolean().default(false),
});
export type NotificationQuery = z.input<typeof NotificationQuerySchema>;

export interface NotificationItem {
  id: number;
  type: NotificationType;
  entityType: EntityType;
  entityTypeLabel: string;
  entityId: number;
  entityName: string;
  content: string;
  icon: string;
  /** Epoch seconds (shell.md 3). */
  createdOn: number;
  /** D MMM YYYY HH:mm:ss A in the user's timezone (shown for Older; Today/Yesterday are relative). */
  time: string;
  resolved: boolean;
  seen: boolean;
  group: DayGroup;
  /** Go-to-details target; null for types without a details page (and never for CREATIVE). */
  href: string | null;
}

export interface NotificationPage {
  data: NotificationItem[];
  totalNoOfRecords: number;
  /** Unread notifications of the user (all pages, whatever the filter). */
  notResolvedCount: number;
  page: number;
  pageSize: number;
}

export function requireInboxAccess(ctx: Pick<SessionContext, "role">): void {
  if (!shellVisibility(ctx.role).notificationBell) throw new ForbiddenError("Notifications are not available for your role");
}

export const UNREAD = { resolved: false, seen: false } as const;

export async function countUnread(ctx: InboxCtx): Promise<number> {
  requireInboxAccess(ctx);
  return tenantDb(ctx).notification.count({ where: UNREAD });
}

export async function listNotifications(
  ctx: InboxCtx,
  query: NotificationQuery = {},
  now: Date = new Date(),
): Promise<NotificationPage> {
  requireInboxAccess(ctx);
  const { page, unreadOnly } = NotificationQuerySchema.parse(query);
  // The tenant client keeps the inbox to the session's user in the session's licensee.
  const db = tenantDb(ctx);
  const where = unreadOnly ? UNREAD : {};
  const [rows, total, unread, timeZone] = await Promise.all([
    db.notification.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * NOTIFICATION_PAGE_SIZE,
      take: NOTIFICATION_PAGE_SIZE,
    }),
    db.notification.count({ where }),
    db.notification.count({ where: UNREAD }),
    userTimeZone(ctx.userId),
  ]);
  return {
    data: rows.map((n) => ({
      id: n.id,
      type: n.type,
      entityType: n.entityType,
      entityTypeLabel: entityTypeLabel(n.entityType),
      entityId: n.entityId,
      entityName: n.entityName,
      content: n.content,
      icon: n.icon,
      createdOn: Math.floor(n.createdAt.getTime() / 1000),
      time: formatWithMeridiem(n.createdAt, timeZone),
      resolved: n.resolved,
      seen: n.seen,
      group: dayGroupOf(n.createdAt, now),
      href: notificationEntityHref(n.entityType, n.entityId),
    })),
    totalNoOfRecords: total,
    notResolvedCount: unread,
    page,
    pageSize: NOTIFICATION_PAGE_SIZE,
  };
}

/** shell.md 2.11 'D MMM YYYY HH:mm:ss A': the 24-hour time followed by AM/PM, as the spec writes it. */
export function formatWithMeridiem(at: Date, timeZone: string): string {
  const hour = Number(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", hourCycle: "h23" }).format(at));
  return `${formatTimestamp(at, timeZone)} ${hour < 12 ? "AM" : "PM"}`;
}
