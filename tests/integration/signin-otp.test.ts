// The e-mailed second factor of the sign-in (lib/sign-in/login.ts): a code works
// once, only for its own attempt, only until it expires, and the attempt dies
// after 5 wrong tries; re-sending replaces the code; mail goes out over SMTP.
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { resendSignInCode, startSignIn, verifySignInCode, abandonSignIn, type LoginDeps } from "@/lib/sign-in/login";
import { OTP_MAX_WRONG_TRIES } from "@/lib/auth/otp";
import { DEFAULT_MAIL_FROM, smtpMailer } from "@/lib/mail";
import { OTP_REQUIRED, invalidOtpMessage } from "@/lib/sign-in/login-schema";
import { useTestDatabase } from "../helpers/db";
import { makeLicensee, makeUser } from "../helpers/factories";
import { codeFromMail, startSmtpSink } from "../helpers/smtp";
import { loginHarness } from "../helpers/login-harness";

useTestDatabase();

const PASSWORD = "Demo@12345";
const EMAIL = "otp@signin.test";
const START = new Date("2026-03-01T10:00:00Z");

/** A clock the test moves, a mailbox the test reads. */
const harness = (otp = { length: 4, validitySeconds: 300 }) => loginHarness(START, { otp });

async function otpUser() {
  const licensee = await makeLicensee("Default Media", "default");
  const user = await makeUser(EMAIL, [{ licenseeId: licensee.id, role: "RW" }], {
    passwordHash: await hashPassword(PASSWORD),
    twoFactorEnabled: true,
  });
  return { licensee, user };
}

async function startAttempt(h: ReturnType<typeof harness>) {
  const outcome = await startSignIn({ email: EMAIL, password: PASSWORD, clientIp: "10.0.0.1" }, h.deps);
  if (outcome.status !== "otp") throw new Error(`expected the code step, got ${JSON.stringify(outcome)}`);
  return { challengeId: outcome.challengeId, code: h.lastCode(), outcome };
}

function wrongCodeFor(code: string): string {
  return code.replace(/\d$/, (d) => String((Number(d) + 1) % 10)) // same length, one digit off;
}

test("a user with the second factor gets the code step and a mail with a random code of the configured length", async () => {
  const { licensee, user } = await otpUser();
  const h = harness({ length: 6, validitySeconds: 120 });
  const { challengeId, code, outcome } = await startAttempt(h);
  expect(outcome).toMatchObject({ status: "otp", codeLength: 6, resendInSeconds: 120 });
  expect(h.mails).toHaveLength(1);
  expect(h.mails[0]).toMatchObject({ to: EMAIL, subject: "Your verification code" });
  expect(code).toMatch(/^\d{6}$/);
  // Stored hashed, never in clear.
  const row = await db.otpChallenge.findUniqueOrThrow({ where: { id: challengeId } });
  expect(row.codeHash).not.toContain(code);
  expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);

  expect(await verifySignInCode(challengeId, code, h.deps)).toEqual({
    status: "signed-in",
    claims: { userId: user.id, licenseeId: licensee.id, sessionVersion: user.sessionVersion },
  });
});

test("a code works once: reusing it fails", async () => {
  await otpUser();
  const h = harness();
  const { challengeId, code } = await startAttempt(h);
  expect((await verifySignInCode(challengeId, code, h.deps)).status).toBe("signed-in");
  expect(await verifySignInCode(challengeId, code, h.deps)).toMatchObject({ status: "refused", dead: true });
});

test("an expired code fails", async () => {
  await otpUser();
  const h = harness({ length: 4, validitySeconds: 300 });
  const { challengeId, code } = await startAttempt(h);
  h.advance(301);
  expect(await verifySignInCode(challengeId, code, h.deps)).toEqual({
    status: "refused",
    message: "The verification code has expired. Please re-send code.",
    dead: false,
  });
});

test("a code from one sign-in attempt fails in another", async () => {
  await otpUser();
  const h = harness();
  const first = await startAttempt(h);
  let second = await startAttempt(h);
  // Codes are random: make sure the two attempts really have different ones.
  while (second.code === first.code) second = await startAttempt(h);
  expect(await verifySignInCode(second.challengeId, first.code, h.deps)).toMatchObject({ status: "refused", dead: false });
  // Each attempt still accepts its own code.
  expect((await verifySignInCode(first.challengeId, first.code, h.deps)).status).toBe("signed-in");
  expect((await verifySignInCode(second.challengeId, second.code, h.deps)).status).toBe("signed-in");
});

test("5 wrong tries kill the attempt: the right code then fails too", async () => {
  await otpUser();
  const h = harness();
  const { challengeId, code } = await startAttempt(h);
  const wrong = wrongCodeFor(code);
  for (let i = 1; i < OTP_MAX_WRONG_TRIES; i++) {
    expect(await verifySignInCode(challengeId, wrong, h.deps)).toEqual({
      status: "refused",
      message: "Incorrect verification code. Please try again.",
      dead: false,
    });
  }
  expect(await verifySignInCode(challengeId, wrong, h.deps)).toMatchObject({ status: "refused", dead: true });
  expect(await verifySignInCode(challengeId, code, h.deps)).toEqual({
    status: "refused",
    message: "This sign-in attempt is no longer valid. Please go back to login.",
    dead: true,
  });
  // A dead attempt cannot be revived by asking for a new code.
  h.advance(300);
  expect(await resendSignInCode(challengeId, h.deps)).toMatchObject({ status: "refused", dead: true });
});

test("re-send issues a new code once the countdown is over, and the old code fails", async () => {
  await otpUser();
  const h = harness({ length: 4, validitySeconds: 300 });
  const { challengeId, code: oldCode } = await startAttempt(h);

  h.advance(100);
  expect(await resendSignInCode(challengeId, h.deps)).toMatchObject({ status: "refused", dead: false });
  expect(h.mails).toHaveLength(1);

  h.advance(200);
  expect(await resendSignInCode(challengeId, h.deps)).toEqual({ status: "sent", resendInSeconds: 300 });
  expect(h.mails).toHaveLength(2);
  let newCode = h.lastCode();
  while (newCode === oldCode) {
    h.advance(300);
    await resendSignInCode(challengeId, h.deps);
    newCode = h.lastCode();
  }
  expect(await verifySignInCode(challengeId, oldCode, h.deps)).toMatchObject({ status: "refused", dead: false });
  // The new code has its own full validity.
  h.advance(250);
  expect((await verifySignInCode(challengeId, newCode, h.deps)).status).toBe("signed-in");
});

test("Back to Login abandons the attempt", async () => {
  await otpUser();
  const h = harness();
  const { challengeId, code } = await startAttempt(h);
  await abandonSignIn(challengeId, h.deps);
  expect(await verifySignInCode(challengeId, code, h.deps)).toMatchObject({ status: "refused", dead: true });
});

test("malformed codes get the validation messages of shell.md 5 and cost no try", async () => {
  await otpUser();
  const h = harness();
  const { challengeId, code } = await startAttempt(h);
  expect(await verifySignInCode(challengeId, "", h.deps)).toMatchObject({ message: OTP_REQUIRED });
  expect(await verifySignInCode(challengeId, "12", h.deps)).toMatchObject({ message: invalidOtpMessage(4) });
  expect(await verifySignInCode(challengeId, "12a4", h.deps)).toMatchObject({ message: invalidOtpMessage(4) });
  expect(await verifySignInCode(null, code, h.deps)).toMatchObject({ status: "refused", dead: true });
  const row = await db.otpChallenge.findUniqueOrThrow({ where: { id: challengeId } });
  expect(row.attempts).toBe(0);
  expect((await verifySignInCode(challengeId, code, h.deps)).status).toBe("signed-in");
});

test("the code is mailed through SMTP to the user's stored address", async () => {
  const { user } = await otpUser();
  const sink = await startSmtpSink();
  try {
    const deps: LoginDeps = { mailer: smtpMailer(sink.url, DEFAULT_MAIL_FROM), otp: { length: 4, validitySeconds: 300 } };
    // The address typed at sign-in differs in case: the mail goes to the stored one.
    const outcome = await startSignIn({ email: "OTP@Signin.Test", password: PASSWORD }, deps);
    expect(outcome.status).toBe("otp");
    const mail = await sink.waitFor(EMAIL);
    expect(mail.from).toBe("no-reply@dsp.local");
    expect(mail.raw).toMatch(/^Subject: Your verification code/m);
    const code = codeFromMail(mail);
    expect(code).toMatch(/^\d{4}$/);
    const challengeId = outcome.status === "otp" ? outcome.challengeId : "";
    expect(await verifySignInCode(challengeId, code, deps)).toMatchObject({ status: "signed-in", claims: { userId: user.id } });
  } finally {
    await sink.close();
  }
});

test("when the mail cannot be sent the sign-in says so and the attempt is not left open", async () => {
  await otpUser();
  const deps: LoginDeps = {
    mailer: async () => {
      throw new Error("connection refused");
    },
  };
  const outcome = await startSignIn({ email: EMAIL, password: PASSWORD }, deps);
  expect(outcome).toEqual({ status: "refused", message: "Server error, Please try after sometime", captchaRequired: false });
  expect(await db.otpChallenge.count({ where: { consumedAt: null } })).toBe(0);
});
