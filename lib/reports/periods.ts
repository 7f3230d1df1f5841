// The comparison period of a report: the same number of days immediately
// before the range (1-7 March compares with 22-28 February). Calendar days,
// so it is the same in every timezone. Client-safe.
import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";

export interface DayRange {
  from: string;
  to: string;
}

export function previousPeriod(range: DayRange): DayRange {
  const from = parseISO(range.from);
  const days = differenceInCalendarDays(parseISO(range.to), from) + 1;
  return { from: format(addDays(from, -days), "yyyy-MM-dd"), to: format(addDays(from, -1), "yyyy-MM-dd") };
}

/** The change from `previous` to `current` in percent; null without a base to compare with. */
export function changePercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}
