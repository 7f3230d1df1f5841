// Epoch seconds to and from the value of an <input type="datetime-local">
// read as UTC: the experiment form shows its times in UTC, so the server's
// render and the browser's agree and what is typed is what is stored.
// Client-safe.

/** "2030-02-01T09:30" for 1896168600; "" for none. */
export function toUtcInput(seconds: number | string | null | undefined): string {
  if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds < 0) return "";
  return new Date(seconds * 1000).toISOString().slice(0, 16);
}

/** Epoch seconds of a datetime-local value read as UTC; "" (cleared) stays "". */
export function fromUtcInput(value: string): number | "" {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return "";
  const ms = Date.parse(`${value}${value.length === 16 ? ":00" : ""}Z`);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : "";
}
