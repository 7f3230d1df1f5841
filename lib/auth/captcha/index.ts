// Which captcha the sign-in uses, behind one interface: Cloudflare Turnstile
// when both its keys are configured, else reCAPTCHA when both of its keys are,
// else the self-hosted ALTCHA (works offline, needs no configuration).
import { verifyAltcha } from "./altcha";
import { verifyAndSpendRemote, type RemoteProvider } from "./remote";
import type { CaptchaClientConfig, CaptchaVerifier } from "./types";
import { envFrom, type EnvSource } from "../../env";

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

/** From lib/env; from `source` instead when given (tests). */
export function selectCaptcha(source?: EnvSource, fetchImpl?: typeof fetch): SelectedCaptcha {
  const config = envFrom(source);
  if (config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY) {
    return remote("turnstile", config.TURNSTILE_SITE_KEY, config.TURNSTILE_SECRET_KEY, fetchImpl);
  }
  if (config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY) {
    return remote("recaptcha", config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET_KEY, fetchImpl);
  }
  return {
    client: { provider: "altcha", challengeUrl: ALTCHA_CHALLENGE_URL },
    verifier: { provider: "altcha", verify: (token, { now }) => verifyAltcha(token, now) },
  };
}
