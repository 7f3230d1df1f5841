// Self-hosted proof-of-work captcha (ALTCHA v2 protocol): works offline and
// needs no third party. Challenges are HMAC-signed (key CAPTCHA_HMAC_KEY, else
// derived from AUTH_SECRET), expire after 5 minutes and a solved payload is
// accepted once.
import crypto from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { deriveSecret } from "../credentials";
import { spendToken, tokenHash } from "./spent";
import { envFrom, envStrings, type EnvSource } from "../../env";

export const ALTCHA_TTL_MS = 5 * 60 * 1000;
// PBKDF2 iterations per guess and the range of the secret counter: about a
// second of work for a browser with a few cores, a few seconds for a script.
const COST = 500;
const COUNTER_MIN = 1_000;
const COUNTER_MAX = 4_000;

export interface AltchaSecrets {
  signature: string;
  key: string;
}

/** CAPTCHA_HMAC_KEY, else AUTH_SECRET (lib/env); from `source` instead when given (tests). */
export function altchaSecrets(source?: EnvSource): AltchaSecrets {
  const base = envFrom(source).CAPTCHA_HMAC_KEY;
  const derive = (purpose: string) =>
    base ? crypto.createHmac("sha256", base).update(purpose).digest("hex") : deriveSecret(purpose, envStrings(["AUTH_SECRET", "NODE_ENV"], source));
  return { signature: derive("altcha-challenge"), key: derive("altcha-key") };
}

export async function createAltchaChallenge(now: Date = new Date(), secrets = altchaSecrets()): Promise<Challenge> {
  return createChallenge({
    algorithm: "PBKDF2/SHA-256",
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(now.getTime() + ALTCHA_TTL_MS),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  });
}

function parsePayload(token: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(token, "base64").toString("utf8")) as Payload;
    return value?.challenge?.parameters && value.solution ? value : null;
  } catch {
    return null;
  }
}

/** A payload from the widget: signed by us, solved, not expired, never presented before. */
export async function verifyAltcha(token: string, now: Date, secrets = altchaSecrets()): Promise<boolean> {
  if (token.length > 8192) return false;
  const payload = parsePayload(token);
  const expiresAt = payload?.challenge.parameters.expiresAt;
  if (!payload || !payload.challenge.signature || !expiresAt || expiresAt * 1000 <= now.getTime()) return false;
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
  }).catch(() => null);
  if (!result?.verified) return false;
  // The signature identifies the challenge; one accepted solution per challenge.
  return spendToken(tokenHash("altcha", payload.challenge.signature), new Date(expiresAt * 1000), now);
}
