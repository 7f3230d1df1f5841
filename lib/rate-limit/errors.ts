// The answer to a caller over a limit: HTTP 429 with Retry-After (the REST
// API's error envelope maps it, lib/rest/errors.ts).
export const RATE_LIMITED_MESSAGE = "Too many requests. Please try again later.";

export class RateLimitedError extends Error {
  readonly status = 429;
  /** Whole seconds until the caller may try again (at least 1): the Retry-After header. */
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = RATE_LIMITED_MESSAGE) {
    super(message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}
