// How long after its click or impression a credited conversion came, in the
// bands the conversion report shows. The band's index is what
// PixelConversionHourly keeps (with the exact seconds summed, for the mean),
// so the bands are append-only: changing a bound would re-label stored rows.
// Client-safe: the report page labels the bands with it.

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Lower bounds in seconds, ascending; a band runs to the next bound (the last has none). */
export const TIME_TO_CONVERT_BANDS: ReadonlyArray<{ from: number; label: string }> = [
  { from: 0, label: "Under 1 hour" },
  { from: HOUR, label: "1 to 6 hours" },
  { from: 6 * HOUR, label: "6 to 24 hours" },
  { from: DAY, label: "1 to 3 days" },
  { from: 3 * DAY, label: "3 to 7 days" },
  { from: 7 * DAY, label: "7 to 14 days" },
  { from: 14 * DAY, label: "14 to 30 days" },
  { from: 30 * DAY, label: "30 days or more" },
];

/** Seconds from the touch to the fire: never negative (a fire stamped a little before its touch counts as at once). */
export function secondsToConvert(touchedAt: Date, firedAt: Date): number {
  return Math.max(0, Math.floor((firedAt.getTime() - touchedAt.getTime()) / 1000));
}

/** The band (index into TIME_TO_CONVERT_BANDS) of a time to convert. */
export function timeToConvertBand(seconds: number): number {
  let band = 0;
  for (let i = 1; i < TIME_TO_CONVERT_BANDS.length; i++) if (seconds >= TIME_TO_CONVERT_BANDS[i].from) band = i;
  return band;
}

/** "45 min", "5.2 h", "3.4 days": a mean time to convert as people read it. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "-";
  if (seconds < HOUR) return `${Math.max(0, Math.round(seconds / 60))} min`;
  if (seconds < DAY) return `${(seconds / HOUR).toFixed(1)} h`;
  return `${(seconds / DAY).toFixed(1)} days`;
}
