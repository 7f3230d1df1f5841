// Which captcha the sign-in uses, behind one interface: Cloudflare Turnstile
// when both its keys are configured, else reCAPTCHA when both of its keys are,
// else the self-hosted ALTCHA (works offline, needs no configuration).
import { verifyAltcha } from "./altcha";
import { verifyAndSpendRemote, type RemoteProvider } from "./remote";
import type { CaptchaClientConfig, CaptchaVerifier } from "./types";

export type { CaptchaClientConfig, CaptchaVerifier, CaptchaProviderName } from "./types";

export const ALTCHA_CHALLENGE_URL = "/api/captcha";

export interface SelectedCaptcha {
  client: CaptchaClientConfig;
  verifier: CaptchaVerifier;
}

function remote(provider: RemoteProvider, siteKey: string, secret: string, fetchImpl?: typeof fetch): SelectedCaptcha {
  return {
    client: { provider, siteKey },
    verifier: {
      provider,
      verify: (token, { remoteIp, now }) => verifyAndSpendRemote(provider, secret, token, remoteIp, now, fetchImpl),
    },
  };
}

export function selectCaptcha(source: Record<string, string | undefined> = process.env, fetchImpl?: typeof fetch): SelectedCaptcha {
  if (source.TURNSTILE_SITE_KEY && source.TURNSTILE_SECRET_KEY) {
    return remote("turnstile", source.TURNSTILE_SITE_KEY, source.TURNSTILE_SECRET_KEY, fetchImpl);
  }
  if (source.RECAPTCHA_SITE_KEY && source.RECAPTCHA_SECRET_KEY) {
    return remote("recaptcha", source.RECAPTCHA_SITE_KEY, source.RECAPTCHA_SECRET_KEY, fetchImpl);
  }
  return {
    client: { provider: "altcha", challengeUrl: ALTCHA_CHALLENGE_URL },
    verifier: { provider: "altcha", verify: (token, { now }) => verifyAltcha(token, now) },
  };
}
