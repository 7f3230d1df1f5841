// Failed sign-in counters that decide when the captcha is demanded (shell.md 8,
// code 10048): per account ("email:<address>") and per client ("ip:<address>"),
// each within a sliding 15-minute window. Kept in the database because many
// containers serve one site. The per-client threshold is higher than the
// per-account one: many people can share one address (an office, a proxy).
import { db } from "../db";
import { normalizeEmail } from "./credentials";
import { env, envFrom, type EnvSource } from "../env";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleConfig {
  accountThreshold: number;
  clientThreshold: number;
}

/** CAPTCHA_THRESHOLD and CAPTCHA_CLIENT_THRESHOLD (lib/env.ts); from `source` instead when given (tests). */
export function throttleConfig(source?: EnvSource): ThrottleConfig {
  const config = envFrom(source);
  return { accountThreshold: config.CAPTCHA_THRESHOLD, clientThreshold: config.CAPTCHA_CLIENT_THRESHOLD };
}

export interface ThrottleKeys {
  account: string;
  client: string | null;
}

export function throttleKeys(email: string, clientIp: string | null | undefined): ThrottleKeys {
  return { account: `email:${normalizeEmail(email)}`, client: clientIp ? `ip:${clientIp}` : null };
}

/**
 * The client's address. Each of the `trustedHops` proxies in front of the app
 * (TRUST_PROXY_HOPS, default 1: one load balancer) appends the address it got
 * the request from to X-Forwarded-For, so the client is the entry that many
 * places from the right; entries left of it were sent by the client and are
 * ignored. (With no proxy, Next's server fills an absent X-Forwarded-For with
 * the socket address.) X-Real-IP only when there is no X-Forwarded-For.
 * 0 trusts neither header: no client address, so no per-client counter (the
 * per-account one still demands the captcha).
 */
export function clientIpFrom(headers: { get(name: string): string | null }, trustedHops: number = env().TRUST_PROXY_HOPS): string | null {
  if (trustedHops < 1) return null;
  const forwarded = headers.get("x-forwarded-for");
  const hops = forwarded?.trim() ? forwarded.split(",").map((h) => h.trim()) : null;
  const ip = (hops ? hops[Math.max(0, hops.length - trustedHops)] : headers.get("x-real-ip")?.trim()) || "";
  // Bounded: the key column must not become a place to store arbitrary text.
  return ip ? ip.slice(0, 64) : null;
}

function keysOf(keys: ThrottleKeys): string[] {
  return keys.client ? [keys.account, keys.client] : [keys.account];
}

/** Whether the next password attempt for these keys must carry a solved captcha. */
export async function isCaptchaDemanded(keys: ThrottleKeys, now: Date, config = throttleConfig()): Promise<boolean> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const rows = await db.loginThrottle.findMany({ where: { key: { in: keysOf(keys) }, windowStart: { gt: since } } });
  return rows.some((r) =>
    r.key === keys.account ? r.failures >= config.accountThreshold : r.failures >= config.clientThreshold,
  );
}

/** Counts one failed attempt against each key; a window older than 15 minutes starts over. */
export async function recordFailure(keys: ThrottleKeys, now: Date): Promise<void> {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  for (const key of keysOf(keys)) {
    // One statement, so concurrent failures are all counted.
    await db.$executeRaw`
      INSERT INTO "LoginThrottle" ("key", "failures", "windowStart", "updatedAt")
      VALUES (${key}, 1, ${now}, ${now})
      ON CONFLICT ("key") DO UPDATE SET
        "failures" = CASE WHEN "LoginThrottle"."windowStart" <= ${since} THEN 1 ELSE "LoginThrottle"."failures" + 1 END,
        "windowStart" = CASE WHEN "LoginThrottle"."windowStart" <= ${since} THEN ${now} ELSE "LoginThrottle"."windowStart" END,
        "updatedAt" = ${now}`;
  }
  // Expired windows are worthless: keep the table small.
  await db.loginThrottle.deleteMany({ where: { windowStart: { lte: since } } });
}

/** A successful password check clears the account's counter (not the client's). */
export async function resetAccount(keys: ThrottleKeys): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key: keys.account } });
}
