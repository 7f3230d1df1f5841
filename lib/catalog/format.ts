// Display helpers of the catalog tab, for the feed list (server) and the feed
// drawer (browser) alike. Dates are shown in UTC so that server and browser
// render the same text.
import type { FeedStatus } from "../generated/prisma/enums";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "22 Nov 2026 14:05 UTC" (business.md 9: day month year with time); "-" for none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "-";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} UTC`;
}

/** "83.33%" from a decimal string; trailing zeros dropped ("100%"). */
export function formatPercent(value: string): string {
  return `${Number(value).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;
}

/** Catalog update status (business.md 4: processing or completed; failed when the feed could not be fetched or read). */
export const FEED_STATUS_LABELS: Record<FeedStatus, string> = {
  PROCESSING: "Processing",
  COMPLETED: "Completed",
  FAILED: "Failed",
};
