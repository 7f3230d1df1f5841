// Pacing: how a campaign's (or strategy's) spend to date compares
// with what its budget and schedule call for, over two windows:
// - lifetime: the lifetime budget over the whole schedule (start to end);
// - daily: the daily budget over today (the reader's day).
// Spend is media spend (cost), the side the media budgets limit.
//
// expected = budget                               ASAP pacing: spend as fast as delivery allows
//          = budget x elapsed / window length     even pacing (Hourly weightage, Evenly):
//                                                 the share of the window gone by
// ratio = spent / expected (pacingRatio: what lists sort the pacing columns by,
// also rendered as SQL in ./pacing-sql.ts), and the indicator:
//   OVER      spent above the budget, or (even pacing) ratio > 1.1
//   UNDER     even pacing, ratio < 0.9 (ASAP: only once the window has ended below 90% of the budget)
//   ON_TRACK  otherwise
//   NOT_STARTED / ENDED / NO_BUDGET when the window has not begun, is over (daily windows never
//   end early), or there is no budget to pace against.
// Exact decimals throughout (Decimal), so "spent exactly the budget" is never "over".
import { Decimal } from "../generated/prisma/internal/prismaNamespaceBrowser";

type DecimalValue = InstanceType<typeof Decimal>;

export type PacingMode = "ASAP" | "EVEN";
export type PacingStatus = "ON_TRACK" | "UNDER" | "OVER" | "NOT_STARTED" | "ENDED" | "NO_BUDGET";

export const PACING_TOLERANCE = "0.1";

export interface PacingWindow {
  /** Decimal text; null: no budget (unlimited). */
  budget: string | null;
  /** Media spend in the window so far, decimal text. */
  spent: string;
  start: Date;
  /** null: never ending (lifetime pacing then has no length: only "over the budget" is judged). */
  end: Date | null;
  mode: PacingMode;
}

export interface Pacing {
  status: PacingStatus;
  spent: string;
  budget: string | null;
  /** What should have been spent by now (decimal text, 6 places), or null when nothing is expected. */
  expected: string | null;
  /** spent / budget x 100, two places; null without a budget. */
  percentOfBudget: string | null;
}

/** The pacing mode of a pacing type id (business.md 3): 1 and 6 are ASAP, the weightage types spread the budget. */
export function pacingModeOf(pacingTypeId: number | null): PacingMode {
  return pacingTypeId === 1 || pacingTypeId === 6 ? "ASAP" : "EVEN";
}

/** What should have been spent by `now` (null: nothing to pace against yet, or no budget). */
function expectedBy(w: PacingWindow, now: Date): DecimalValue | null {
  if (w.budget === null || new Decimal(w.budget).lte(0) || now < w.start) return null;
  const budget = new Decimal(w.budget);
  if (w.mode === "ASAP" || w.end === null) return budget;
  const length = new Decimal(w.end.getTime() - w.start.getTime());
  if (length.lte(0)) return null;
  return budget.mul(Decimal.min(new Decimal(now.getTime() - w.start.getTime()), length)).div(length);
}

/**
 * spent / expected: above 1 ahead of plan, below behind it. Null before the
 * window starts, without a budget, or when nothing is expected yet (the
 * first instant of an even window). Lists order by it, nulls last.
 */
export function pacingRatio(w: PacingWindow, now: Date): DecimalValue | null {
  const expected = expectedBy(w, now);
  return expected === null || expected.isZero() ? null : new Decimal(w.spent).div(expected);
}

export function pace(w: PacingWindow, now: Date): Pacing {
  const spent = new Decimal(w.spent);
  const base = { spent: spent.toString(), budget: w.budget, expected: null, percentOfBudget: null };
  if (w.budget === null) return { ...base, status: "NO_BUDGET" };
  const budget = new Decimal(w.budget);
  if (budget.lte(0)) return { ...base, status: "NO_BUDGET" };
  const percentOfBudget = spent.div(budget).mul(100).toFixed(2);
  const withBudget = { ...base, percentOfBudget };
  if (now < w.start) return { ...withBudget, status: spent.gt(0) ? "OVER" : "NOT_STARTED" };
  if (spent.gt(budget)) return { ...withBudget, status: "OVER", expected: budget.toFixed(6) };
  const ended = w.end !== null && now >= w.end;
  const tolerance = new Decimal(PACING_TOLERANCE);
  if (w.mode === "ASAP" || w.end === null) {
    if (ended) return { ...withBudget, status: spent.lt(budget.mul(new Decimal(1).sub(tolerance))) ? "UNDER" : "ENDED", expected: budget.toFixed(6) };
    return { ...withBudget, status: "ON_TRACK", expected: w.mode === "ASAP" ? budget.toFixed(6) : null };
  }
  const expected = expectedBy(w, now) ?? budget; // even, with an end, started: never null
  if (ended) return { ...withBudget, status: spent.lt(budget.mul(new Decimal(1).sub(tolerance))) ? "UNDER" : "ENDED", expected: expected.toFixed(6) };
  if (expected.isZero()) return { ...withBudget, status: "ON_TRACK", expected: expected.toFixed(6) };
  const ratio = spent.div(expected);
  const status: PacingStatus = ratio.gt(new Decimal(1).add(tolerance)) ? "OVER" : ratio.lt(new Decimal(1).sub(tolerance)) ? "UNDER" : "ON_TRACK";
  return { ...withBudget, status, expected: expected.toFixed(6) };
}

export const PACING_STATUS_TEXT: Record<PacingStatus, string> = {
  ON_TRACK: "On track",
  UNDER: "Under-pacing",
  OVER: "Over-pacing",
  NOT_STARTED: "Not started",
  ENDED: "Ended",
  NO_BUDGET: "No budget",
};
