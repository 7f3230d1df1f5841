// Turning the second factor off asks for the current password (
// item 9): missing or wrong, it is refused beside the password field and
// nothing changes; a wrong password counts like a failed sign-in (toward the
// captcha and the lockout), so the switch cannot be used to guess it.
// Turning it on needs no password.
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { setTwoFactor, TWO_FACTOR_MESSAGES } from "@/lib/account/two-factor";
import { setTwoFactorAction } from "@/lib/account/actions";
import { startSignIn } from "@/lib/sign-in/login";
import { CONFIRMATION_ATTEMPTS } from "@/lib/auth/password-attempt";
import { toActionError } from "@/lib/actions/server-result";
import { useTestDatabase } from "../helpers/db";
import { ctxFor, makeLicensee, makeUser } from "../helpers/factories";
import { as, Browser, signInBrowser, useAuthSecret } from "../helpers/browser-session";

jest.mock("next/headers", () => jest.requireActual("../helpers/browser-session").nextHeadersMock);

useTestDatabase();
useAuthSecret();

const PASSWORD = "Zebra#2024";
const EMAIL = "jane@twofactor.test";

async function setup(twoFactorEnabled = true) {
  const licensee = await makeLicensee("Licensee A", "a");
  const user = await makeUser(EMAIL, [{ licenseeId: licensee.id, role: "RO" }], {
    passwordHash: await hashPassword(PASSWORD),
    twoFactorEnabled,
  });
  return { user, licensee, ctx: await ctxFor(user.id, licensee.id) };
}

const flag = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).twoFactorEnabled;
const refusal = (e: unknown) => toActionError(e);

test("turning off without the password: 'Please enter your current password' beside the field, nothing changes", async () => {
  const { user, ctx } = await setup();
  for (const missing of [undefined, "", null, 42]) {
    const error = await setTwoFactor(ctx, false, missing).catch((e: unknown) => e);
    expect(refusal(error)).toMatchObject({ status: 400, fieldErrors: { password: TWO_FACTOR_MESSAGES.passwordRequired } });
  }
  expect(await flag(user.id)).toBe(true);
  expect(await db.activityLog.count()).toBe(0);
  // Nothing was checked, so nothing was counted.
  expect(await db.loginThrottle.count()).toBe(0);
});

test("a wrong password is refused beside the field, changes nothing, and counts like a failed sign-in", async () => {
  const { user, ctx } = await setup();
  const error = await setTwoFactor(ctx, false, "Wrong#2024", { client: { ip: "198.51.100.3", userAgent: "test" } }).catch((e: unknown) => e);
  expect(refusal(error)).toMatchObject({ status: 400, fieldErrors: { password: "Password is incorrect" } });
  expect(await flag(user.id)).toBe(true);
  expect(await db.activityLog.count()).toBe(0);
  expect(await db.loginThrottle.findUnique({ where: { key: `email:${EMAIL}` } })).toMatchObject({ failures: 1 });
  expect(await db.loginThrottle.findUnique({ where: { key: `lockout:${EMAIL}` } })).toMatchObject({ failures: 1 });
  expect(await db.authEvent.findFirst({ where: { type: "PASSWORD_FAILED" } })).toMatchObject({
    userId: user.id,
    detail: "two-factor off",
    clientIp: "198.51.100.3",
  });
});

test("guessing through the switch is cut off after CONFIRMATION_ATTEMPTS, and it counts toward the sign-in captcha", async () => {
  const { user, ctx } = await setup();
  const check = jest.fn(async () => null);
  for (let i = 0; i < CONFIRMATION_ATTEMPTS; i++) {
    const error = await setTwoFactor(ctx, false, `Guess#${i}`, { passwordCheck: check }).catch((e: unknown) => e);
    expect(refusal(error).fieldErrors).toEqual({ password: "Password is incorrect" });
  }
  // The next try is refused without checking, even with the right password.
  const next = await setTwoFactor(ctx, false, PASSWORD, { passwordCheck: check }).catch((e: unknown) => e);
  expect(refusal(next).fieldErrors?.password).toMatch(/^Too many incorrect passwords\. Please try again in \d+ minutes\.$/);
  expect(check).toHaveBeenCalledTimes(CONFIRMATION_ATTEMPTS);
  expect(await flag(user.id)).toBe(true);
  // The sign-in form now demands the captcha for this account too.
  expect(await startSignIn({ email: EMAIL, password: PASSWORD }, { mailer: async () => undefined })).toMatchObject({
    status: "refused",
    captchaRequired: true,
  });
});

test("someone outside pushing the account's sign-in failures up cannot stop its owner from turning it off", async () => {
  const { user, ctx } = await setup();
  // Wrong passwords from the sign-in form until the captcha is due for the account.
  for (let i = 0; i < 5; i++) await startSignIn({ email: EMAIL, password: `Wrong#${i}x`, clientIp: "203.0.113.9" }, { mailer: async () => undefined });
  expect(await startSignIn({ email: EMAIL, password: "Wrong#zz" }, { mailer: async () => undefined })).toMatchObject({ captchaRequired: true });
  // The signed-in owner is not asked for a captcha the dialog cannot show.
  expect(await setTwoFactor(ctx, false, PASSWORD)).toMatchObject({ enabled: false });
  expect(await flag(user.id)).toBe(false);
});

test("a locked account cannot turn it off either", async () => {
  const { user, ctx } = await setup();
  const lockout = { threshold: 2, windowMs: 3600_000, lockMs: 15 * 60_000, maxLockMs: 3600_000 };
  const throttle = { accountThreshold: 100, clientThreshold: 100 };
  for (let i = 0; i < 2; i++) await setTwoFactor(ctx, false, "Wrong#2024", { lockout, throttle }).catch(() => undefined);
  const locked = await setTwoFactor(ctx, false, PASSWORD, { lockout, throttle }).catch((e: unknown) => e);
  expect(refusal(locked).fieldErrors?.password).toMatch(/^Too many failed sign-in attempts\. This account is locked/);
  expect(await flag(user.id)).toBe(true);
});

test("with the right password it is turned off and audited; turning it on needs no password", async () => {
  const { user, ctx } = await setup();
  await expect(setTwoFactor(ctx, false, PASSWORD)).resolves.toEqual({ enabled: false, message: TWO_FACTOR_MESSAGES.disabled });
  expect(await flag(user.id)).toBe(false);
  await expect(setTwoFactor(ctx, true)).resolves.toEqual({ enabled: true, message: TWO_FACTOR_MESSAGES.enabled });
  expect(await flag(user.id)).toBe(true);
  expect(await db.activityLog.count({ where: { entityType: "USER", entityId: user.id } })).toBe(2);
});

test("through the server action of the user menu, with the session of the browser", async () => {
  const { user, licensee } = await setup();
  const browser = new Browser();
  await signInBrowser(browser, user.id, licensee.id);
  expect(await as(browser, () => setTwoFactorAction({ enabled: false }))).toMatchObject({
    ok: false,
    status: 400,
    fieldErrors: { password: TWO_FACTOR_MESSAGES.passwordRequired },
  });
  expect(await as(browser, () => setTwoFactorAction({ enabled: false, password: "Wrong#2024" }))).toMatchObject({
    ok: false,
    fieldErrors: { password: TWO_FACTOR_MESSAGES.passwordWrong },
  });
  expect(await flag(user.id)).toBe(true);
  expect(await as(browser, () => setTwoFactorAction({ enabled: false, password: PASSWORD }))).toEqual({
    ok: true,
    data: { enabled: false, message: TWO_FACTOR_MESSAGES.disabled },
  });
  expect(await flag(user.id)).toBe(false);
});
