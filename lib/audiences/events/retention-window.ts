// How long stored user events (UserEvent) are kept: as long as the longest
// look-back anything reads them over, plus one day, so pruning never removes
// an event a reader could still count. The readers and their limits:
// - rule durations (lib/audiences/meta-rules.ts MAX_RULE_DURATION: 180 days, or 4320 hours);
// - backfill templates' "in the last D days" (backfill/query.ts BACKFILL_LIMITS: 180);
// - the look-alike model's features (lookalike/features.ts FEATURE_LOOKBACK_DAYS: 180);
// - the daily-users recount, which reads back the audience's user expiry days (schema.ts USER_EXPIRY: 180 at most).
// Computed from those constants, so raising one of them keeps events longer
// instead of silently starving it. Pure: the postback parser uses it too.
import { BACKFILL_LIMITS } from "../backfill/query";
import { FEATURE_LOOKBACK_DAYS } from "../lookalike/features";
import { MAX_RULE_DURATION } from "../meta-rules";
import { USER_EXPIRY } from "../schema";

const DAY_MS = 86_400_000;

/** Days of events every reader may look back over. */
export const LONGEST_EVENT_LOOKBACK_DAYS = Math.max(
  MAX_RULE_DURATION.DAY,
  Math.ceil(MAX_RULE_DURATION.HOUR / 24),
  BACKFILL_LIMITS.days.max,
  FEATURE_LOOKBACK_DAYS,
  USER_EXPIRY.max,
);

/** Days an event is kept: the longest look-back and one day of margin (readers count from the start of a UTC day). */
export const USER_EVENT_RETENTION_DAYS = LONGEST_EVENT_LOOKBACK_DAYS + 1;

/** Events that occurred before this instant are past retention: midnight UTC, USER_EVENT_RETENTION_DAYS before today. */
export function userEventCutoff(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - USER_EVENT_RETENTION_DAYS * DAY_MS);
}
