// Catalog update status (business.md 4: processing or completed; failed when
// the feed could not be fetched or read).
import { FEED_STATUS_LABELS } from "@/lib/catalog/format";

const STYLES = {
  PROCESSING: "bg-amber-50 text-amber-800 ring-amber-200",
  COMPLETED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  FAILED: "bg-red-50 text-red-700 ring-red-200",
} as const;

export function FeedStatusBadge({ status, title }: { status: keyof typeof STYLES; title?: string | null }) {
  return (
    <span
      data-testid="feed-status"
      data-status={status}
      title={title ?? undefined}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${STYLES[status]}`}
    >
      {status === "PROCESSING" && <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-amber-500" />}
      {FEED_STATUS_LABELS[status]}
    </span>
  );
}
