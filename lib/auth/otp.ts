// One-time codes of the e-mail second factor (shell.md 2.2, 4, 9). A code is
// random, stored only as an HMAC bound to its challenge (the sign-in attempt,
// whose id lives in an httpOnly cookie), single-use, expires, and dies with
// its challenge after 5 wrong tries. Re-sending replaces the code of the same
// challenge, so the old one stops working. The limits per account, across all
// of its attempts (wrong codes per day, code mails), are lib/auth/code-limits.ts.
import crypto from "node:crypto";
import { db } from "../db";
import { deriveSecret } from "./credentials";
import { envFrom, type EnvSource } from "../env";

export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_MAX_RESENDS = 5;
/** The sign-in attempt's cookie: lives as long as an attempt may (code validity times its re-sends). */
export const OTP_COOKIE = "dsp_signin_attempt";

export interface OtpConfig {
  length: number;
  validitySeconds: number;
}

/** OTP_LENGTH and OTP_VALIDITY_SECONDS (lib/env); from `source` instead when given (tests). */
export function otpConfig(source?: EnvSource): OtpConfig {
  const config = envFrom(source);
  return { length: config.OTP_LENGTH, validitySeconds: config.OTP_VALIDITY_SECONDS };
}

export function generateCode(length: number): string {
  return String(crypto.randomInt(0, 10 ** length)).padStart(length, "0");
}

export function hashCode(challengeId: string, code: string): string {
  return crypto.createHmac("sha256", deriveSecret("otp-code")).update(`${challengeId}:${code}`).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export interface IssuedCode {
  challengeId: string;
  code: string;
  email: string;
}

/** Starts a sign-in attempt's second factor: a fresh challenge and its first code. */
export async function createOtpChallenge(userId: number, now: Date, config = otpConfig()): Promise<IssuedCode> {
  // Attempts abandoned long ago are worthless: keep the table small.
  await db.otpChallenge.deleteMany({ where: { expiresAt: { lt: new Date(now.getTime() - 24 * 3600 * 1000) } } });
  const challengeId = crypto.randomBytes(32).toString("base64url");
  const code = generateCode(config.length);
  const row = await db.otpChallenge.create({
    data: {
      id: challengeId,
      userId,
      codeHash: hashCode(challengeId, code),
      expiresAt: new Date(now.getTime() + config.validitySeconds * 1000),
      sentAt: now,
      createdAt: now,
    },
    include: { user: { select: { email: true } } },
  });
  return { challengeId, code, email: row.user.email };
}

/** Who an attempt's codes go to; null when there is no such attempt. */
export async function challengeOwner(challengeId: string): Promise<{ userId: number; email: string } | null> {
  const row = await db.otpChallenge.findUnique({ where: { id: challengeId }, select: { userId: true, user: { select: { email: true } } } });
  return row && { userId: row.userId, email: row.user.email };
}

export type OtpCheck =
  | { ok: true; userId: number }
  /** A wrong code; at 0 tries left the attempt has died with it. */
  | { ok: false; reason: "wrong"; triesLeft: number }
  | { ok: false; reason: "expired" | "dead" };

/** Checks a code against the attempt's challenge; a right code is spent at once. */
export async function checkOtp(challengeId: string, code: string, now: Date): Promise<OtpCheck> {
  // Reserve a try first, in one statement: parallel guesses cannot exceed the limit.
  const reserved = await db.otpChallenge.updateMany({
    where: { id: challengeId, consumedAt: null, attempts: { lt: OTP_MAX_WRONG_TRIES } },
    data: { attempts: { increment: 1 } },
  });
  if (reserved.count !== 1) return { ok: false, reason: "dead" };
  const row = await db.otpChallenge.findUniqueOrThrow({ where: { id: challengeId } });
  const giveBack = { attempts: { decrement: 1 } };
  if (row.expiresAt <= now) {
    await db.otpChallenge.update({ where: { id: challengeId }, data: giveBack });
    return { ok: false, reason: "expired" };
  }
  if (!sameHash(row.codeHash, hashCode(challengeId, code))) {
    return { ok: false, reason: "wrong", triesLeft: OTP_MAX_WRONG_TRIES - row.attempts };
  }
  // The codeHash condition loses against a re-send that replaced the code meanwhile.
  const spent = await db.otpChallenge.updateMany({
    where: { id: challengeId, consumedAt: null, codeHash: row.codeHash },
    data: { consumedAt: now, ...giveBack },
  });
  return spent.count === 1 ? { ok: true, userId: row.userId } : { ok: false, reason: "dead" };
}

export type OtpResendCheck =
  | { ok: true; userId: number; email: string; resendCount: number }
  | { ok: false; reason: "too-early"; waitSeconds: number }
  | { ok: false; reason: "dead" | "limit" };

/** Whether the attempt may have a new code now: alive, re-sends left, the countdown of the previous one over. */
export async function checkResend(challengeId: string, now: Date, config = otpConfig()): Promise<OtpResendCheck> {
  const row = await db.otpChallenge.findUnique({ where: { id: challengeId }, include: { user: { select: { email: true } } } });
  if (!row || row.consumedAt || row.attempts >= OTP_MAX_WRONG_TRIES) return { ok: false, reason: "dead" };
  if (row.resendCount >= OTP_MAX_RESENDS) return { ok: false, reason: "limit" };
  // One second of slack for the browser's countdown finishing slightly early.
  const allowedAt = row.sentAt.getTime() + (config.validitySeconds - 1) * 1000;
  if (now.getTime() < allowedAt) return { ok: false, reason: "too-early", waitSeconds: Math.ceil((allowedAt - now.getTime()) / 1000) };
  return { ok: true, userId: row.userId, email: row.user.email, resendCount: row.resendCount };
}

/** A new code for the attempt checked by checkResend; null when it changed meanwhile (used, died, re-sent). */
export async function replaceCode(
  checked: { email: string; resendCount: number },
  challengeId: string,
  now: Date,
  config = otpConfig(),
): Promise<IssuedCode | null> {
  const code = generateCode(config.length);
  const updated = await db.otpChallenge.updateMany({
    where: { id: challengeId, consumedAt: null, resendCount: checked.resendCount, attempts: { lt: OTP_MAX_WRONG_TRIES } },
    data: {
      codeHash: hashCode(challengeId, code),
      expiresAt: new Date(now.getTime() + config.validitySeconds * 1000),
      sentAt: now,
      resendCount: { increment: 1 },
    },
  });
  return updated.count === 1 ? { challengeId, code, email: checked.email } : null;
}

/** Back to Login: the attempt can no longer be completed. */
export async function cancelOtp(challengeId: string, now: Date): Promise<void> {
  await db.otpChallenge.updateMany({ where: { id: challengeId, consumedAt: null }, data: { consumedAt: now } });
}
