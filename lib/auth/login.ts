// The e-mail + password sign-in (shell.md 2.2, 4, 5, 8): password, then the
// captcha once failures demand it, then the e-mailed code when the user has
// the second factor on. Framework-free (clock, mailer and captcha injected),
// so every rule is tested without a browser; app/login/actions.ts turns a
// "signed-in" outcome into a session through a login ticket.
import { z } from "zod";
import type { SessionClaims } from "./context";
import { checkPassword, claimsForUser } from "./credentials";
import { cancelOtp, checkOtp, createOtpChallenge, otpConfig, resendOtp, type IssuedCode, type OtpConfig } from "./otp";
import { isCaptchaDemanded, recordFailure, resetAccount, throttleConfig, throttleKeys, type ThrottleConfig } from "./throttle";
import { selectCaptcha } from "./captcha";
import type { CaptchaVerifier } from "./captcha/types";
import { configuredMailer, type Mailer } from "../mail";
import { EMAIL_RE } from "../validation/email";
import { log } from "../log";
import { SERVER_ERROR_MESSAGE } from "../data/action-result";
import { CAPTCHA_REQUIRED, WRONG_CREDENTIALS, invalidOtpMessage, otpCodeSchema } from "@/components/auth/login-schema";

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
  /** The password check (tests count its calls). */
  checkPassword?: typeof checkPassword;
}

function resolve(deps: LoginDeps) {
  return {
    now: deps.now ?? (() => new Date()),
    mailer: deps.mailer ?? configuredMailer(),
    captcha: deps.captcha ?? selectCaptcha().verifier,
    otp: deps.otp ?? otpConfig(),
    throttle: deps.throttle ?? throttleConfig(),
    passwordCheck: deps.checkPassword ?? checkPassword,
  };
}

const PasswordInput = z.object({
  email: z.string().trim().min(1).max(254).regex(EMAIL_RE),
  password: z.string().min(1).max(200),
  captcha: z.string().max(10_000).nullish(),
});

export type PasswordStepInput = { email: unknown; password: unknown; captcha?: unknown; clientIp?: string | null };

export type SignInOutcome =
  | { status: "signed-in"; claims: SessionClaims }
  | { status: "otp"; challengeId: string; codeLength: number; resendInSeconds: number }
  | { status: "refused"; message: string; captchaRequired: boolean; field?: "captcha" };

const wrongCredentials = (captchaRequired: boolean): SignInOutcome => ({
  status: "refused",
  message: MESSAGES.wrongCredentials,
  captchaRequired,
});

/** Step 1: e-mail and password (and the captcha when it is demanded). */
export async function startSignIn(input: PasswordStepInput, deps: LoginDeps = {}): Promise<SignInOutcome> {
  const { now, mailer, captcha, otp, throttle, passwordCheck } = resolve(deps);
  const parsed = PasswordInput.safeParse(input);
  if (!parsed.success) return wrongCredentials(false);
  const { email, password } = parsed.data;
  const keys = throttleKeys(email, input.clientIp);
  const at = now();

  if (await isCaptchaDemanded(keys, at, throttle)) {
    // Refused before the password is even looked at: no guessing without solving.
    const token = parsed.data.captcha;
    if (!token || !(await captcha.verify(token, { remoteIp: input.clientIp ?? null, now: at }))) {
      return { status: "refused", message: MESSAGES.captchaRequired, captchaRequired: true, field: "captcha" };
    }
  }

  const user = await passwordCheck(email, password);
  if (!user) {
    await recordFailure(keys, at);
    return wrongCredentials(await isCaptchaDemanded(keys, at, throttle));
  }
  await resetAccount(keys);

  if (!user.twoFactorEnabled) {
    return { status: "signed-in", claims: { userId: user.userId, licenseeId: user.licenseeId, sessionVersion: user.sessionVersion } };
  }
  const issued = await createOtpChallenge(user.userId, at, otp);
  if (!(await deliver(mailer, issued, otp))) {
    await cancelOtp(issued.challengeId, at);
    return { status: "refused", message: MESSAGES.serverError, captchaRequired: false };
  }
  return { status: "otp", challengeId: issued.challengeId, codeLength: otp.length, resendInSeconds: otp.validitySeconds };
}

export type CodeOutcome =
  | { status: "signed-in"; claims: SessionClaims }
  | { status: "refused"; message: string; dead: boolean };

/** Step 2: the code e-mailed for this attempt. */
export async function verifySignInCode(challengeId: string | null | undefined, code: unknown, deps: LoginDeps = {}): Promise<CodeOutcome> {
  const { now, otp } = resolve(deps);
  if (!challengeId) return { status: "refused", message: MESSAGES.otpDead, dead: true };
  const parsed = otpCodeSchema(otp.length).safeParse(code);
  if (!parsed.success) return { status: "refused", message: parsed.error.issues[0]?.message ?? invalidOtpMessage(otp.length), dead: false };
  const result = await checkOtp(challengeId, parsed.data, now());
  if (!result.ok) {
    if (result.reason === "wrong") return { status: "refused", message: MESSAGES.otpWrong, dead: false };
    if (result.reason === "expired") return { status: "refused", message: MESSAGES.otpExpired, dead: false };
    return { status: "refused", message: MESSAGES.otpDead, dead: true };
  }
  const claims = await claimsForUser(result.userId);
  return claims ? { status: "signed-in", claims } : { status: "refused", message: MESSAGES.otpDead, dead: true };
}

export type ResendOutcome =
  | { status: "sent"; resendInSeconds: number }
  | { status: "refused"; message: string; dead: boolean };

/** 'Re-send code': a new code for the same attempt; the previous one stops working. */
export async function resendSignInCode(challengeId: string | null | undefined, deps: LoginDeps = {}): Promise<ResendOutcome> {
  const { now, mailer, otp } = resolve(deps);
  if (!challengeId) return { status: "refused", message: MESSAGES.otpDead, dead: true };
  const result = await resendOtp(challengeId, now(), otp);
  if (!result.ok) {
    if (result.reason === "too-early") return { status: "refused", message: MESSAGES.otpTooEarly, dead: false };
    if (result.reason === "limit") return { status: "refused", message: MESSAGES.otpResendLimit, dead: true };
    return { status: "refused", message: MESSAGES.otpDead, dead: true };
  }
  if (!(await deliver(mailer, result.issued, otp))) return { status: "refused", message: MESSAGES.serverError, dead: false };
  return { status: "sent", resendInSeconds: otp.validitySeconds };
}

/** 'Back to Login': the attempt is abandoned and its code stops working. */
export async function abandonSignIn(challengeId: string | null | undefined, deps: LoginDeps = {}): Promise<void> {
  if (challengeId) await cancelOtp(challengeId, resolve(deps).now());
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
  try {
    await mailer(otpMail(issued.email, issued.code, otp.validitySeconds));
    return true;
  } catch (err) {
    log.error("verification code mail failed", { err: err instanceof Error ? err : new Error(String(err)) });
    return false;
  }
}
