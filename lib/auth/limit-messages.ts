// What a user is told when a sign-in limit refuses them (lib/sign-in/login.ts,
// lib/account/two-factor.ts): which limit, and when it ends. Short waits are
// said relative to now; the day-long block of code entry as a time in the
// user's own timezone, in the app's date format.
import { formatTimestamp } from "../format";

/** "1 minute", "14 minutes", "2 hours": rounded up, so the user never comes back too early. */
export function waitText(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  if (minutes < 120) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** '5 Mar 2024 14:03:09 (Europe/Berlin)' */
export function timeText(at: Date, timeZone: string): string {
  return `${formatTimestamp(at, timeZone)} (${timeZone})`;
}

export const LIMIT_MESSAGES = {
  accountLocked: (until: Date, now: Date) =>
    `Too many failed sign-in attempts. This account is locked: please try again in ${waitText(until, now)}.`,
  tooManyPasswordFailures: (until: Date, now: Date) =>
    `Too many incorrect passwords. Please try again in ${waitText(until, now)}.`,
  codeEntryBlocked: (until: Date, timeZone: string) =>
    `Too many incorrect verification codes. Code entry for this account is blocked until ${timeText(until, timeZone)}.`,
  tooManyCodes: (until: Date, now: Date) =>
    `Too many verification codes were requested for this account. Please try again in ${waitText(until, now)}.`,
  resendTooSoon: (until: Date, now: Date) =>
    `A code was sent moments ago. Please wait ${Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))} seconds before requesting another.`,
} as const;
