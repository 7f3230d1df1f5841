// Sign-in rules and texts (shell.md 5, 8), shared by the client forms, the
// server actions and lib/sign-in/login.ts.
import { z } from "../validation/z";
import type { ActionResult } from "../actions/result";
import { EMAIL_RE, INVALID_EMAIL } from "../validation/email";

export const LoginSchema = z.object({
  // abort: an empty field gets only "required", not also "invalid".
  // The format is the spec's e-mail helper (shell.md 5), not zod's own.
  email: z.string().trim().min(1, { error: "Email is required", abort: true }).regex(EMAIL_RE, INVALID_EMAIL),
  password: z.string().min(1, "Password is required"),
});

export type LoginInput = z.infer<typeof LoginSchema>;

/** Server error code of shell.md 8: show the captcha (and reload it); it must be solved before the next try. */
export const CAPTCHA_REQUIRED_CODE = 10048;

export const WRONG_CREDENTIALS = "Username or password is incorrect";
export const CAPTCHA_REQUIRED = "Please complete the captcha";
export const OTP_REQUIRED = "Please enter the OTP sent to your registered email.";
export const OTP_RESENT = "New verification code has been sent to your email.";
export const NETWORK_ERROR = "Server error, Please try after sometime";

export function invalidOtpMessage(length: number): string {
  return `Invalid OTP. Please enter all ${length} digits of the OTP.`;
}

/** The code field: digits only, exactly the configured length. */
export function otpCodeSchema(length: number) {
  return z
    .string()
    .trim()
    .min(1, { error: OTP_REQUIRED, abort: true })
    .regex(new RegExp(`^\\d{${length}}$`), invalidOtpMessage(length));
}

// What the sign-in actions answer (inside ActionResult: unexpected failures
// arrive as { ok: false, formError }).
export type LoginStep =
  | { status: "signed-in"; redirectTo: string }
  | { status: "otp"; codeLength: number; resendInSeconds: number }
  | { status: "refused"; message: string; code?: typeof CAPTCHA_REQUIRED_CODE; field?: "captcha" };

export type OtpStep =
  | { status: "signed-in"; redirectTo: string }
  | { status: "refused"; message: string; dead: boolean };

export type ResendStep = { status: "sent"; resendInSeconds: number } | { status: "refused"; message: string; dead: boolean };

export type LoginResult = ActionResult<LoginStep>;
export type OtpResult = ActionResult<OtpStep>;
export type ResendResult = ActionResult<ResendStep>;
