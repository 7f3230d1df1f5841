// The user's own two-factor switch (shell.md 4 "Two-factor toggle", 6, 7).
// Only users with the secret-key-change option may use it. Turning it OFF
// takes the current password (lib/account/confirm-password.ts): whoever holds
// an open session (a borrowed laptop, a stolen cookie) must not be able to
// drop the second factor.
import { z } from "../validation/z";
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { writeActivity } from "../audit/activity";
import { tenantTxOf } from "../data/tenant-db";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { confirmCurrentPassword, type ConfirmPasswordDeps } from "./confirm-password";

export const TWO_FACTOR_MESSAGES = {
  enabled: "Two-factor authentication enabled",
  disabled: "Two-factor authentication disabled",
  forbidden: "You are not allowed to change two-factor authentication",
  passwordRequired: "Please enter your current password",
  passwordWrong: "Password is incorrect",
} as const;

const EnabledSchema = z.boolean({ error: "enabled must be true or false" });

export type TwoFactorDeps = ConfirmPasswordDeps;

export async function setTwoFactor(
  ctx: SessionContext,
  enabled: unknown,
  password?: unknown,
  deps: TwoFactorDeps = {},
): Promise<{ enabled: boolean; message: string }> {
  if (!ctx.canChangeSecret) throw new ForbiddenError(TWO_FACTOR_MESSAGES.forbidden);
  const value = EnabledSchema.parse(enabled);
  const message = value ? TWO_FACTOR_MESSAGES.enabled : TWO_FACTOR_MESSAGES.disabled;
  const current = await db.user.findUnique({ where: { id: ctx.userId }, select: { twoFactorEnabled: true } });
  if (!current) throw new UnauthenticatedError();
  if (current.twoFactorEnabled === value) return { enabled: value, message }; // already so: nothing to check or log
  if (!value) {
    await confirmCurrentPassword(
      ctx,
      password,
      { field: "password", requiredMessage: TWO_FACTOR_MESSAGES.passwordRequired, wrongMessage: TWO_FACTOR_MESSAGES.passwordWrong, purpose: "two-factor off" },
      deps,
    );
  }

  await db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: ctx.userId } });
    if (!before) throw new UnauthenticatedError();
    if (before.twoFactorEnabled === value) return; // changed meanwhile (another tab): nothing to log
    await tx.user.update({ where: { id: ctx.userId }, data: { twoFactorEnabled: value, version: { increment: 1 } } });
    await writeActivity(tenantTxOf(tx, ctx), ctx, {
      action: "UPDATE",
      entityType: "USER",
      entityId: before.id,
      entityName: before.name,
      message,
      before: { twoFactorEnabled: before.twoFactorEnabled },
      after: { twoFactorEnabled: value },
    });
  });
  return { enabled: value, message };
}
