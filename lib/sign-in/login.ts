// The e-mail + password sign-in (shell.md 2.2, 4, 5, 8): password, then the
// captcha once failures demand it, then the e-mailed code when the user has
// the second factor on. Framework-free (clock, mailer and captcha injected),
// so every rule is tested without a browser; lib/sign-in/actions.ts turns a
// "signed-in" outcome into a session through a login ticket.
//
// The limits: lib/auth/password-attempt.ts (captcha, hard lockout) for the
// password; lib/auth/code-limits.ts (wrong codes and code mails per account)
// and lib/auth/otp.ts (per attempt) for the code.
import { z } from "../validation/z";
import type { SessionClaims } from "../auth/claims";
import { checkPassword, claimsForUser } from "../auth/credentials";
import {
  cancelOtp,
  challengeOwner,
  checkOtp,
  checkResend,
  createOtpChallenge,
  otpConfig,
  replaceCode,
  type IssuedCode,
  type OtpConfig,
} from "../auth/otp";
import { blockEnd, blocksCodeEntry, codeEntryBlockedUntil, codeLimits, reserveCodeMail, reserveCodeTry, type CodeLimits } from "../auth/code-limits";
import { release } from "../auth/counters";
import { attemptPassword, clearAccountFailures, countCodeFailure } from "../auth/password-attempt";
import { lockoutConfig, throttleConfig, type LockoutConfig, type ThrottleConfig } from "../auth/throttle";
import { recordAuthEvent, type ClientInfo } from "../auth/events";
import { LIMIT_MESSAGES, timeText } from "../auth/limit-messages";
import { selectCaptcha } from "../auth/captcha";
import type { CaptchaVerifier } from "../auth/captcha/types";
import { configuredMailer, type Mailer } from "../mail";
import { codeEntryBlockedMail } from "../mail/sign-in-notices";
import { userTimeZone } from "../preferences/timezone";
import { EMAIL_RE } from "../validation/email";
import { log } from "../log";
import { SERVER_ERROR_MESSAGE } from "../actions/server-result";
import { CAPTCHA_REQUIRED, WRONG_CREDENTIALS, invalidOtpMessage, otpCodeSchema } from "./login-schema";

export const MESSAGES = {
  wrongCredentials: WRONG_CREDENTIALS,
  captchaRequired: CAPTCHA_REQUIRED,
  otpWrong: "Incorrect verification code. Please try again.",
  otpExpired: "The verification code has expired. Please re-send code.",
  otpDead: "This sign-in attempt is no longer valid. Please go back to login.",
  otpTooEarly: "Please wait until the countdown ends before requesting a new code.",
  otpResendLimit: "Too many codes requested. Please go back to login.",
  serverError: SERVER_ERROR_MESSAGE,
} as const;

export interface LoginDeps {
  now?: () => Date;
  mailer?: Mailer;
  captcha?: CaptchaVerifier;
  otp?: OtpConfig;
  throttle?: ThrottleConfig;
  lockout?: LockoutConfig;
  codeLimits?: CodeLimits;
  /** The password check (tests count its calls). */
  checkPassword?: typeof checkPassword;
  /** Who is asking, for the access log of the code step (the password step takes it with its input). */
  client?: ClientInfo;
}

function resolve(deps: LoginDeps) {
  return {
    now: deps.now ?? (() => new Date()),
    mailer: deps.mailer ?? configuredMailer(),
    captcha: deps.captcha ?? selectCaptcha().verifier,
    otp: deps.otp ?? otpConfig(),
    throttle: deps.throttle ?? throttleConfig(),
    lockout: deps.lockout ?? lockoutConfig(),
    limits: deps.codeLimits ?? codeLimits(),
    passwordCheck: deps.checkPassword ?? checkPassword,
    client: deps.client ?? { ip: null, userAgent: null },
  };
}

/** The password step of sign-in: what the login form and the API posts. */
export const PasswordStepSchema = z.object({
  email: z.string().trim().min(1).max(254).regex(EMAIL_RE),
  password: z.string().min(1).max(200),
  captcha: z.string().max(10_000).nullish(),
});

export type PasswordStepInput = {
  email: unknown;
  password: unknown;
  captcha?: unknown;
  clientIp?: string | null;
  userAgent?: string | null;
};

export type SignInOutcome =
  | { status: "signed-in"; claims: SessionClaims }
  | { status: "otp"; challengeId: string; codeLength: number; resendInSeconds: number }
  | { status: "refused"; message: string; captchaRequired: boolean; field?: "captcha" };

const wrongCredentials = (captchaRequired: boolean): SignInOutcome => ({
  status: "refused",
  message: MESSAGES.wrongCredentials,
  captchaRequired,
});

const refusal = (message: string): SignInOutcome => ({ status: "refused", message, captchaRequired: false });

/** Step 1: e-mail and password (and the captcha when it is demanded). */
export async function startSignIn(input: PasswordStepInput, deps: LoginDeps = {}): Promise<SignInOutcome> {
  const { now, mailer, captcha, otp, throttle, lockout, limits, passwordCheck } = resolve(deps);
  const parsed = PasswordStepSchema.safeParse(input);
  if (!parsed.success) return wrongCredentials(false);
  const at = now();
  const client = { ip: input.clientIp ?? null, userAgent: input.userAgent ?? null };
  const attempt = await attemptPassword(
    { email: parsed.data.email, password: parsed.data.password, captcha: parsed.data.captcha, client, purpose: "sign-in" },
    { now: at, captcha, throttle, lockout, passwordCheck },
  );
  switch (attempt.status) {
    case "locked":
      return refusal(LIMIT_MESSAGES.accountLocked(attempt.until, at));
    case "captcha":
      return { status: "refused", message: MESSAGES.captchaRequired, captchaRequired: true, field: "captcha" };
    case "wrong":
      return wrongCredentials(attempt.captchaRequired);
  }
  const user = attempt.user;
  if (!user.twoFactorEnabled) {
    await clearAccountFailures(user.email);
    return { status: "signed-in", claims: { userId: user.userId, licenseeId: user.licenseeId, sessionVersion: user.sessionVersion } };
  }

  // The second factor. A correct password clears nothing here: only a completed sign-in does.
  const blockedUntil = await codeEntryBlockedUntil(user.userId, at, limits);
  if (blockedUntil) return refusal(await codeEntryBlockedMessage(user.userId, blockedUntil));
  const mailSlot = await reserveCodeMail(user.userId, at, limits, "first");
  if (!mailSlot.ok) return refusal(LIMIT_MESSAGES.tooManyCodes(mailSlot.retryAt, at));
  const issued = await createOtpChallenge(user.userId, at, otp);
  if (!(await deliver(mailer, issued, otp))) {
    await cancelOtp(issued.challengeId, at);
    return refusal(MESSAGES.serverError);
  }
  return { status: "otp", challengeId: issued.challengeId, codeLength: otp.length, resendInSeconds: otp.validitySeconds };
}

export type CodeOutcome =
  | { status: "signed-in"; claims: SessionClaims }
  | { status: "refused"; message: string; dead: boolean };

const codeRefusal = (message: string, dead: boolean): CodeOutcome => ({ status: "refused", message, dead });

/** Step 2: the code e-mailed for this attempt. */
export async function verifySignInCode(challengeId: string | null | undefined, code: unknown, deps: LoginDeps = {}): Promise<CodeOutcome> {
  const { now, otp, limits, mailer, client } = resolve(deps);
  if (!challengeId) return codeRefusal(MESSAGES.otpDead, true);
  const parsed = otpCodeSchema(otp.length).safeParse(code);
  if (!parsed.success) return codeRefusal(parsed.error.issues[0]?.message ?? invalidOtpMessage(otp.length), false);
  const at = now();
  const owner = await challengeOwner(challengeId);
  if (!owner) return codeRefusal(MESSAGES.otpDead, true);

  // One of the account's tries, taken before the code is looked at.
  const slot = await reserveCodeTry(owner.userId, at, limits);
  if (!slot.ok) return codeRefusal(await codeEntryBlockedMessage(owner.userId, slot.retryAt), true);
  const result = await checkOtp(challengeId, parsed.data, at);
  if (result.ok) {
    await release(slot);
    const claims = await claimsForUser(result.userId);
    if (!claims) return codeRefusal(MESSAGES.otpDead, true);
    await clearAccountFailures(owner.email);
    return { status: "signed-in", claims };
  }
  if (result.reason !== "wrong") {
    await release(slot);
    return result.reason === "expired" ? codeRefusal(MESSAGES.otpExpired, false) : codeRefusal(MESSAGES.otpDead, true);
  }

  // A wrong code: it keeps the account's try and counts toward the captcha.
  await countCodeFailure(owner.email, at);
  await recordAuthEvent({ type: "CODE_FAILED", userId: owner.userId, client });
  if (blocksCodeEntry(slot, limits)) {
    const until = blockEnd(slot, limits);
    await cancelOtp(challengeId, at);
    await recordAuthEvent({ type: "LOCKOUT", userId: owner.userId, client, detail: "verification code" });
    const timeZone = await userTimeZone(owner.userId);
    await notify(mailer, codeEntryBlockedMail(owner.email, limits.maxWrongCodes, timeText(until, timeZone)));
    return codeRefusal(LIMIT_MESSAGES.codeEntryBlocked(until, timeZone), true);
  }
  return result.triesLeft > 0 ? codeRefusal(MESSAGES.otpWrong, false) : codeRefusal(MESSAGES.otpDead, true);
}

export type ResendOutcome =
  | { status: "sent"; resendInSeconds: number }
  | { status: "refused"; message: string; dead: boolean };

/** 'Re-send code': a new code for the same attempt; the previous one stops working. */
export async function resendSignInCode(challengeId: string | null | undefined, deps: LoginDeps = {}): Promise<ResendOutcome> {
  const { now, mailer, otp, limits } = resolve(deps);
  if (!challengeId) return { status: "refused", message: MESSAGES.otpDead, dead: true };
  const at = now();
  const checked = await checkResend(challengeId, at, otp);
  if (!checked.ok) {
    if (checked.reason === "too-early") return { status: "refused", message: MESSAGES.otpTooEarly, dead: false };
    if (checked.reason === "limit") return { status: "refused", message: MESSAGES.otpResendLimit, dead: true };
    return { status: "refused", message: MESSAGES.otpDead, dead: true };
  }
  const blockedUntil = await codeEntryBlockedUntil(checked.userId, at, limits);
  if (blockedUntil) return { status: "refused", message: await codeEntryBlockedMessage(checked.userId, blockedUntil), dead: true };
  const mailSlot = await reserveCodeMail(checked.userId, at, limits, "resend");
  if (!mailSlot.ok) {
    const message = mailSlot.reason === "interval" ? LIMIT_MESSAGES.resendTooSoon(mailSlot.retryAt, at) : LIMIT_MESSAGES.tooManyCodes(mailSlot.retryAt, at);
    return { status: "refused", message, dead: false };
  }
  const issued = await replaceCode(checked, challengeId, at, otp);
  if (!issued) {
    await mailSlot.release();
    return { status: "refused", message: MESSAGES.otpDead, dead: true };
  }
  if (!(await deliver(mailer, issued, otp))) return { status: "refused", message: MESSAGES.serverError, dead: false };
  return { status: "sent", resendInSeconds: otp.validitySeconds };
}

/** 'Back to Login': the attempt is abandoned and its code stops working. */
export async function abandonSignIn(challengeId: string | null | undefined, deps: LoginDeps = {}): Promise<void> {
  if (challengeId) await cancelOtp(challengeId, resolve(deps).now());
}

async function codeEntryBlockedMessage(userId: number, until: Date): Promise<string> {
  return LIMIT_MESSAGES.codeEntryBlocked(until, await userTimeZone(userId));
}

export function otpMail(to: string, code: string, validitySeconds: number) {
  const minutes = Math.max(1, Math.round(validitySeconds / 60));
  return {
    to,
    subject: "Your verification code",
    text:
      `Your verification code is ${code}\n\n` +
      `It is valid for ${minutes} minute${minutes === 1 ? "" : "s"} and can be used once. ` +
      "If you did not try to sign in, change your password.\n",
  };
}

async function deliver(mailer: Mailer, issued: IssuedCode, otp: OtpConfig): Promise<boolean> {
  return notify(mailer, otpMail(issued.email, issued.code, otp.validitySeconds));
}

/** Sends a mail; a failure is logged and answered false (the caller decides what the user is told). */
async function notify(mailer: Mailer, message: Parameters<Mailer>[0]): Promise<boolean> {
  try {
    await mailer(message);
    return true;
  } catch (err) {
    log.error("sign-in mail failed", { subject: message.subject, err: err instanceof Error ? err : new Error(String(err)) });
    return false;
  }
}
