// Windowed counters of the sign-in rules (LoginThrottle rows), shared by every
// container through the database. Each count is one atomic statement that
// increments and reads together, so parallel requests each get their own
// number and a decision taken on it holds however many arrive at once:
// callers RESERVE a slot before the work it guards (a password or code check)
// and RELEASE it when the work turns out not to count (a right password, a
// refused captcha). Check-then-record would let parallel attempts all pass
// the check before any of them is recorded.
//
// A window starts with its first count and lasts `windowMs`; a row whose
// `expiresAt` has passed is treated as absent (and pruned).
import { db } from "../db";

export interface CounterRule {
  windowMs: number;
  /** Slots per window; a reservation past it is refused until the window ends. None: count without limit. */
  limit?: number;
}

export interface Reserved {
  ok: true;
  key: string;
  /** This reservation's number in the window (1 for the first). */
  count: number;
  windowStart: Date;
}

export interface Refused {
  ok: false;
  key: string;
  /** When a reservation can succeed again: the end of the window, or of the lock. */
  retryAt: Date;
  /** Refused by a lock (startLock), not by the window's limit. */
  locked: boolean;
}

/** No limit: Postgres' largest integer, so the comparison stays one statement. */
const UNLIMITED = 2_147_483_647;

const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

/** Takes the next slot of `key`'s window, or refuses when the window is full or the key is locked. */
export async function reserve(key: string, now: Date, rule: CounterRule): Promise<Reserved | Refused> {
  const since = new Date(now.getTime() - rule.windowMs);
  const windowEnd = new Date(now.getTime() + rule.windowMs);
  const limit = rule.limit ?? UNLIMITED;
  // live: the row still matters; open: its window still runs. Locks and their
  // repeat count (lockouts) survive a new window while the row is live.
  const rows = await db.$queryRaw<{ failures: number; windowStart: Date }[]>`
    INSERT INTO "LoginThrottle" AS t ("key", "failures", "windowStart", "expiresAt", "updatedAt")
    VALUES (${key}, 1, ${now}, ${windowEnd}, ${now})
    ON CONFLICT ("key") DO UPDATE SET
      "failures" = CASE WHEN t."expiresAt" > ${now} AND t."windowStart" > ${since} THEN t."failures" + 1 ELSE 1 END,
      "windowStart" = CASE WHEN t."expiresAt" > ${now} AND t."windowStart" > ${since} THEN t."windowStart" ELSE ${now} END,
      "lockouts" = CASE WHEN t."expiresAt" > ${now} THEN t."lockouts" ELSE 0 END,
      "lockedUntil" = CASE WHEN t."expiresAt" > ${now} THEN t."lockedUntil" END,
      "expiresAt" = CASE
        WHEN t."expiresAt" > ${now} AND t."windowStart" > ${since} THEN t."expiresAt"
        WHEN t."expiresAt" > ${now} THEN GREATEST(t."expiresAt", ${windowEnd})
        ELSE ${windowEnd} END,
      "updatedAt" = ${now}
    WHERE t."expiresAt" <= ${now}
       OR ((t."lockedUntil" IS NULL OR t."lockedUntil" <= ${now})
           AND (t."windowStart" <= ${since} OR t."failures" < ${limit}))
    RETURNING "failures", "windowStart"`;
  await pruneExpired(now);
  const row = rows[0];
  if (row) return { ok: true, key, count: Number(row.failures), windowStart: new Date(row.windowStart) };
  return refusal(key, now, rule);
}

async function refusal(key: string, now: Date, rule: CounterRule): Promise<Refused> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (row?.lockedUntil && row.lockedUntil > now) return { ok: false, key, retryAt: row.lockedUntil, locked: true };
  const retryAt = row ? new Date(row.windowStart.getTime() + rule.windowMs) : now;
  return { ok: false, key, retryAt, locked: false };
}

/** Gives a slot back (the attempt it guarded does not count). A window that has started over meanwhile is left alone. */
export async function release(reserved: Reserved): Promise<void> {
  await db.$executeRaw`
    UPDATE "LoginThrottle" SET "failures" = "failures" - 1
    WHERE "key" = ${reserved.key} AND "windowStart" = ${reserved.windowStart} AND "failures" > 0`;
}

export async function releaseAll(reservations: (Reserved | null | undefined)[]): Promise<void> {
  for (const r of reservations) if (r) await release(r);
}

/** The count in `key`'s current window (0 when there is none), without taking a slot. */
export async function currentCount(key: string, now: Date, rule: CounterRule): Promise<{ count: number; retryAt: Date | null }> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  if (row?.lockedUntil && row.lockedUntil > now) return { count: row.failures, retryAt: row.lockedUntil };
  if (!row || row.expiresAt <= now || row.windowStart.getTime() <= now.getTime() - rule.windowMs) return { count: 0, retryAt: null };
  const full = rule.limit !== undefined && row.failures >= rule.limit;
  return { count: row.failures, retryAt: full ? new Date(row.windowStart.getTime() + rule.windowMs) : null };
}

/** The end of `key`'s lock (startLock), or null when it is not locked. */
export async function lockedUntil(key: string, now: Date): Promise<Date | null> {
  const row = await db.loginThrottle.findUnique({ where: { key }, select: { lockedUntil: true } });
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

export async function clearCounter(key: string): Promise<void> {
  await db.loginThrottle.deleteMany({ where: { key } });
}

export interface LockRule extends Required<CounterRule> {
  /** The first lock; each lock in a row lasts twice as long as the one before, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** How long after a lock ends the next one still counts as "in a row". */
  memoryMs: number;
}

export function lockDurationMs(rule: Pick<LockRule, "lockMs" | "maxLockMs">, previousLocks: number): number {
  return Math.min(rule.maxLockMs, rule.lockMs * 2 ** Math.min(previousLocks, 30));
}

/**
 * Locks `key` when its window is full (a reservation was just refused for
 * that): returns the end of the lock to the one caller that started it, null
 * to everyone else (already locked, or another caller won). The conditional
 * update is the lock's single point of truth, so a lock starts once however
 * many refused callers race here.
 */
export async function startLock(key: string, now: Date, rule: LockRule): Promise<Date | null> {
  const row = await db.loginThrottle.findUnique({ where: { key } });
  const since = now.getTime() - rule.windowMs;
  if (!row || row.expiresAt <= now || row.windowStart.getTime() <= since || row.failures < rule.limit) return null;
  if (row.lockedUntil && row.lockedUntil > now) return null;
  const until = new Date(now.getTime() + lockDurationMs(rule, row.lockouts));
  const { count } = await db.loginThrottle.updateMany({
    where: {
      key,
      lockouts: row.lockouts,
      windowStart: row.windowStart,
      failures: { gte: rule.limit },
      OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }],
    },
    // A new window from the lock's start: after the lock the count begins at 0.
    data: {
      lockedUntil: until,
      lockouts: { increment: 1 },
      failures: 0,
      windowStart: now,
      expiresAt: new Date(until.getTime() + rule.memoryMs),
      updatedAt: now,
    },
  });
  return count === 1 ? until : null;
}

/** Rows past their expiry are worthless: keep the table small (at most once a minute per process). */
async function pruneExpired(now: Date): Promise<void> {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  await db.loginThrottle.deleteMany({ where: { expiresAt: { lt: now } } });
}
