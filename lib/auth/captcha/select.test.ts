// Which captcha the sign-in uses: Turnstile, else reCAPTCHA, each only with
// both of its keys; else the self-hosted ALTCHA. Only site keys reach the browser.
import { ALTCHA_CHALLENGE_URL, selectCaptcha } from "./index";

test("ALTCHA by default", () => {
  const { client, verifier } = selectCaptcha({});
  expect(client).toEqual({ provider: "altcha", challengeUrl: ALTCHA_CHALLENGE_URL });
  expect(verifier.provider).toBe("altcha");
});

test("Turnstile when both of its keys are configured, even if reCAPTCHA's are too", () => {
  const env = { TURNSTILE_SITE_KEY: "ts-site", TURNSTILE_SECRET_KEY: "ts-secret", RECAPTCHA_SITE_KEY: "rc-site", RECAPTCHA_SECRET_KEY: "rc-secret" };
  const { client, verifier } = selectCaptcha(env);
  expect(client).toEqual({ provider: "turnstile", siteKey: "ts-site" });
  expect(verifier.provider).toBe("turnstile");
  expect(JSON.stringify(client)).not.toContain("secret");
});

test("reCAPTCHA when only its keys are complete", () => {
  const { client } = selectCaptcha({ TURNSTILE_SITE_KEY: "ts-site", RECAPTCHA_SITE_KEY: "rc-site", RECAPTCHA_SECRET_KEY: "rc-secret" });
  expect(client).toEqual({ provider: "recaptcha", siteKey: "rc-site" });
});

test("half a key pair falls back to ALTCHA", () => {
  expect(selectCaptcha({ TURNSTILE_SITE_KEY: "x" }).client.provider).toBe("altcha");
  expect(selectCaptcha({ RECAPTCHA_SECRET_KEY: "x" }).client.provider).toBe("altcha");
});
