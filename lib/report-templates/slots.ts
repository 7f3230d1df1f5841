// When a scheduled report runs and which days it covers. Pure.
//
// A slot is the instant a schedule fires: the schedule's local time (HH:mm)
// in the template's timezone, every day, on one weekday (1 Monday .. 7
// Sunday) or on one day of the month (1-28). Local times are turned into
// instants with the timezone's rules of that day, so a 09:00 report stays at
// 09:00 local across DST changes (a time that does not exist on the spring-
// forward day runs at the first instant after it).
//
// A run reports on as many whole days as the saved definition spans, ending
// the day before the slot's local day: a template saved with "last 7 days"
// mails each Monday the seven days up to Sunday.
import { TZDate } from "@date-fns/tz";
import { addDays, differenceInCalendarDays, format, parseISO } from "date-fns";
import type { Schedule } from "./schema";

type SlotSchedule = Pick<Schedule, "frequency" | "timeOfDay" | "dayOfWeek" | "dayOfMonth">;

/** The local calendar day of an instant in a timezone, as yyyy-MM-dd. */
export function localDay(instant: Date, timezone: string): string {
  return format(new TZDate(instant.getTime(), timezone), "yyyy-MM-dd");
}

function atLocal(day: string, timeOfDay: string, timezone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = timeOfDay.split(":").map(Number);
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, timezone).getTime());
}

/** Does the schedule fire on this local day? */
function firesOn(schedule: SlotSchedule, day: string): boolean {
  const date = parseISO(day);
  if (schedule.frequency === "WEEKLY") return ((date.getDay() + 6) % 7) + 1 === schedule.dayOfWeek;
  if (schedule.frequency === "MONTHLY") return date.getDate() === schedule.dayOfMonth;
  return true;
}

/** The first slot strictly after `after`. */
export function nextSlotAfter(schedule: SlotSchedule, timezone: string, after: Date): Date {
  let day = localDay(after, timezone);
  // A month has a slot within 31 days; one day back covers a slot earlier on today's date.
  for (let i = 0; i < 40; i++) {
    if (firesOn(schedule, day)) {
      const slot = atLocal(day, schedule.timeOfDay, timezone);
      if (slot.getTime() > after.getTime()) return slot;
    }
    day = format(addDays(parseISO(day), 1), "yyyy-MM-dd");
  }
  throw new RangeError("schedule: no slot within 40 days");
}

/** The days a run at `slot` covers: the saved range's length, ending the day before the slot's local day. */
export function runWindow(saved: { from: string; to: string }, timezone: string, slot: Date): { from: string; to: string } {
  const days = differenceInCalendarDays(parseISO(saved.to), parseISO(saved.from)) + 1;
  const end = addDays(parseISO(localDay(slot, timezone)), -1);
  return { from: format(addDays(end, -(days - 1)), "yyyy-MM-dd"), to: format(end, "yyyy-MM-dd") };
}

/** "Daily at 09:00", "Weekly on Monday at 09:00", "Monthly on day 1 at 09:00". */
export function scheduleText(schedule: SlotSchedule, weekdays: readonly string[]): string {
  if (schedule.frequency === "WEEKLY") return `Weekly on ${weekdays[(schedule.dayOfWeek ?? 1) - 1]} at ${schedule.timeOfDay}`;
  if (schedule.frequency === "MONTHLY") return `Monthly on day ${schedule.dayOfMonth} at ${schedule.timeOfDay}`;
  return `Daily at ${schedule.timeOfDay}`;
}
