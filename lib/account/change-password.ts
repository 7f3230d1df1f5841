// Password change (shell.md 5, 8). Bumps the user's session version, so every
// other session and cookie of the user is refused at once (loadSessionContext),
// and revokes all of the user's API keys in the same transaction; the caller
// re-issues the current session with the returned claims.
import { db } from "../db";
import type { SessionClaims } from "../auth/claims";
import type { SessionContext } from "../auth/context";
import { hashPassword } from "../auth/password";
import { writeActivity } from "../audit/activity";
import { tenantTxOf } from "../data/tenant-db";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { revokeAllApiKeys } from "./api-keys";
import { confirmCurrentPassword, type ConfirmPasswordDeps } from "./confirm-password";
import { ChangePasswordSchema, PASSWORD_MESSAGES } from "./password-policy";

export const CHANGE_PASSWORD_FORBIDDEN = "You are not allowed to change your password";
export const KEYS_REVOKED_PASSWORD_CHANGED = "API key revoked: password changed";


/**
 * The old password is checked like a sign-in (lib/account/confirm-password.ts):
 * a wrong one counts toward the captcha threshold and the lockout, so an open
 * session cannot be used to guess the password.
 */
export async function changePassword(ctx: SessionContext, input: unknown, deps: ConfirmPasswordDeps = {}): Promise<SessionClaims> {
  // A forced change must be possible even for users who may not change secrets otherwise.
  if (!ctx.canChangeSecret && !ctx.forcePasswordChange) throw new ForbiddenError(CHANGE_PASSWORD_FORBIDDEN);
  const data = ChangePasswordSchema.parse(input);
  const user = await db.user.findUnique({ where: { id: ctx.userId } });
  if (!user || user.disabled) throw new UnauthenticatedError();
  // A message under the old-password field, like any rule (shell.md 8).
  await confirmCurrentPassword(
    ctx,
    data.oldPassword,
    { field: "oldPassword", requiredMessage: PASSWORD_MESSAGES.oldRequired, wrongMessage: PASSWORD_MESSAGES.oldWrong, purpose: "password change" },
    deps,
  );
  const passwordHash = await hashPassword(data.newPassword);

  return db.$transaction(async (tx) => {
    // Conditional on the session version read above: of two racing changes
    // (two tabs, two devices) only the first wins; the other session is stale anyway.
    const { count } = await tx.user.updateMany({
      where: { id: user.id, sessionVersion: user.sessionVersion },
      data: {
        passwordHash,
        forcePasswordChange: false,
        sessionVersion: { increment: 1 },
        version: { increment: 1 },
      },
    });
    if (count !== 1) throw new UnauthenticatedError();
    await writeActivity(tenantTxOf(tx, ctx), ctx, {
      action: "UPDATE",
      entityType: "USER",
      entityId: user.id,
      entityName: user.name,
      message: "Password changed",
      // Never the values: the log says that it changed, not what to.
      changes: [{ fieldName: "password", oldValue: null, newValue: null }],
    });
    await revokeAllApiKeys(tx, ctx, KEYS_REVOKED_PASSWORD_CHANGED);
    return { userId: user.id, licenseeId: ctx.licenseeId, sessionVersion: user.sessionVersion + 1 };
  });
}
