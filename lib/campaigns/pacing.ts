// A campaign's pacing for its details page (formula in lib/delivery/pacing.ts):
// the lifetime budget over its schedule and the daily budget over the
// reader's today, against the media spend of each window. The pacing option
// chosen on the form decides ASAP or even spending for its window.
import "server-only";
import type { SessionContext } from "../auth/context";
import { pace, type Pacing, type PacingMode } from "../delivery/pacing";
import { mediaSpendBetween } from "../metrics/query";
import { localMidnight, todayIn } from "../user-settings/date-range";
import { pacingOptionOf, type CampaignDetails } from "./queries";

export interface CampaignPacing {
  lifetime: Pacing;
  daily: Pacing;
}


/** Null for a role that may not see media spend. */
export async function loadCampaignPacing(ctx: SessionContext, c: CampaignDetails, iana: string, now: Date = new Date()): Promise<CampaignPacing | null> {
  const option = pacingOptionOf(c.budgetPacing, c.flowRate);
  const start = new Date(c.startTime);
  const end = c.endTime ? new Date(c.endTime) : null;
  const day = todayIn(iana, now);
  const today = { start: localMidnight(day, iana), end: localMidnight(day, iana, 1) };
  const [lifetimeSpent, todaySpent] = await Promise.all([
    mediaSpendBetween(ctx, { level: "campaign", id: c.id, from: start, to: now }),
    mediaSpendBetween(ctx, { level: "campaign", id: c.id, from: today.start, to: now }),
  ]);
  if (lifetimeSpent === null || todaySpent === null) return null;
  const lifetimeMode: PacingMode = option === "LIFETIME_ASAP" ? "ASAP" : "EVEN";
  const dailyMode: PacingMode = option === "DAILY_ASAP" ? "ASAP" : "EVEN";
  // Today's window is the part of today the campaign runs: from its start if that is later, to its end if earlier.
  const dayStart = start > today.start ? start : today.start;
  const dayEnd = end && end < today.end ? end : today.end;
  const daily = pace({ budget: c.dailyBudget, spent: todaySpent, start: dayStart, end: dayEnd, mode: dailyMode }, now);
  return {
    lifetime: pace({ budget: c.lifetimeBudget, spent: lifetimeSpent, start, end, mode: lifetimeMode }, now),
    // A campaign that has ended has no day to pace: its lifetime window tells how it ended.
    daily: end && now >= end ? { ...daily, status: "ENDED" } : daily,
  };
}
