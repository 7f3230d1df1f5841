// The second factor cannot be guessed (item 1): wrong codes are
// counted per ACCOUNT across all sign-in attempts (each correct password
// starts a new attempt with 5 tries of its own), at most 10 per 24 hours;
// then code entry is refused until the window ends and the user is mailed
// once. A correct password clears nothing; wrong codes count toward the
// captcha; code mails are rate limited per account. Everything through the
// functions the login actions call (lib/sign-in/login.ts).
import { db } from "@/lib/db";
import bcrypt from "bcryptjs";
import { resendSignInCode, startSignIn, verifySignInCode, type LoginDeps } from "@/lib/sign-in/login";
import type { CodeLimits } from "@/lib/auth/code-limits";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";
import { loginHarness } from "../helpers/login-harness";

useTestDatabase();

const PASSWORD = "Demo@12345";
const EMAIL = "guess@signin.test";
const START = new Date("2026-03-01T10:00:00Z");
const BLOCKED_SUBJECT = "Sign-in codes blocked on your account";
const LIMITS: CodeLimits = { maxWrongCodes: 10, wrongCodeWindowMs: 24 * 3600_000, resendIntervalMs: 30_000, codesPerHour: 10 };

/** A clock the test moves, a mailbox it reads, and a captcha the attacker always solves (a solving service). */
function harness(overrides: Partial<LoginDeps> = {}) {
  const h = loginHarness(START, { captcha: { provider: "altcha", verify: async () => true }, codeLimits: LIMITS, ...overrides });
  return { ...h, blockedMails: () => h.mails.filter((m) => m.subject === BLOCKED_SUBJECT) };
}

async function otpUser() {
  const licensee = await makeLicensee("Default Media", "default");
  // A cheap bcrypt cost: this file checks the password hundreds of times.
  return makeUser(EMAIL, [{ licenseeId: licensee.id, role: "RW" }], { passwordHash: await bcrypt.hash(PASSWORD, 4), twoFactorEnabled: true });
}

const wrongFor = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, "0");
const signInPassword = (h: ReturnType<typeof harness>) =>
  startSignIn({ email: EMAIL, password: PASSWORD, captcha: "solved", clientIp: "203.0.113.9" }, h.deps);
const wrongCodeCount = async (userId: number) => (await db.loginThrottle.findUnique({ where: { key: `otp-wrong:${userId}` } }))?.failures;

test("200 scripted sign-ins with the right password and wrong codes end refused, never signed in, and the count shows 10", async () => {
  const user = await otpUser();
  const h = harness();
  const verdicts: string[] = [];
  for (let i = 0; i < 200; i++) {
    h.advance(6 * 60); // 6 minutes apart: 10 code mails an hour, under the mail limit; 200 of them span 20 hours
    const step = await signInPassword(h);
    expect(step.status).not.toBe("signed-in");
    if (step.status !== "otp") {
      verdicts.push(`password step: ${step.status === "refused" ? step.message : step.status}`);
      continue;
    }
    // Every try this attempt allows, each a wrong code.
    for (let t = 0; t < 5; t++) {
      const outcome = await verifySignInCode(step.challengeId, wrongFor(h.lastCode()), h.deps);
      expect(outcome.status).toBe("refused");
      if (outcome.status !== "refused") break;
      verdicts.push(outcome.message);
      if (outcome.dead) break;
    }
  }
  const wrong = verdicts.filter((v) => v === "Incorrect verification code. Please try again." || v.startsWith("This sign-in attempt"));
  // Two attempts of 5 tries: the 10th wrong code blocks.
  expect(wrong).toHaveLength(9);
  const blocked = verdicts.filter((v) => v.includes("Code entry for this account is blocked until"));
  expect(blocked.length).toBeGreaterThan(190);
  expect(verdicts.at(-1)).toBe(
    "password step: Too many incorrect verification codes. Code entry for this account is blocked until 2 Mar 2026 10:06:00 (UTC).",
  );
  expect(await wrongCodeCount(user.id)).toBe(10);
  // Once blocked, no more code mails go out: only the first two attempts got codes.
  expect(h.mails.filter((m) => m.subject === "Your verification code")).toHaveLength(2);
  expect(await db.authEvent.count({ where: { userId: user.id, type: "CODE_FAILED" } })).toBe(10);
  expect(await db.authEvent.count({ where: { userId: user.id, type: "SIGN_IN" } })).toBe(0);
}, 120_000);

test("the user is mailed once per block, saying until when; the block lifts when the window ends", async () => {
  const user = await otpUser();
  const h = harness();
  const firstWrongAt = new Date(START.getTime() + 60_000);
  for (let i = 0; i < 4; i++) {
    h.advance(60);
    const step = await signInPassword(h);
    if (step.status !== "otp") {
      expect(step).toMatchObject({ status: "refused", message: expect.stringContaining("blocked until") });
      continue;
    }
    for (let t = 0; t < 5; t++) {
      const outcome = await verifySignInCode(step.challengeId, wrongFor(h.lastCode()), h.deps);
      if (outcome.status === "refused" && outcome.dead) break;
    }
  }
  expect(h.blockedMails()).toHaveLength(1);
  const [mail] = h.blockedMails();
  expect(mail.to).toBe(EMAIL);
  expect(mail.text).toContain("10 incorrect verification codes");
  expect(mail.text).toContain("blocked until 2 Mar 2026 10:01:00 (UTC)");
  expect(await db.authEvent.count({ where: { userId: user.id, type: "LOCKOUT", detail: "verification code" } })).toBe(1);

  // In the user's own timezone when they have one.
  await db.timezone.create({ data: { id: 900, name: "India Standard Time", ianaName: "Asia/Kolkata" } });
  await db.userSettings.create({ data: { userId: user.id, timezoneId: 900 } });
  expect(await signInPassword(h)).toMatchObject({
    status: "refused",
    message: "Too many incorrect verification codes. Code entry for this account is blocked until 2 Mar 2026 15:31:00 (Asia/Kolkata).",
  });

  // Just before the window ends: still blocked. Then the right code signs in again.
  h.advance((firstWrongAt.getTime() + LIMITS.wrongCodeWindowMs - h.now().getTime()) / 1000 - 1);
  expect((await signInPassword(h)).status).toBe("refused");
  h.advance(2);
  const step = await signInPassword(h);
  if (step.status !== "otp") throw new Error(`expected the code step, got ${JSON.stringify(step)}`);
  expect(await verifySignInCode(step.challengeId, h.lastCode(), h.deps)).toMatchObject({ status: "signed-in", claims: { userId: user.id } });
  expect(h.blockedMails()).toHaveLength(1);
});

test("a correct password clears nothing: wrong codes add up across attempts", async () => {
  const user = await otpUser();
  const h = harness();
  const first = await signInPassword(h);
  if (first.status !== "otp") throw new Error("expected the code step");
  for (let t = 0; t < 4; t++) await verifySignInCode(first.challengeId, wrongFor(h.lastCode()), h.deps);
  h.advance(60);
  const second = await signInPassword(h);
  if (second.status !== "otp") throw new Error("expected the code step");
  expect(await wrongCodeCount(user.id)).toBe(4);
  for (let t = 0; t < 5; t++) await verifySignInCode(second.challengeId, wrongFor(h.lastCode()), h.deps);
  h.advance(60);
  const third = await signInPassword(h);
  if (third.status !== "otp") throw new Error("expected the code step");
  // The 10th wrong code of the account blocks, although this attempt had 4 tries left.
  const tenth = await verifySignInCode(third.challengeId, wrongFor(h.lastCode()), h.deps);
  expect(tenth).toMatchObject({ status: "refused", dead: true, message: expect.stringContaining("Code entry for this account is blocked until") });
  // Even the right code of a live attempt is refused now, unchecked.
  expect(await verifySignInCode(third.challengeId, h.lastCode(), h.deps)).toMatchObject({ status: "refused", dead: true });
});

test("parallel wrong codes over several attempts cannot exceed the account's 10", async () => {
  const user = await otpUser();
  const h = harness();
  const attempts: { challengeId: string; code: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const step = await signInPassword(h);
    if (step.status !== "otp") throw new Error("expected the code step");
    attempts.push({ challengeId: step.challengeId, code: h.lastCode() });
  }
  const guesses = attempts.flatMap((a) => Array.from({ length: 5 }, () => verifySignInCode(a.challengeId, wrongFor(a.code), h.deps)));
  const outcomes = await Promise.all(guesses);
  const checked = outcomes.filter((o) => o.status === "refused" && !o.message.includes("blocked until"));
  expect(checked.length).toBeLessThanOrEqual(10);
  expect(await wrongCodeCount(user.id)).toBe(10);
  expect(h.blockedMails()).toHaveLength(1);
});

test("wrong codes count toward the account's captcha threshold", async () => {
  await otpUser();
  const h = harness({ captcha: { provider: "altcha", verify: async () => false } }); // nobody solves it
  const step = await signInPassword(h);
  if (step.status !== "otp") throw new Error("expected the code step");
  for (let t = 0; t < 3; t++) await verifySignInCode(step.challengeId, wrongFor(h.lastCode()), h.deps);
  // Three wrong codes, no wrong password: the next password step demands the captcha.
  expect(await signInPassword(h)).toMatchObject({ status: "refused", captchaRequired: true, field: "captcha" });
});

test("code mails are limited per account: a re-send at most every 30 s, 10 code mails an hour", async () => {
  await otpUser();
  const h = harness({ otp: { length: 4, validitySeconds: 30 }, codeLimits: { ...LIMITS, resendIntervalMs: 120_000 } });
  const a = await signInPassword(h);
  if (a.status !== "otp") throw new Error("expected the code step");
  h.advance(30);
  expect(await resendSignInCode(a.challengeId, h.deps)).toEqual({ status: "sent", resendInSeconds: 30 });
  // This attempt's countdown is over again, but the account's re-send interval is not.
  h.advance(30);
  expect(await resendSignInCode(a.challengeId, h.deps)).toEqual({
    status: "refused",
    message: "A code was sent moments ago. Please wait 90 seconds before requesting another.",
    dead: false,
  });
  h.advance(90);
  expect((await resendSignInCode(a.challengeId, h.deps)).status).toBe("sent");

  // 3 mails so far; 7 more first codes fit in the hour, the 8th does not.
  for (let i = 0; i < 7; i++) expect((await signInPassword(h)).status).toBe("otp");
  const mailsBefore = h.mails.length;
  expect(await signInPassword(h)).toEqual({
    status: "refused",
    message: expect.stringMatching(/^Too many verification codes were requested for this account\. Please try again in \d+ minutes\.$/),
    captchaRequired: false,
  });
  expect(h.mails).toHaveLength(mailsBefore);
  h.advance(3600);
  expect((await signInPassword(h)).status).toBe("otp");
});
