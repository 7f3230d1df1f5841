// The sign-in limits and their keys (counted by lib/auth/counters.ts):
// - captcha (shell.md 8, code 10048): failed passwords and wrong codes per
//   account ("email:<address>") and failed passwords per client
//   ("ip:<address>"), each within 15 minutes. The per-client threshold is
//   higher: many people can share one address (an office, a proxy).
// - hard lockout: failed passwords per account ("lockout:<address>") within
//   LOGIN_LOCKOUT_WINDOW_MINUTES lock it, whatever captchas are solved.
// Unknown e-mail addresses are counted and locked like known ones, so none of
// this tells whether an account exists.
import { normalizeEmail } from "./credentials";
import { env, envFrom, type EnvSource } from "../env";
import { normalizeIp, peerAddressFrom } from "./peer-address";
import type { CounterRule, LockRule } from "./counters";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
/** A lock in a row doubles the one before while the previous one ended less than this ago. */
export const LOCKOUT_MEMORY_MS = 24 * 3600 * 1000;

export interface ThrottleConfig {
  accountThreshold: number;
  clientThreshold: number;
}

/** CAPTCHA_THRESHOLD and CAPTCHA_CLIENT_THRESHOLD (lib/env); from `source` instead when given (tests). */
export function throttleConfig(source?: EnvSource): ThrottleConfig {
  const config = envFrom(source);
  return { accountThreshold: config.CAPTCHA_THRESHOLD, clientThreshold: config.CAPTCHA_CLIENT_THRESHOLD };
}

export interface LockoutConfig {
  /** Failed passwords per window that lock the account. */
  threshold: number;
  windowMs: number;
  /** The first lock; doubled for each lock in a row, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
}

/** LOGIN_LOCKOUT_* (lib/env); from `source` instead when given (tests). */
export function lockoutConfig(source?: EnvSource): LockoutConfig {
  const config = envFrom(source);
  return {
    threshold: config.LOGIN_LOCKOUT_THRESHOLD,
    windowMs: config.LOGIN_LOCKOUT_WINDOW_MINUTES * 60_000,
    lockMs: config.LOGIN_LOCKOUT_MINUTES * 60_000,
    maxLockMs: Math.max(config.LOGIN_LOCKOUT_MAX_MINUTES, config.LOGIN_LOCKOUT_MINUTES) * 60_000,
  };
}

export function lockRule(config: LockoutConfig): LockRule {
  return { windowMs: config.windowMs, limit: config.threshold, lockMs: config.lockMs, maxLockMs: config.maxLockMs, memoryMs: LOCKOUT_MEMORY_MS };
}

/** The captcha counters count without limit: the threshold is applied to the number each attempt gets. */
export const CAPTCHA_RULE: CounterRule = { windowMs: THROTTLE_WINDOW_MS };

export interface ThrottleKeys {
  /** Captcha counter of the account. */
  account: string;
  /** Captcha counter of the client address, when it is known. */
  client: string | null;
  /** Hard lockout counter of the account. */
  lockout: string;
}

export function throttleKeys(email: string, clientIp: string | null | undefined): ThrottleKeys {
  const address = normalizeEmail(email);
  return { account: `email:${address}`, client: clientIp ? `ip:${clientIp}` : null, lockout: `lockout:${address}` };
}

/**
 * The client's address.
 *
 * TRUST_PROXY_HOPS (default 0): how many proxies in front of the app append
 * the address they got the request from to X-Forwarded-For. With N of them
 * the client is the entry N places from the right; entries left of it were
 * written by the client and are ignored. (A request that reached the app
 * without the header gets one from Next's server: the connection's address.)
 * X-Real-IP only when there is no X-Forwarded-For.
 *
 * 0 (no proxy): neither header is trusted, because both are whatever the
 * client wrote (Next fills X-Forwarded-For with the connection's address only
 * when the client sent none). The address is the connection's own, as
 * stamped on the request by the HTTP server (lib/auth/peer-address.ts); null
 * when that is missing (no per-client counter then; the per-account ones
 * still apply).
 */
export function clientIpFrom(headers: { get(name: string): string | null }, trustedHops: number = env().TRUST_PROXY_HOPS): string | null {
  if (trustedHops < 1) return bounded(peerAddressFrom(headers));
  const forwarded = headers.get("x-forwarded-for");
  const hops = forwarded?.trim() ? forwarded.split(",").map((h) => h.trim()) : null;
  return bounded((hops ? hops[Math.max(0, hops.length - trustedHops)] : headers.get("x-real-ip")?.trim()) || null);
}

/** One spelling per address (IPv4-mapped IPv6 as IPv4); bounded: the key and log columns must not store arbitrary text. */
function bounded(ip: string | null): string | null {
  return ip ? normalizeIp(ip).slice(0, 64) : null;
}
