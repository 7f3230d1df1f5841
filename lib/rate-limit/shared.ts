// Rate limits shared by every container: counted in PostgreSQL (the RateLimit
// table, created by a migration) with rate-limiter-flexible's
// RateLimiterPostgres, one atomic INSERT ... ON CONFLICT per request, so
// concurrent requests on any number of servers all count. For limits that
// must hold across containers (an API key's requests); see memory.ts for the
// per-container kind.
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
