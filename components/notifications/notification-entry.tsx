"use client";
// One notification (shell.md 2.11): icon, entity type, content, entity name,
// time, mark-as-read (a check mark once read) and a go-to-details chevron.
import { formatDistanceToNow } from "date-fns";
import type { NotificationItem } from "@/lib/notifications/queries";
import { Button } from "@/components/ui/button";

const ICONS: Record<string, string> = {
  budget: "M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 2.6 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3",
  calendar: "M5 6h14v14H5zM5 10h14M9 4v4M15 4v4",
  check: "M5 12.5l4.5 4.5L19 7.5",
  warning: "M12 4l9 16H3zM12 10v4M12 17v.5",
  pause: "M9 6v12M15 6v12",
  rule: "M4 6h16M4 12h10M4 18h6",
};

export function NotificationEntry({
  item,
  busy,
  onMarkRead,
}: {
  item: NotificationItem;
  busy: boolean;
  onMarkRead: (item: NotificationItem) => void;
}) {
  const read = item.resolved || item.seen;
  const time = item.group === "Older" ? item.time : formatDistanceToNow(new Date(item.createdOn * 1000), { addSuffix: true });
  return (
    <li
      data-testid="notification-entry"
      data-read={read ? "true" : "false"}
      className={`flex items-start gap-3 border-b border-slate-100 px-4 py-3 ${read ? "bg-white" : "bg-accent/40"}`}
    >
      <span aria-hidden="true" className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <svg viewBox="0 0 24 24" className="h-4.5 w-4.5">
          <path d={ICONS[item.icon] ?? ICONS.check} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-xs font-semibold text-slate-500">{item.entityTypeLabel}</p>
        <p className="text-sm text-slate-800" data-testid="notification-content">
          {item.content}
        </p>
        <p className="truncate text-sm font-medium text-slate-700">{item.entityName}</p>
        <p className="mt-0.5 text-xs text-slate-500">{time}</p>
      </div>
      <div className="flex shrink-0 flex-col items-center gap-1">
        {read ? (
          <span className="p-1 text-emerald-600" aria-label="Read" title="Read" role="img">
            <svg viewBox="0 0 24 24" className="h-4.5 w-4.5" aria-hidden="true">
              <path d={ICONS.check} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
        ) : (
          <Button variant="ghost" size="icon" disabled={busy} onClick={() => onMarkRead(item)} aria-label={`Mark as read: ${item.content}`} title="Mark as read">
            <svg viewBox="0 0 24 24" className="h-4.5 w-4.5" aria-hidden="true">
              <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </Button>
        )}
        {item.href && (
          <a
            href={item.href}
            target="_blank"
            rel="noopener"
            aria-label={`Go to ${item.entityName}`}
            title="Go to details"
            className="rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-primary"
          >
            <svg viewBox="0 0 24 24" className="h-4.5 w-4.5" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </a>
        )}
      </div>
    </li>
  );
}
