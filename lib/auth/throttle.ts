// Failed sign-in counters that decide when the captcha is demanded (shell.md 8,
// code 10048): per account ("email:<address>") and per client ("ip:<address>"),
// each within a sliding 15-minute window. Kept in the database because many
// containers serve one site. The per-client threshold is higher than the
// per-account one: many people can share one address (an office, a proxy).
import { db } from "../db";
import { normalizeEmail } from "./credentials";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

export interface ThrottleConfig {
  accountThreshold: number;
  clientThreshold: number;
}

function positiveInt(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function throttleConfig(source: Record<string, string | undefined> = process.env): ThrottleConfig {
  return {
    accountThreshold: positiveInt(source.CAPTCHA_THRESHOLD, 3),
    clientThreshold: positiveInt(source.CAPTCHA_CLIENT_THRESHOLD, 20),
  };
}

export interface ThrottleKeys {
  account: string;
  client: string | null;
}

export function throttleKeys(email: string, clientIp: string | null | undefined): ThrottleKeys {
  return { account: `email:${normalizeEmail(email)}`, client: clientIp ? `ip:${clientIp}` : null };
}

/** The client's address: the first hop of X-Forwarded-For, else X-Real-IP. */
export function clientIpFrom(headers: { get(name: string): string | null }): string | null {
  const first = headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = first || headers.get("x-real-ip")?.trim() || "";
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
