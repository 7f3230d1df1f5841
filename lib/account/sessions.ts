// 'Sign Out Everywhere': ends every session of the user, on every browser and
// device, by bumping the session version that loadSessionState compares with
// each token (as a password change does). Sign Out, which ends only the
// current session, revokes that session's id instead (lib/auth/session-ids.ts).
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { writeActivity } from "../audit/activity";
import { UnauthenticatedError } from "../data/errors";

export const SIGNED_OUT_EVERYWHERE = "Signed out of every session";

export async function endAllSessions(ctx: SessionContext): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: ctx.userId } });
    if (!user) throw new UnauthenticatedError();
    await tx.user.update({
      where: { id: user.id },
      data: { sessionVersion: { increment: 1 }, version: { increment: 1 } },
    });
    await writeActivity(tx, ctx, {
      action: "UPDATE",
      entityType: "USER",
      entityId: user.id,
      entityName: user.name,
      message: SIGNED_OUT_EVERYWHERE,
      changes: [{ fieldName: "sessionVersion", oldValue: String(user.sessionVersion), newValue: String(user.sessionVersion + 1) }],
    });
  });
}
