// A per-container rate limit with bounded memory: a token bucket per key
// (capacity `perMinute`, refilled continuously), kept in a Map capped at
// `maxKeys` entries. When a new key would exceed the cap, the key used least
// recently is forgotten (a Map iterates in insertion order and every use
// re-inserts its key). Forgetting a key only gives that client a full bucket
// again, so a flood of distinct addresses costs at most `maxKeys` entries of
// memory, never more. (rate-limiter-flexible's RateLimiterMemory keeps every
// key of the current window, without a bound.)
export interface TokenBucketOptions {
  /** Requests allowed per minute per key, also the burst allowed at once. */
  perMinute: number;
  /** Most keys remembered at once. */
  maxKeys: number;
  /** Milliseconds clock; tests pass their own. */
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class BoundedTokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly capacity: number;
  private readonly refillPerMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(options: TokenBucketOptions) {
    this.capacity = Math.max(1, options.perMinute);
    this.refillPerMs = this.capacity / 60_000;
    this.maxKeys = Math.max(1, options.maxKeys);
    this.now = options.now ?? Date.now;
  }

  /** Takes one token for `key`: false when its bucket is empty (the request is over the limit). */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.buckets.get(key);
    let tokens = this.capacity;
    if (bucket) {
      tokens = Math.min(this.capacity, bucket.tokens + Math.max(0, now - bucket.at) * this.refillPerMs);
      this.buckets.delete(key); // re-inserted below: now the most recently used
    }
    const allowed = tokens >= 1;
    this.buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
    if (this.buckets.size > this.maxKeys) {
      const oldest = this.buckets.keys().next().value;
      if (oldest !== undefined) this.buckets.delete(oldest);
    }
    return allowed;
  }

  /** Keys remembered now (at most maxKeys). */
  get size(): number {
    return this.buckets.size;
  }
}
