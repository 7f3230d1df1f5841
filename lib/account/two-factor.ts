// The user's own two-factor switch (shell.md 4 "Two-factor toggle", 6, 7).
// Only users with the secret-key-change option may use it.
import { z } from "zod";
import { db } from "../db";
import type { SessionContext } from "../auth/context";
import { writeActivity } from "../audit/activity";
import { ForbiddenError, UnauthenticatedError } from "../data/errors";

export const TWO_FACTOR_MESSAGES = {
  enabled: "Two-factor authentication enabled",
  disabled: "Two-factor authentication disabled",
  forbidden: "You are not allowed to change two-factor authentication",
} as const;

const EnabledSchema = z.boolean({ error: "enabled must be true or false" });

export async function setTwoFactor(
  ctx: SessionContext,
  enabled: unknown,
): Promise<{ enabled: boolean; message: string }> {
  if (!ctx.canChangeSecret) throw new ForbiddenError(TWO_FACTOR_MESSAGES.forbidden);
  const value = EnabledSchema.parse(enabled);
  const message = value ? TWO_FACTOR_MESSAGES.enabled : TWO_FACTOR_MESSAGES.disabled;
  await db.$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: ctx.userId } });
    if (!before) throw new UnauthenticatedError();
    if (before.twoFactorEnabled === value) return; // already so: nothing to log
    await tx.user.update({ where: { id: ctx.userId }, data: { twoFactorEnabled: value, version: { increment: 1 } } });
    await writeActivity(tx, ctx, {
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
