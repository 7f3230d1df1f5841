// Hosted captchas, used instead of ALTCHA when their keys are configured:
// Cloudflare Turnstile and Google reCAPTCHA (v2 checkbox). Both are verified
// server-side by an HTTPS POST of the widget's token to the provider.
import { spendToken, tokenHash } from "./spent";

export const VERIFY_URLS = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
} as const;

export type RemoteProvider = keyof typeof VERIFY_URLS;

// Tokens of both providers are valid for at most a few minutes.
const TOKEN_LIFETIME_MS = 5 * 60 * 1000;
const VERIFY_TIMEOUT_MS = 10_000;

/** Asks the provider whether the token is a valid solution. Network trouble counts as "no". */
export async function verifyRemoteToken(
  provider: RemoteProvider,
  secret: string,
  token: string,
  remoteIp: string | null,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  if (!token || token.length > 4096) return false;
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set("remoteip", remoteIp);
  try {
    const response = await fetchImpl(VERIFY_URLS[provider], {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const result = (await response.json()) as { success?: unknown };
    return result.success === true;
  } catch {
    return false;
  }
}

/** Verified by the provider, and (belt and braces) never presented to us before. */
export async function verifyAndSpendRemote(
  provider: RemoteProvider,
  secret: string,
  token: string,
  remoteIp: string | null,
  now: Date,
  fetchImpl?: typeof fetch,
): Promise<boolean> {
  if (!(await verifyRemoteToken(provider, secret, token, remoteIp, fetchImpl))) return false;
  return spendToken(tokenHash(provider, token), new Date(now.getTime() + TOKEN_LIFETIME_MS), now);
}
