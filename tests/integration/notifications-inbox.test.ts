// The notification inbox (shell.md 2.11, 4, 7, 8): per user within the
// licensee, 10 a page, unread count, mark as read (ACTIONABLE resolves, other
// types are seen), mark all as read per group with per-id results.
import { db } from "@/lib/db";
import { ForbiddenError, NotFoundError } from "@/lib/errors";
import type { EntityType, NotificationType } from "@/lib/generated/prisma/enums";
import { countUnread, listNotifications, NOTIFICATION_PAGE_SIZE } from "@/lib/notifications/queries";
import { markGroupRead, markNotificationRead } from "@/lib/notifications/mutations";
import { groupReadMessage, NOTIFICATION_MESSAGES, SUCCESS_CODE } from "@/lib/notifications/messages";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeNotification, makeTenant, makeUser } from "../helpers/factories";

useTestDatabase();

const NOW = new Date("2030-03-10T09:30:00Z");
function note(
  licenseeId: number,
  userId: number,
  over: Partial<{ type: NotificationType; entityType: EntityType; createdAt: Date; seen: boolean; resolved: boolean }> = {},
) {
  return makeNotification(licenseeId, userId, { createdAt: NOW, ...over });
}

test("pages of 10, newest first, with total and unread count; only unread on request", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  for (let i = 0; i < 23; i++) {
    await note(licensee.id, user.id, { createdAt: new Date(NOW.getTime() - i * 60_000), seen: i % 3 === 0 });
  }
  const first = await listNotifications(ctx, { page: 1 }, NOW);
  expect(first.data).toHaveLength(NOTIFICATION_PAGE_SIZE);
  expect(first.totalNoOfRecords).toBe(23);
  expect(first.notResolvedCount).toBe(15); // 8 of 23 seen
  expect(first.data[0].createdOn).toBe(NOW.getTime() / 1000);
  expect((await listNotifications(ctx, { page: 3 }, NOW)).data).toHaveLength(3);

  const unread = await listNotifications(ctx, { page: 2, unreadOnly: true }, NOW);
  expect(unread.totalNoOfRecords).toBe(15);
  expect(unread.data).toHaveLength(5);
  expect(unread.data.every((n) => !n.seen && !n.resolved)).toBe(true);
  expect(await countUnread(ctx)).toBe(15);
});

test("groups by the start of the UTC day; relative-time data and the older format; details links", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  await note(licensee.id, user.id, { createdAt: new Date("2030-03-10T00:00:01Z"), entityType: "STRATEGY" });
  await note(licensee.id, user.id, { createdAt: new Date("2030-03-09T00:00:00Z"), entityType: "CREATIVE" });
  await note(licensee.id, user.id, { createdAt: new Date("2030-03-08T15:04:05Z"), entityType: "CREATIVE_SET" });
  const list = await listNotifications(ctx, {}, NOW);
  expect(list.data.map((n) => [n.group, n.href])).toEqual([
    ["Today", "/strategy/details/5"],
    ["Yesterday", null],
    ["Older", "/creative_set/details/5"],
  ]);
  expect(list.data[2].time).toBe("8 Mar 2030 15:04:05 PM");
  expect(list.data[2].entityTypeLabel).toBe("Creative set");
});

test("notifications are per user and per licensee", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const other = await makeUser("other@example.com", [{ licenseeId: licensee.id, role: "RW" }]);
  const elsewhere = await makeTenant("RW");
  await db.membership.create({ data: { userId: user.id, licenseeId: elsewhere.licensee.id, role: "RW" } });
  await note(licensee.id, user.id);
  await note(licensee.id, other.id);
  await note(elsewhere.licensee.id, user.id);
  expect((await listNotifications(ctx, {}, NOW)).totalNoOfRecords).toBe(1);
  expect(await countUnread(ctx)).toBe(1);
  expect(await countUnread(await ctxFor(user.id, elsewhere.licensee.id))).toBe(1);
});

test("mark as read: ACTIONABLE becomes resolved, INFO seen; the unread count drops", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const actionable = await note(licensee.id, user.id, { type: "ACTIONABLE" });
  const info = await note(licensee.id, user.id, { type: "INFO" });

  const a = await markNotificationRead(ctx, actionable.id);
  expect(a).toEqual({ id: actionable.id, resolved: true, seen: false, unreadCount: 1 });
  const i = await markNotificationRead(ctx, info.id);
  expect(i).toEqual({ id: info.id, resolved: false, seen: true, unreadCount: 0 });
  expect(await countUnread(ctx)).toBe(0);
});

test("another user's or licensee's notification cannot be marked", async () => {
  const { licensee, ctx } = await makeTenant("RW");
  const other = await makeUser("someone@example.com", [{ licenseeId: licensee.id, role: "RW" }]);
  const theirs = await note(licensee.id, other.id);
  const elsewhere = await makeTenant("RW");
  const foreign = await note(elsewhere.licensee.id, elsewhere.user.id);

  await expect(markNotificationRead(ctx, theirs.id)).rejects.toBeInstanceOf(NotFoundError);
  await expect(markNotificationRead(ctx, foreign.id)).rejects.toBeInstanceOf(NotFoundError);
  await expect(markNotificationRead(ctx, -1)).rejects.toBeInstanceOf(NotFoundError);
  expect(await db.notification.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ seen: false, resolved: false });
});

test("mark all as read marks exactly the group's unread notifications and returns a result per id", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const today1 = await note(licensee.id, user.id, { type: "ACTIONABLE", createdAt: new Date("2030-03-10T08:00:00Z") });
  const today2 = await note(licensee.id, user.id, { type: "INFO", createdAt: new Date("2030-03-10T01:00:00Z") });
  const yesterday = await note(licensee.id, user.id, { createdAt: new Date("2030-03-09T12:00:00Z") });
  const older = await note(licensee.id, user.id, { createdAt: new Date("2030-01-01T12:00:00Z") });

  const r = await markGroupRead(ctx, { group: "today" }, NOW);
  expect(r.results).toEqual({
    [today1.id]: { code: SUCCESS_CODE, message: "Success" },
    [today2.id]: { code: SUCCESS_CODE, message: "Success" },
  });
  expect(r.unreadCount).toBe(2);
  expect(groupReadMessage(r.results)).toEqual({ ok: true, message: "Marked as read successfully." });
  const rows = await db.notification.findMany({ orderBy: { id: "asc" } });
  expect(rows.map((n) => [n.id, n.resolved, n.seen])).toEqual([
    [today1.id, true, false],
    [today2.id, false, true],
    [yesterday.id, false, false],
    [older.id, false, false],
  ]);
  expect(Object.keys((await markGroupRead(ctx, { group: "older" }, NOW)).results)).toEqual([String(older.id)]);
});

test("a partial failure: ids not the user's or not in the group fail alone, the rest are marked", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const other = await makeUser("x@example.com", [{ licenseeId: licensee.id, role: "RW" }]);
  const mine = await note(licensee.id, user.id, { createdAt: new Date("2030-03-09T10:00:00Z") });
  const notInGroup = await note(licensee.id, user.id, { createdAt: new Date("2030-03-10T08:00:00Z") });
  const theirs = await note(licensee.id, other.id, { createdAt: new Date("2030-03-09T10:00:00Z") });

  const r = await markGroupRead(ctx, { group: "yesterday", ids: [mine.id, notInGroup.id, theirs.id] }, NOW);
  expect(r.results[mine.id].code).toBe(SUCCESS_CODE);
  expect(r.results[notInGroup.id].code).toBe(409);
  expect(r.results[theirs.id].code).toBe(404);
  expect(groupReadMessage(r.results)).toEqual({ ok: false, message: NOTIFICATION_MESSAGES.partialFailure });
  expect(NOTIFICATION_MESSAGES.partialFailure).toBe("Failed to mark a few notifications as read. Please mark them as read individually.");
  const rows = await db.notification.findMany({ orderBy: { id: "asc" } });
  expect(rows.map((n) => n.seen)).toEqual([true, false, false]);
  await expect(markGroupRead(ctx, { group: "tomorrow" as never }, NOW)).rejects.toThrow();
});

test("read-only and demo users have no inbox", async () => {
  for (const role of ["RO", "DEMO"] as const) {
    const { licensee, user, ctx } = await makeTenant(role);
    const n = await note(licensee.id, user.id);
    await expect(listNotifications(ctx, {}, NOW)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(countUnread(ctx)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(markNotificationRead(ctx, n.id)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(markGroupRead(ctx, { group: "today" }, NOW)).rejects.toBeInstanceOf(ForbiddenError);
  }
});
