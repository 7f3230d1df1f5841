// business.md 4 / shell.md 5: optimize (the blocking dialog) is enabled only
// once the strategy is 30 days old or has 10 installs/conversions. The age
// counts from the strategy's start time (when it began to deliver); the
// results are its installs and conversions over its whole delivery. Pure: the
// page disables the button with the reason, the server refuses with it too.
import type { OptimizeEligibility } from "./schema";

export const OPTIMIZE_MIN_AGE_DAYS = 30;
export const OPTIMIZE_MIN_RESULTS = 10;
const DAY_MS = 86_400_000;

export const INELIGIBLE_MESSAGE =
  `Optimize is available once the strategy is ${OPTIMIZE_MIN_AGE_DAYS} days old or has ${OPTIMIZE_MIN_RESULTS} installs/conversions.`;

export function optimizeEligibility(facts: { startTime: Date; now: Date; installs: number; conversions: number }): OptimizeEligibility {
  const ageDays = Math.max(0, Math.floor((facts.now.getTime() - facts.startTime.getTime()) / DAY_MS));
  const results = facts.installs + facts.conversions;
  const eligible = ageDays >= OPTIMIZE_MIN_AGE_DAYS || results >= OPTIMIZE_MIN_RESULTS;
  const reason = eligible
    ? null
    : `${INELIGIBLE_MESSAGE} It has run for ${ageDays} day${ageDays === 1 ? "" : "s"} with ${results} installs/conversions.`;
  return { eligible, reason, ageDays, results };
}
