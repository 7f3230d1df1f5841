// Login throttling holds under parallel attempts (item 5): each
// attempt reserves its number in one atomic statement before the password is
// checked, so 50 attempts at once get no more password checks than the
// captcha threshold allows; and a hard lockout per account (configurable:
// here 10 failures an hour lock for 15 minutes, doubling) stops even attempts
// that carry a solved captcha. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { db } from "@/lib/db";
import { checkPassword } from "@/lib/auth/credentials";
import { hashPassword } from "@/lib/auth/password";
import { startSignIn, type LoginDeps, type PasswordStepInput } from "@/lib/sign-in/login";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";

useTestDatabase();

const PASSWORD = "Demo@12345";
const EMAIL = "jane@parallel.test";
const LOCKOUT = { threshold: 10, windowMs: 3600_000, lockMs: 15 * 60_000, maxLockMs: 24 * 3600_000 };

function harness(captchaSolved: boolean) {
  let now = new Date("2026-04-01T08:00:00Z");
  const check = jest.fn(checkPassword);
  const deps: LoginDeps = {
    now: () => now,
    captcha: { provider: "altcha", verify: async () => captchaSolved },
    throttle: { accountThreshold: 3, clientThreshold: 1000 },
    lockout: LOCKOUT,
    mailer: async () => undefined,
    checkPassword: check,
  };
  const attempt = (input: Partial<PasswordStepInput> = {}) =>
    startSignIn({ email: EMAIL, password: "Wrong@12345", captcha: "token", clientIp: "198.51.100.4", ...input }, deps);
  return {
    check,
    attempt,
    advanceMinutes(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

async function user() {
  const licensee = await makeLicensee("Default Media", "default");
  return makeUser(EMAIL, [{ licenseeId: licensee.id, role: "RW" }], { passwordHash: await hashPassword(PASSWORD) });
}

const LOCKED = /^Too many failed sign-in attempts\. This account is locked: please try again in (\d+) minutes\.$/;

test("50 parallel wrong passwords without a captcha: only the threshold's 3 reach the password check", async () => {
  await user();
  const h = harness(false);
  const outcomes = await Promise.all(Array.from({ length: 50 }, () => h.attempt({ captcha: undefined })));
  expect(h.check).toHaveBeenCalledTimes(3);
  expect(outcomes.filter((o) => o.status === "refused" && o.message === "Username or password is incorrect")).toHaveLength(3);
  expect(outcomes.filter((o) => o.status === "refused" && o.message === "Please complete the captcha")).toHaveLength(47);
  // The refused-for-captcha attempts were never password failures: the stored count is 3.
  expect(await db.loginThrottle.findUnique({ where: { key: `email:${EMAIL}` } })).toMatchObject({ failures: 3 });
  // And the right password without a captcha is refused unchecked.
  expect(await h.attempt({ password: PASSWORD, captcha: undefined })).toMatchObject({ status: "refused", field: "captcha" });
  expect(h.check).toHaveBeenCalledTimes(3);
});

test("50 parallel wrong passwords WITH solved captchas: the lockout stops them at its threshold, once", async () => {
  const jane = await user();
  const h = harness(true);
  const outcomes = await Promise.all(Array.from({ length: 50 }, () => h.attempt()));
  expect(h.check.mock.calls.length).toBeLessThanOrEqual(10);
  const locked = outcomes.filter((o) => o.status === "refused" && LOCKED.test(o.message));
  expect(locked.length).toBeGreaterThanOrEqual(40);
  expect(outcomes.some((o) => o.status === "signed-in")).toBe(false);
  expect(await db.authEvent.count({ where: { type: "LOCKOUT", userId: jane.id } })).toBe(1);
  expect(await db.authEvent.count({ where: { type: "PASSWORD_FAILED", userId: jane.id } })).toBe(h.check.mock.calls.length);
});

test("a lock is not bypassed by a captcha or the right password, lifts after 15 minutes, and doubles on repeat", async () => {
  await user();
  const h = harness(true);
  for (let i = 0; i < 10; i++) expect(await h.attempt()).toMatchObject({ message: "Username or password is incorrect" });
  const lockedNow = await h.attempt();
  expect(lockedNow).toEqual({ status: "refused", message: expect.stringMatching(LOCKED), captchaRequired: false });
  expect(lockedNow.status === "refused" && LOCKED.exec(lockedNow.message)?.[1]).toBe("15");
  h.check.mockClear();
  expect(await h.attempt({ password: PASSWORD })).toMatchObject({ status: "refused", message: expect.stringMatching(LOCKED) });
  expect(h.check).not.toHaveBeenCalled();

  h.advanceMinutes(14);
  expect(await h.attempt({ password: PASSWORD })).toMatchObject({ message: expect.stringContaining("try again in 1 minute") });
  h.advanceMinutes(1);
  expect(await h.attempt({ password: PASSWORD })).toMatchObject({ status: "signed-in" });

  // Ten more failures: the second lock in a row lasts 30 minutes.
  for (let i = 0; i < 10; i++) await h.attempt();
  const again = await h.attempt();
  expect(again.status === "refused" && LOCKED.exec(again.message)?.[1]).toBe("30");
});

test("unknown e-mails are counted and locked alike: the lock tells nothing about the account", async () => {
  await user();
  const h = harness(true);
  for (let i = 0; i < 11; i++) await h.attempt({ email: "nobody@parallel.test" });
  for (let i = 0; i < 11; i++) await h.attempt();
  const unknown = await h.attempt({ email: "nobody@parallel.test" });
  const known = await h.attempt();
  expect(unknown).toEqual(known);
  expect(await db.authEvent.findFirst({ where: { type: "LOCKOUT", email: "nobody@parallel.test" } })).toMatchObject({ userId: null });
});

test("right passwords are not failures: signing in often never locks the account", async () => {
  await user();
  const h = harness(true);
  for (let i = 0; i < 15; i++) expect(await h.attempt({ password: PASSWORD })).toMatchObject({ status: "signed-in" });
  expect((await db.loginThrottle.findUnique({ where: { key: `lockout:${EMAIL}` } }))?.failures ?? 0).toBe(0);
});
