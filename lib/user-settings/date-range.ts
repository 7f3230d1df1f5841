// Date ranges kept per user (shell.md 3 "locally cached values: timezone, date
// range"; shell.md 9: default last 7 days ending yesterday, in the user's
// timezone). Pure: shared by the picker (client) and the server.
import { addDays, differenceInCalendarDays, endOfMonth, format, isValid, parseISO, startOfMonth, subMonths } from "date-fns";
import { TZDate } from "@date-fns/tz";
import { z } from "../validation/z";

export const DEFAULT_TIMEZONE_ID = 805; // UTC (shell.md 9)
export const MAX_RANGE_DAYS = 731;

export const DATE_RANGE_PRESETS = [
  { id: "yesterday", label: "Yesterday" },
  { id: "last7", label: "Last 7 days" },
  { id: "last30", label: "Last 30 days" },
  { id: "thisMonth", label: "This month" },
  { id: "lastMonth", label: "Last month" },
] as const;
export type DateRangePresetId = (typeof DATE_RANGE_PRESETS)[number]["id"];
export const DEFAULT_PRESET: DateRangePresetId = "last7";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD").refine((s) => isValid(parseISO(s)), "Enter a valid date");
/** A calendar day as 'yyyy-MM-dd' (a range's from or to), with the picker's messages. */
export const DaySchema = day;

/** What UserSettings.dateRange holds: a preset (moves with the calendar) or fixed days. */
export const storedDateRangeSchema = z.discriminatedUnion("preset", [
  z.object({ preset: z.enum(DATE_RANGE_PRESETS.map((p) => p.id) as [DateRangePresetId, ...DateRangePresetId[]]) }),
  z
    .object({ preset: z.literal("custom"), from: day, to: day })
    .refine((r) => r.from <= r.to, { message: "The start date must not be after the end date", path: ["to"] })
    .refine((r) => differenceInCalendarDays(parseISO(r.to), parseISO(r.from)) < MAX_RANGE_DAYS, {
      message: `A date range can span at most ${MAX_RANGE_DAYS} days`,
      path: ["to"],
    }),
]);
export type StoredDateRange = z.infer<typeof storedDateRangeSchema>;

/** A range of days the metrics are read over, in a timezone of the Timezone table. */
export interface DateRange {
  /** 'yyyy-MM-dd', inclusive, a day of the timezone. */
  from: string;
  to: string;
  timezoneId: number;
}

// One formatter per timezone (constructing one costs far more than formatting with it).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar day ('yyyy-MM-dd') in an IANA timezone. */
export function todayIn(iana: string, now: Date = new Date()): string {
  let format = dayFormats.get(iana);
  if (!format) {
    // en-CA formats as yyyy-MM-dd.
    format = new Intl.DateTimeFormat("en-CA", { timeZone: iana, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(iana, format);
  }
  return format.format(now);
}

/**
 * Midnight starting a 'yyyy-MM-dd' day (plus `plusDays`) in a timezone, as an
 * instant: where the user's days are cut (DST days and half-hour offsets included).
 */
export function localMidnight(day: string, iana: string, plusDays = 0): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d + plusDays, 0, 0, 0, iana).getTime());
}

const fmt = (d: Date) => format(d, "yyyy-MM-dd");

/** The days a stored range covers, relative to `today` (a 'yyyy-MM-dd' in the user's timezone). */
export function resolveDateRange(stored: StoredDateRange | null | undefined, today: string): { from: string; to: string } {
  const t = parseISO(today);
  const yesterday = fmt(addDays(t, -1));
  switch (stored?.preset ?? DEFAULT_PRESET) {
    case "yesterday":
      return { from: yesterday, to: yesterday };
    case "last30":
      return { from: fmt(addDays(t, -30)), to: yesterday };
    case "thisMonth":
      return { from: fmt(startOfMonth(t)), to: today };
    case "lastMonth": {
      const m = subMonths(t, 1);
      return { from: fmt(startOfMonth(m)), to: fmt(endOfMonth(m)) };
    }
    case "custom":
      if (stored?.preset === "custom") return { from: stored.from, to: stored.to };
      break;
  }
  return { from: fmt(addDays(t, -7)), to: yesterday };
}

/** Parses what the database holds; anything unreadable falls back to the default. */
export function parseStoredDateRange(json: unknown): StoredDateRange {
  const r = storedDateRangeSchema.safeParse(json);
  return r.success ? r.data : { preset: DEFAULT_PRESET };
}

/** Every day from `from` to `to` inclusive. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  const end = parseISO(to);
  for (let d = parseISO(from); d <= end; d = addDays(d, 1)) out.push(fmt(d));
  return out;
}

export function presetLabel(stored: StoredDateRange): string {
  return DATE_RANGE_PRESETS.find((p) => p.id === stored.preset)?.label ?? "Custom";
}
