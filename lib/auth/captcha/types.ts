// What the browser needs to render the captcha (no secrets): shared by the
// server-side selection and the client widget.
export type CaptchaProviderName = "altcha" | "turnstile" | "recaptcha";

export type CaptchaClientConfig =
  | { provider: "altcha"; challengeUrl: string }
  | { provider: "turnstile" | "recaptcha"; siteKey: string };

export interface CaptchaVerifyContext {
  remoteIp: string | null;
  now: Date;
}

export interface CaptchaVerifier {
  readonly provider: CaptchaProviderName;
  /** True only for a valid solution never presented before; a true answer spends it. */
  verify(token: string, context: CaptchaVerifyContext): Promise<boolean>;
}
