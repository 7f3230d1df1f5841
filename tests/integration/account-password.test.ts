// Password change and the two-factor switch: the user's own secrets.
import { db } from "@/lib/db";
import { loadSessionContext } from "@/lib/auth/context";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { changePassword, CHANGE_PASSWORD_FORBIDDEN } from "@/lib/account/change-password";
import { PASSWORD_MESSAGES } from "@/lib/account/password-policy";
import { CONFIRMATION_ATTEMPTS } from "@/lib/auth/password-attempt";
import { setTwoFactor, TWO_FACTOR_MESSAGES } from "@/lib/account/two-factor";
import { toActionError } from "@/lib/actions/server-result";
import { ForbiddenError, UnauthenticatedError } from "@/lib/errors";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

const OLD = "Zebra#2024";
const NEW = "Kite@9river";

async function setup(overrides: Parameters<typeof makeUser>[2] = {}) {
  const licensee = await makeLicensee("Licensee A", "a");
  const user = await makeUser("jane@a.com", [{ licenseeId: licensee.id, role: "RO" }], {
    passwordHash: await hashPassword(OLD),
    ...overrides,
  });
  const ctx = await ctxFor(user.id, licensee.id);
  const claims = { userId: user.id, licenseeId: licensee.id, sessionVersion: user.sessionVersion };
  return { licensee, user, ctx, claims };
}

const input = (oldPassword: string, newPassword = NEW) => ({ oldPassword, newPassword, confirmPassword: newPassword });

describe("changePassword", () => {
  test("a wrong old password is 'Old password do not match' under the old-password field, and nothing changes", async () => {
    const { user, ctx, claims } = await setup();
    const error = await changePassword(ctx, input("Wrong#2024")).catch((e: unknown) => e);
    expect(toActionError(error)).toMatchObject({ status: 400, fieldErrors: { oldPassword: PASSWORD_MESSAGES.oldWrong } });
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.passwordHash).toBe(user.passwordHash);
    expect(after.sessionVersion).toBe(user.sessionVersion);
    await expect(loadSessionContext(claims)).resolves.toMatchObject({ userId: user.id });
    expect(await db.activityLog.count()).toBe(0);
  });

  test("a wrong old password counts like a failed sign-in: the open session cannot be used to guess the password", async () => {
    const { user, ctx } = await setup();
    const tries = [];
    for (let i = 0; i <= CONFIRMATION_ATTEMPTS; i++) tries.push(toActionError(await changePassword(ctx, input(`Wrong#20${i}x`)).catch((e: unknown) => e)));
    // CONFIRMATION_ATTEMPTS are checked and wrong; the next one is refused unchecked.
    expect(tries.slice(0, CONFIRMATION_ATTEMPTS).map((t) => t.fieldErrors?.oldPassword)).toEqual(Array(CONFIRMATION_ATTEMPTS).fill(PASSWORD_MESSAGES.oldWrong));
    expect(tries[CONFIRMATION_ATTEMPTS].fieldErrors?.oldPassword).toMatch(/^Too many incorrect passwords/);
    expect(await db.loginThrottle.findUnique({ where: { key: "lockout:jane@a.com" } })).toMatchObject({ failures: CONFIRMATION_ATTEMPTS });
    expect(await db.authEvent.count({ where: { type: "PASSWORD_FAILED", userId: user.id, detail: "password change" } })).toBe(CONFIRMATION_ATTEMPTS);
    // Even the right password is not checked now: no guessing past the limit.
    expect(toActionError(await changePassword(ctx, input(OLD)).catch((e: unknown) => e)).fieldErrors?.oldPassword).toMatch(/^Too many/);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(user.passwordHash);
  });

  test("success stores the new password, ends every other session and clears the forced-change flag", async () => {
    const { user, ctx, claims } = await setup({ forcePasswordChange: true });
    const next = await changePassword(ctx, input(OLD));
    expect(next).toEqual({ ...claims, sessionVersion: claims.sessionVersion + 1 });

    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(await verifyPassword(NEW, after.passwordHash)).toBe(true);
    expect(await verifyPassword(OLD, after.passwordHash)).toBe(false);
    expect(after.forcePasswordChange).toBe(false);
    // An old session cookie (old claims) is refused; the re-issued one works.
    await expect(loadSessionContext(claims)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(loadSessionContext(next)).resolves.toMatchObject({ userId: user.id, forcePasswordChange: false });

    const log = await db.activityLog.findFirstOrThrow({ include: { fields: true } });
    expect(log).toMatchObject({ entityType: "USER", entityId: user.id, message: "Password changed" });
    expect(log.fields).toEqual([expect.objectContaining({ fieldName: "password", oldValue: null, newValue: null })]);
  });

  test("the shared rules are enforced on the server too", async () => {
    const { ctx } = await setup();
    const error = await changePassword(ctx, input(OLD, "short")).catch((e: unknown) => e);
    expect(toActionError(error)).toMatchObject({ status: 400, fieldErrors: { newPassword: PASSWORD_MESSAGES.tooShort } });
  });

  test("users without the secret-key-change option are refused, unless the change is forced", async () => {
    const locked = await setup({ canChangeSecret: false });
    await expect(changePassword(locked.ctx, input(OLD))).rejects.toThrow(CHANGE_PASSWORD_FORBIDDEN);
    await db.user.update({ where: { id: locked.user.id }, data: { forcePasswordChange: true } });
    const forcedCtx = await ctxFor(locked.user.id, locked.licensee.id);
    await expect(changePassword(forcedCtx, input(OLD))).resolves.toMatchObject({ userId: locked.user.id });
  });
});

describe("setTwoFactor", () => {
  test("switches the flag with the server's message, for read-only users too", async () => {
    const { user, ctx } = await setup();
    await expect(setTwoFactor(ctx, true)).resolves.toEqual({ enabled: true, message: TWO_FACTOR_MESSAGES.enabled });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabled).toBe(true);
    // Turning it off takes the current password (tests/integration/signin-two-factor-off.test.ts).
    await expect(setTwoFactor(ctx, false, OLD)).resolves.toEqual({ enabled: false, message: TWO_FACTOR_MESSAGES.disabled });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabled).toBe(false);
    expect(await db.activityLog.count({ where: { entityType: "USER", entityId: user.id } })).toBe(2);
  });

  test("is refused for users without canChangeSecret, and nothing changes", async () => {
    const { user, ctx } = await setup({ canChangeSecret: false });
    await expect(setTwoFactor(ctx, true)).rejects.toBeInstanceOf(ForbiddenError);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).twoFactorEnabled).toBe(false);
    expect(await db.activityLog.count()).toBe(0);
  });

  test("anything but a boolean is a validation error", async () => {
    const { ctx } = await setup();
    const error = await setTwoFactor(ctx, "yes").catch((e: unknown) => e);
    expect(toActionError(error).status).toBe(400);
  });
});
