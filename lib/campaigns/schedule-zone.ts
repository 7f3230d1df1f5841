// Schedule times of campaigns on the wall clock of the user's timezone
// (preferences): the form types them in it and the details page shows them in
// it, the same text on the server and in the browser (never the machine's
// zone). Client-safe. Half-hour zones and daylight-saving gaps are the
// library's (@date-fns/tz), not hand arithmetic.
import { TZDate } from "@date-fns/tz";
import { formatDate } from "../format";

/**
 * The user's timezone (preferences): schedule times are typed and shown in it,
 * named beside the field, and the server renders the same text the browser
 * does (no guessing the machine's zone, no hydration mismatch).
 */
export interface ScheduleZone {
  iana: string;
  /** As the preferences list it: "(GMT+05:30) Asia/Kolkata". */
  name: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Epoch seconds as a datetime-local value ("2030-01-31T09:30") on the zone's wall clock; "" for none. */
export function epochToInput(seconds: number | null | undefined, zone: ScheduleZone): string {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return "";
  const d = new TZDate(seconds * 1000, zone.iana);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value read on the zone's wall clock, as epoch seconds; "" when empty or not a time (the schema then names the problem). */
export function inputToEpoch(text: string, zone: ScheduleZone): number | "" {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) return "";
  const ms = new TZDate(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], m[6] ? +m[6] : 0, zone.iana).getTime();
  return Number.isNaN(ms) ? "" : Math.floor(ms / 1000);
}

/** An ISO time as the details page shows it, on the zone's wall clock: "31 Jan 2030 09:30". */
export function formatScheduleTime(iso: string, zone: ScheduleZone): string {
  const seconds = Math.floor(new Date(iso).getTime() / 1000);
  const text = epochToInput(seconds, zone);
  if (!text) return "-";
  const [date, time] = text.split("T");
  return `${formatDate(date)} ${time}`;
}
