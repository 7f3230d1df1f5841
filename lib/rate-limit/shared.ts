// Rate limits shared by every container: counted in PostgreSQL (the RateLimit
// table, created by a migration) with rate-limiter-flexible's
// RateLimiterPostgres, one atomic INSERT ... ON CONFLICT per request, so
// concurrent requests on any number of servers all count. For limits that
// must hold across containers (an API key's requests); see memory.ts for the
// per-container kind. Besides the limit that refuses by itself
// (consumeSharedLimit), plain counts in the same windows (countShared,
// peekSharedCounts) for a caller that decides from several counts at once
// (wrong MMP postback keys).
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { databaseStoreClient } from "./store-client";

export interface RateLimitRule {
  /** Names the counter (the key prefix in the table): one rule per kind of limit. */
  name: string;
  /** Requests allowed per window. */
  points: number;
  windowSeconds: number;
}

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export const RATE_LIMIT_TABLE = "RateLimit";

// One limiter per rule as configured; a changed setting (tests) gets its own.
const limiters = new Map<string, RateLimiterPostgres>();

function limiterFor(rule: RateLimitRule): RateLimiterPostgres {
  const id = `${rule.name}|${rule.points}|${rule.windowSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: databaseStoreClient,
      storeType: "pool",
      tableName: RATE_LIMIT_TABLE,
      // The migration created it: no DDL at run time.
      tableCreated: true,
      keyPrefix: rule.name,
      points: rule.points,
      duration: rule.windowSeconds,
    });
    limiters.set(id, limiter);
  }
  return limiter;
}

/**
 * Counts one request for `key` under `rule`. Refused once more than
 * `points` requests fell into the current window; a database failure is
 * thrown (the caller's request needs the database anyway).
 */
export async function consumeSharedLimit(rule: RateLimitRule, key: string): Promise<RateLimitDecision> {
  try {
    const res = await limiterFor(rule).consume(key);
    return { allowed: true, remaining: res.remainingPoints };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
    throw e;
  }
}

/** A key's count under a rule: what fell into its current window. */
export interface SharedCount {
  /** 0 when the key has no current window. */
  count: number;
  /** Milliseconds until the window ends; 0 when there is none. */
  msLeft: number;
}

export interface SharedCounter {
  rule: RateLimitRule;
  key: string;
}

const NO_COUNT: SharedCount = { count: 0, msLeft: 0 };

/**
 * Adds one to `key`'s count under `rule` (a new window when the last one
 * ended) and returns the count now. Never refuses: `rule.points` is not
 * applied here, the caller decides what a count means.
 */
export async function countShared({ rule, key }: SharedCounter): Promise<SharedCount> {
  const res = await limiterFor(rule).penalty(key, 1);
  return { count: res.consumedPoints, msLeft: Math.max(0, res.msBeforeNext) };
}

/** The current counts of several counters (in their order), read in one query; nothing is counted. */
export async function peekSharedCounts(counters: readonly SharedCounter[]): Promise<SharedCount[]> {
  if (counters.length === 0) return [];
  const keys = counters.map(({ rule, key }) => limiterFor(rule).getKey(key));
  const now = Date.now();
  // rate-limiter-flexible's own get(), for several keys: a window that ended counts nothing.
  const { rows } = await databaseStoreClient.query({
    text: `SELECT key, points, expire FROM "${RATE_LIMIT_TABLE}" WHERE key IN (${keys.map((_, i) => `$${i + 2}`).join(", ")}) AND (expire > $1 OR expire IS NULL)`,
    values: [now, ...keys],
  });
  const byKey = new Map(rows.map((row) => [String(row.key), row]));
  return keys.map((k) => {
    const row = byKey.get(k);
    if (!row) return NO_COUNT;
    return { count: Number(row.points), msLeft: row.expire === null || row.expire === undefined ? 0 : Math.max(0, Number(row.expire) - now) };
  });
}
