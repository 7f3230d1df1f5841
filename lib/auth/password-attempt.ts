// One guarded password check, as the sign-in form makes it and as turning the
// second factor off makes it (so neither can be used to guess more than the
// other). In order:
// 1. the hard lockout: an account locked is refused before anything else;
// 2. a slot is RESERVED on the captcha counters (per account, per client)
//    before the password is looked at. Each attempt gets its own number in
//    one atomic statement, so 50 parallel attempts get 1..50 and only those
//    within the threshold go on without a solved captcha (a caller that
//    cannot show one, like the two-factor switch, is simply refused);
// 3. then a slot on the lockout counter, the same way: the attempt that
//    finds the threshold reached locks the account, captcha or not;
// 4. the password is checked. A failure keeps its slots (they are the
//    count); a success, or a refusal before the check, gives them back.
// Failures and locks go to the access log (PASSWORD_FAILED, LOCKOUT).
//
// A confirmation (the current password asked again inside a session: turning
// the second factor off, changing the password) has no captcha to show, and
// anyone who knows the e-mail can push the sign-in captcha counts up from
// outside. So a confirmation is not gated by them (it still adds to them):
// its own counter per account, which only a signed-in session can move,
// allows CONFIRMATION_ATTEMPTS wrong passwords per window instead. The hard
// lockout applies to both.
import { db } from "../db";
import type { CaptchaVerifier } from "./captcha/types";
import { checkPassword, normalizeEmail, type PasswordCheck } from "./credentials";
import { clearCounter, lockedUntil, releaseAll, reserve, startLock, type Reserved } from "./counters";
import { recordAuthEvent, type ClientInfo } from "./events";
import { CAPTCHA_RULE, lockRule, throttleKeys, THROTTLE_WINDOW_MS, type LockoutConfig, type ThrottleConfig, type ThrottleKeys } from "./throttle";

export interface PasswordAttemptInput {
  email: string;
  password: string;
  /** A captcha solution, when the form showed the captcha. */
  captcha?: string | null;
  client: ClientInfo;
  /** What the password is checked for, in the access log ("sign-in", "two-factor off"). */
  purpose: string;
}

/** Wrong passwords a signed-in confirmation may try per THROTTLE_WINDOW_MS. */
export const CONFIRMATION_ATTEMPTS = 5;

export interface PasswordAttemptDeps {
  now: Date;
  /** null: a confirmation inside a session (no captcha to show): gated by its own counter, see above. */
  captcha: CaptchaVerifier | null;
  throttle: ThrottleConfig;
  lockout: LockoutConfig;
  passwordCheck?: typeof checkPassword;
}

export type PasswordAttempt =
  | { status: "ok"; user: PasswordCheck; keys: ThrottleKeys }
  | { status: "wrong"; captchaRequired: boolean }
  /** A solved captcha is required first; `retryAt`: when the failures stop demanding one. */
  | { status: "captcha"; retryAt: Date }
  | { status: "locked"; until: Date };

export async function attemptPassword(input: PasswordAttemptInput, deps: PasswordAttemptDeps): Promise<PasswordAttempt> {
  const { now, throttle } = deps;
  const keys = throttleKeys(input.email, input.client.ip);
  // A locked account is told so at once (the lockout reservation below is what enforces it).
  const lockEndsAt = await lockedUntil(keys.lockout, now);
  if (lockEndsAt) return { status: "locked", until: lockEndsAt };

  const confirmation = deps.captcha === null ? await reserve(`confirm:${keys.account}`, now, CONFIRMATION_RULE) : null;
  if (confirmation && !confirmation.ok) return { status: "captcha", retryAt: confirmation.retryAt };
  const account = await countedSlot(keys.account, now);
  const client = keys.client ? await countedSlot(keys.client, now) : null;
  const over = (slot: Reserved | null, threshold: number, strict: boolean) => !!slot && (strict ? slot.count > threshold : slot.count >= threshold);
  const demanding = [over(account, throttle.accountThreshold, true) && account, over(client, throttle.clientThreshold, true) && client];
  const windowEnds = demanding.filter((s): s is Reserved => !!s).map((s) => s.windowStart.getTime() + THROTTLE_WINDOW_MS);
  if (windowEnds.length > 0 && !confirmation) {
    // Refused before the password is even looked at: no guessing without solving.
    const token = input.captcha;
    const solved = !!deps.captcha && !!token && (await deps.captcha.verify(token, { remoteIp: input.client.ip, now }));
    if (!solved) {
      await releaseAll([account, client]);
      return { status: "captcha", retryAt: new Date(Math.max(...windowEnds)) };
    }
  }
  // Only attempts past the captcha take a lockout slot: parallel attempts
  // refused for the captcha cannot lock the account for its owner.
  const lockout = await reserveUnlessLocked(keys, input, deps);
  if (!lockout.ok) {
    await releaseAll([account, client, confirmation]);
    return { status: "locked", until: lockout.until };
  }
  const slots = [lockout.slot, account, client, confirmation];

  const user = await (deps.passwordCheck ?? checkPassword)(input.email, input.password);
  if (!user) {
    await recordAuthEvent({ type: "PASSWORD_FAILED", ...(await whoIs(input.email)), client: input.client, detail: input.purpose });
    return { status: "wrong", captchaRequired: over(account, throttle.accountThreshold, false) || over(client, throttle.clientThreshold, false) };
  }
  await releaseAll(slots);
  return { status: "ok", user, keys };
}

/** A sign-in completed (after the second factor, when on): the account's captcha count starts over. */
export async function clearAccountFailures(email: string): Promise<void> {
  await clearCounter(throttleKeys(email, null).account);
}

/**
 * A wrong second-factor code counts toward the account's captcha threshold
 * like a wrong password (the next sign-in then needs a solved captcha).
 */
export async function countCodeFailure(email: string, now: Date): Promise<void> {
  await countedSlot(throttleKeys(email, null).account, now);
}

const CONFIRMATION_RULE = { windowMs: THROTTLE_WINDOW_MS, limit: CONFIRMATION_ATTEMPTS };

async function countedSlot(key: string, now: Date): Promise<Reserved> {
  const slot = await reserve(key, now, CAPTCHA_RULE);
  if (!slot.ok) throw new Error(`captcha counter ${key} refused a count`); // no limit: cannot happen
  return slot;
}

/**
 * A lockout slot, or the end of the lock. The attempt that finds the
 * window's failures at the threshold starts the lock (and logs it); the
 * ones racing it are refused by that lock.
 */
async function reserveUnlessLocked(
  keys: ThrottleKeys,
  input: PasswordAttemptInput,
  deps: PasswordAttemptDeps,
): Promise<{ ok: true; slot: Reserved } | { ok: false; until: Date }> {
  const rule = lockRule(deps.lockout);
  let slot = await reserve(keys.lockout, deps.now, rule);
  // Another attempt may start the lock, or give a slot back, between the
  // refusal and the lock: then ask again (a few times at most).
  for (let tries = 0; !slot.ok && tries < 5; tries++) {
    if (slot.locked) return { ok: false, until: slot.retryAt };
    const until = await startLock(keys.lockout, deps.now, rule);
    if (until) {
      await recordAuthEvent({ type: "LOCKOUT", ...(await whoIs(input.email)), client: input.client, detail: `password (${input.purpose})` });
      return { ok: false, until };
    }
    slot = await reserve(keys.lockout, deps.now, rule);
  }
  return slot.ok ? { ok: true, slot } : { ok: false, until: slot.retryAt };
}

/** The account an e-mail names, for the log: its user, or the address typed when there is none. */
async function whoIs(email: string): Promise<{ userId: number } | { email: string }> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) }, select: { id: true } });
  return user ? { userId: user.id } : { email: normalizeEmail(email) };
}
