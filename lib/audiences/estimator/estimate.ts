// The conversion estimator's arithmetic, pure (the page explains it in its
// "How this is estimated" note; docs/audiences.md):
// - reach on day d of the next ESTIMATOR_WINDOW_DAYS days: the users that are
//   members of any target audience and of no blocked audience, whose
//   membership has not expired by the start of that day (memberships that
//   are not renewed run out, so the reach can only fall);
// - the goal rate: the advertiser's delivery of the last 30 days, the sum of
//   its daily unique users who reached the goal (installed, converted,
//   clicked) over the sum of its daily unique users who saw an impression:
//   the chance that a user reached on a day reaches the goal that day;
// - expected goal users on day d = reach on day d × rate, supposing every
//   member is reached once a day as the advertiser's users were: an upper
//   estimate. The total is the sum over the days; per target audience the
//   same with that audience's own reach (audiences may overlap, so their
//   sum can exceed the total).
import type { EstimatorGoal } from "./schema";

export interface DeliveryBasis {
  /** Σ daily unique users with an impression. */
  reachedUsers: number;
  /** Σ daily unique users who reached the goal. */
  goalUsers: number;
  from: string;
  to: string;
}

export interface AudienceReach {
  id: number;
  name: string;
  /** Users on each day of the window (index 0: today). */
  byDay: number[];
}

export interface Estimate {
  advertiserId: number;
  goal: EstimatorGoal;
  /** Users targeted today. */
  reach: number;
  /** Goal users per reached user-day; null without delivery to learn from. */
  rate: number | null;
  /** Expected goal users over the window; null without a rate. */
  expected: number | null;
  basis: DeliveryBasis;
  days: Array<{ day: string; reach: number; expected: number | null }>;
  byAudience: Array<{ id: number; name: string; reach: number; expected: number | null }>;
}

export const goalRate = (basis: Pick<DeliveryBasis, "reachedUsers" | "goalUsers">): number | null =>
  basis.reachedUsers > 0 ? basis.goalUsers / basis.reachedUsers : null;

const times = (n: number, rate: number | null) => (rate === null ? null : n * rate);
const sumTimes = (byDay: number[], rate: number | null) => (rate === null ? null : byDay.reduce((a, n) => a + n * rate, 0));

export function estimate(input: { advertiserId: number; goal: EstimatorGoal; days: string[]; reachByDay: number[]; audiences: AudienceReach[]; basis: DeliveryBasis }): Estimate {
  const rate = goalRate(input.basis);
  return {
    advertiserId: input.advertiserId,
    goal: input.goal,
    reach: input.reachByDay[0] ?? 0,
    rate,
    expected: sumTimes(input.reachByDay, rate),
    basis: input.basis,
    days: input.days.map((day, i) => ({ day, reach: input.reachByDay[i] ?? 0, expected: times(input.reachByDay[i] ?? 0, rate) })),
    byAudience: input.audiences.map((a) => ({ id: a.id, name: a.name, reach: a.byDay[0] ?? 0, expected: sumTimes(a.byDay, rate) })),
  };
}
