// The activity panel's list (shell.md 2.10, 7 "Activity logs"): the licensee's
// ActivityLog rows, newest first, 20 a page, optionally limited to modules.
// Only read-write users see the panel (shell.md 6); the server refuses others.
import { z } from "../validation/z";
import { tenantDb } from "../data/tenant-db";
import type { SessionContext } from "../auth/context";
import { shellVisibility } from "../auth/roles";
import { ForbiddenError } from "../errors";
import type { EntityType } from "../generated/prisma/enums";
import { formatTimestamp } from "../format";
import { userTimeZone } from "../preferences/timezone";
import { dayGroupOf, type DayGroup } from "./day-group";
import { activityEntityHref, activityModuleValues, entityTypeLabel } from "./entities";

export const ACTIVITY_PAGE_SIZE = 20;

export const ActivityQuerySchema = z.object({
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** Empty: every module. */
  modules: z.array(z.enum(activityModuleValues())).max(activityModuleValues().length).default([]),
});
export type ActivityQuery = z.input<typeof ActivityQuerySchema>;

export interface ActivityChange {
  fieldName: string;
  oldValue: string | null;
  newValue: string | null;
}

export interface ActivityItem {
  id: string;
  /** 'You', 'Anonymous' or the name stored with the entry. */
  userName: string;
  userInitial: string;
  message: string;
  entityType: EntityType;
  entityTypeLabel: string;
  entityId: number;
  entityName: string;
  entityAdvertiserId: number | null;
  /** Details page, or null (creatives; pixels and click destinations without advertiser). */
  href: string | null;
  /** Epoch seconds (shell.md 3). */
  timestamp: number;
  /** D MMM YYYY HH:mm:ss in the user's timezone. */
  time: string;
  group: DayGroup;
  updatedFields: ActivityChange[];
}

export interface ActivityPage {
  data: ActivityItem[];
  totalNoOfRecords: number;
  page: number;
  pageSize: number;
}

export function requireActivityAccess(ctx: Pick<SessionContext, "role">): void {
  if (!shellVisibility(ctx.role).activityLogs) throw new ForbiddenError("Activity logs are not available for your role");
}

/** shell.md 2.10: 'You' for the current user, 'Anonymous' for an empty name or '-1'. */
export function displayUserName(row: { userId: number | null; userName: string }, currentUserId: number): string {
  if (row.userId !== null && row.userId === currentUserId) return "You";
  const name = row.userName.trim();
  return name === "" || name === "-1" ? "Anonymous" : name;
}

// How the audit keeps a time (renderValue in ../audit/diff.ts): an ISO instant in UTC.
const STORED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * A logged value as the panel shows it: a time on the user's clock and in
 * their timezone (a schedule change reads as the form showed it), anything
 * else as stored (money stays its exact decimal text).
 */
export function shownValue(value: string | null, timeZone: string): string | null {
  return value !== null && STORED_INSTANT.test(value) ? formatTimestamp(value, timeZone) : value;
}

export async function listActivity(
  ctx: Pick<SessionContext, "userId" | "licenseeId" | "role">,
  query: ActivityQuery = {},
  now: Date = new Date(),
): Promise<ActivityPage> {
  requireActivityAccess(ctx);
  const { page, modules } = ActivityQuerySchema.parse(query);
  // The tenant client keeps the log to the session's licensee.
  const db = tenantDb(ctx);
  const where = modules.length ? { entityType: { in: modules } } : {};
  const [rows, total, timeZone] = await Promise.all([
    db.activityLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ACTIVITY_PAGE_SIZE,
      take: ACTIVITY_PAGE_SIZE,
      include: { fields: { orderBy: { id: "asc" }, select: { fieldName: true, oldValue: true, newValue: true } } },
    }),
    db.activityLog.count({ where }),
    userTimeZone(ctx.userId),
  ]);
  return {
    data: rows.map((r) => {
      const userName = displayUserName(r, ctx.userId);
      return {
        id: r.id.toString(),
        userName,
        userInitial: userName.charAt(0).toUpperCase(),
        message: r.message,
        entityType: r.entityType,
        entityTypeLabel: entityTypeLabel(r.entityType),
        entityId: r.entityId,
        entityName: r.entityName,
        entityAdvertiserId: r.entityAdvertiserId,
        href: activityEntityHref(r.entityType, r.entityId, r.entityAdvertiserId),
        timestamp: Math.floor(r.createdAt.getTime() / 1000),
        time: formatTimestamp(r.createdAt, timeZone),
        group: dayGroupOf(r.createdAt, now),
        updatedFields: r.fields.map((f) => ({ ...f, oldValue: shownValue(f.oldValue, timeZone), newValue: shownValue(f.newValue, timeZone) })),
      };
    }),
    totalNoOfRecords: total,
    page,
    pageSize: ACTIVITY_PAGE_SIZE,
  };
}
