// 'Sign Out Everywhere': ends every session of the user, on every browser and
// device, by bumping the session version that loadSessionState compares with
// each token (as a password change does), and revokes all of the user's API
// keys, in one transaction with its activity rows and the END_ALL_SESSIONS
// access-log event. Sign Out, which ends only the current session, revokes
// that session's id instead (lib/auth/session-ids.ts).
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { recordAuthEvent, type ClientInfo } from "../auth/events";
import { writeActivity } from "../audit/activity";
import { tenantTxOf } from "../data/tenant-db";
import { UnauthenticatedError } from "../errors";
import { revokeAllApiKeys } from "./api-keys";

export const SIGNED_OUT_EVERYWHERE = "Signed out of every session";
export const KEYS_REVOKED_SIGNED_OUT_EVERYWHERE = "API key revoked: all sessions ended";

export async function endAllSessions(ctx: SessionContext, client: ClientInfo | null = null): Promise<void> {
  await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: ctx.userId } });
    if (!user) throw new UnauthenticatedError();
    await tx.user.update({
      where: { id: user.id },
      data: { sessionVersion: { increment: 1 }, version: { increment: 1 } },
    });
    await writeActivity(tenantTxOf(tx, ctx), ctx, {
      action: "UPDATE",
      entityType: "USER",
      entityId: user.id,
      entityName: user.name,
      message: SIGNED_OUT_EVERYWHERE,
      changes: [{ fieldName: "sessionVersion", oldValue: String(user.sessionVersion), newValue: String(user.sessionVersion + 1) }],
    });
    await revokeAllApiKeys(tx, ctx, KEYS_REVOKED_SIGNED_OUT_EVERYWHERE);
    await recordAuthEvent({ type: "END_ALL_SESSIONS", userId: user.id, licenseeId: ctx.licenseeId, client }, tx);
  });
}
