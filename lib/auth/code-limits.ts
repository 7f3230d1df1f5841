// Limits of the e-mailed second factor per ACCOUNT, across all of its sign-in
// attempts (each correct password starts a new attempt with 5 tries of its
// own, so per-attempt limits alone let a 4-digit code be guessed):
// - wrong codes: at most OTP_MAX_WRONG_CODES per OTP_WRONG_CODE_WINDOW_HOURS
//   (the window starts at the first wrong code); then code entry is blocked
//   until the window ends. A correct password does not reset the count.
// - code mails: at most OTP_CODES_PER_HOUR (first codes and re-sends), and a
//   re-send at most once per OTP_RESEND_INTERVAL_SECONDS.
import { envFrom, type EnvSource } from "../env";
import { currentCount, release, reserve, type Refused, type Reserved } from "./counters";

export interface CodeLimits {
  maxWrongCodes: number;
  wrongCodeWindowMs: number;
  resendIntervalMs: number;
  codesPerHour: number;
}

/** OTP_MAX_WRONG_CODES, OTP_WRONG_CODE_WINDOW_HOURS, OTP_RESEND_INTERVAL_SECONDS, OTP_CODES_PER_HOUR (lib/env). */
export function codeLimits(source?: EnvSource): CodeLimits {
  const config = envFrom(source);
  return {
    maxWrongCodes: config.OTP_MAX_WRONG_CODES,
    wrongCodeWindowMs: config.OTP_WRONG_CODE_WINDOW_HOURS * 3600_000,
    resendIntervalMs: config.OTP_RESEND_INTERVAL_SECONDS * 1000,
    codesPerHour: config.OTP_CODES_PER_HOUR,
  };
}

export const wrongCodeKey = (userId: number) => `otp-wrong:${userId}`;
const resendKey = (userId: number) => `otp-resend:${userId}`;
const mailKey = (userId: number) => `otp-mail:${userId}`;

const wrongCodeRule = (limits: CodeLimits) => ({ windowMs: limits.wrongCodeWindowMs, limit: limits.maxWrongCodes });

/**
 * Takes one of the account's code tries before the code is checked (reserve,
 * then check: parallel guesses cannot exceed the limit). Keep it for a wrong
 * code, release it for anything else. Refused: code entry is blocked until
 * `retryAt`.
 */
export function reserveCodeTry(userId: number, now: Date, limits: CodeLimits): Promise<Reserved | Refused> {
  return reserve(wrongCodeKey(userId), now, wrongCodeRule(limits));
}

/** Whether a kept try used up the account's allowance: the wrong code that blocks code entry (exactly one per window). */
export function blocksCodeEntry(kept: Reserved, limits: CodeLimits): boolean {
  return kept.count === limits.maxWrongCodes;
}

export function blockEnd(kept: Reserved, limits: CodeLimits): Date {
  return new Date(kept.windowStart.getTime() + limits.wrongCodeWindowMs);
}

/** The end of the block on the account's code entry, or null when codes may be entered. */
export async function codeEntryBlockedUntil(userId: number, now: Date, limits: CodeLimits): Promise<Date | null> {
  return (await currentCount(wrongCodeKey(userId), now, wrongCodeRule(limits))).retryAt;
}

export type CodeMailSlot =
  | { ok: true; release(): Promise<void> }
  | { ok: false; reason: "interval" | "hourly"; retryAt: Date };

/** Room for one more code mail to the account: a first code, or a re-send (which also keeps its interval). */
export async function reserveCodeMail(userId: number, now: Date, limits: CodeLimits, kind: "first" | "resend"): Promise<CodeMailSlot> {
  const interval = kind === "resend" ? await reserve(resendKey(userId), now, { windowMs: limits.resendIntervalMs, limit: 1 }) : null;
  if (interval && !interval.ok) return { ok: false, reason: "interval", retryAt: interval.retryAt };
  const hourly = await reserve(mailKey(userId), now, { windowMs: 3600_000, limit: limits.codesPerHour });
  const taken = [interval, hourly].filter((r): r is Reserved => !!r && r.ok);
  const giveBack = async () => {
    for (const r of taken) await release(r);
  };
  if (!hourly.ok) {
    await giveBack();
    return { ok: false, reason: "hourly", retryAt: hourly.retryAt };
  }
  return { ok: true, release: giveBack };
}
