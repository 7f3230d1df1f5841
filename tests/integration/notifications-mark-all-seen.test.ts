// "Mark all seen" (shell.md 7: POST, no payload; 8: 'Marking all as seen') as
// the panel calls it: the signed-in user's unread notifications in the
// session's licensee become seen, ACTIONABLE ones stay unresolved, nobody
// else's change; no session or a role without a bell (RO, DEMO) is refused.
import { db } from "@/lib/db";
import { requireSession } from "@/lib/auth/session";
import { UnauthenticatedError } from "@/lib/errors";
import type { NotificationType } from "@/lib/generated/prisma/enums";
import { markAllSeenAction } from "@/lib/notifications/actions";
import { countUnread } from "@/lib/notifications/queries";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeNotification, makeTenant, makeUser } from "../helpers/factories";

jest.mock("@/lib/auth/session", () => ({ requireSession: jest.fn() }));
const requireSessionMock = requireSession as jest.MockedFunction<typeof requireSession>;

useTestDatabase();

const note = (licenseeId: number, userId: number, over: Partial<{ type: NotificationType; seen: boolean; resolved: boolean }> = {}) =>
  makeNotification(licenseeId, userId, over);

const state = async (id: number) => db.notification.findUniqueOrThrow({ where: { id }, select: { seen: true, resolved: true } });

test("marks only the user's unread non-ACTIONABLE notifications of the session's licensee as seen", async () => {
  const { licensee, user, ctx } = await makeTenant("RW");
  const colleague = await makeUser("colleague@example.com", [{ licenseeId: licensee.id, role: "RW" }]);
  const elsewhere = await makeTenant("RW");
  await db.membership.create({ data: { userId: user.id, licenseeId: elsewhere.licensee.id, role: "RW" } });

  const info1 = await note(licensee.id, user.id);
  const info2 = await note(licensee.id, user.id);
  const actionable = await note(licensee.id, user.id, { type: "ACTIONABLE" });
  const resolved = await note(licensee.id, user.id, { type: "ACTIONABLE", resolved: true });
  const colleagues = await note(licensee.id, colleague.id);
  const mineElsewhere = await note(elsewhere.licensee.id, user.id);
  requireSessionMock.mockResolvedValue(ctx);

  const result = await markAllSeenAction();
  expect(result).toEqual({ ok: true, data: { marked: 2, unreadCount: 1 } });
  expect(await state(info1.id)).toEqual({ seen: true, resolved: false });
  expect(await state(info2.id)).toEqual({ seen: true, resolved: false });
  expect(await state(actionable.id)).toEqual({ seen: false, resolved: false }); // still waits to be resolved
  expect(await state(resolved.id)).toEqual({ seen: false, resolved: true });
  expect(await state(colleagues.id)).toEqual({ seen: false, resolved: false });
  expect(await state(mineElsewhere.id)).toEqual({ seen: false, resolved: false });
  const versions = await db.notification.findMany({ where: { id: { in: [info1.id, actionable.id] } }, select: { id: true, version: true } });
  expect(Object.fromEntries(versions.map((v) => [v.id, v.version]))).toEqual({ [info1.id]: 2, [actionable.id]: 1 });
  expect(await countUnread(await ctxFor(user.id, elsewhere.licensee.id))).toBe(1);

  // Again: nothing left to mark, the ACTIONABLE one still counts as unread.
  expect(await markAllSeenAction()).toEqual({ ok: true, data: { marked: 0, unreadCount: 1 } });
});

test("without a session nothing is marked", async () => {
  const { licensee, user } = await makeTenant("RW");
  const n = await note(licensee.id, user.id);
  requireSessionMock.mockRejectedValue(new UnauthenticatedError());
  const result = await markAllSeenAction();
  expect(result).toMatchObject({ ok: false, status: 401 });
  expect(await state(n.id)).toEqual({ seen: false, resolved: false });
});

test("read-only and demo users have no bell, so the call is refused and nothing changes", async () => {
  for (const role of ["RO", "DEMO"] as const) {
    const { licensee, user, ctx } = await makeTenant(role);
    const n = await note(licensee.id, user.id);
    requireSessionMock.mockResolvedValue(ctx);
    expect(await markAllSeenAction()).toMatchObject({ ok: false, status: 403 });
    expect(await state(n.id)).toEqual({ seen: false, resolved: false });
  }
});
