"use client";
// The notification bell of the top bar (shell.md 2.5, 2.11, 4): the unread
// count (9+ above 9), refetched when older than 10 minutes, opens the
// notifications panel. Mount it for read-write users only (shell.md 6); if it
// is mounted for another role the server refuses the count and it hides.
import { useEffect, useRef } from "react";
import { expiredSession } from "@/components/account/session-events";
import { unreadCountAction } from "@/lib/notifications/actions";
import { usePanel } from "@/components/shell/panels";
import { useHydrated } from "@/components/ui/use-hydrated";
import { badgeText, setUnreadCount, setUnreadForbidden, unreadCountIsStale, useUnreadCount } from "./unread-store";

const STALENESS_CHECK_MS = 60_000;

export function NotificationBell({ initialCount }: { initialCount?: number }) {
  const { open } = usePanel();
  const { count, forbidden } = useUnreadCount();
  const fetching = useRef(false);
  // A press on the server-rendered bell would do nothing: it is enabled once React owns it.
  const hydrated = useHydrated();

  useEffect(() => {
    if (initialCount !== undefined && unreadCountIsStale()) setUnreadCount(initialCount);
    const refresh = async () => {
      if (fetching.current || !unreadCountIsStale()) return;
      fetching.current = true;
      try {
        const result = await unreadCountAction();
        if (result.ok) setUnreadCount(result.data);
        else if (result.status === 403) setUnreadForbidden();
        else expiredSession(result); // a 401 signs out (shell.md 8)
      } catch {
        // Network trouble: keep the last count and try again at the next check.
      } finally {
        fetching.current = false;
      }
    };
    void refresh();
    const timer = setInterval(refresh, STALENESS_CHECK_MS);
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener("focus", onFocus);
    };
  }, [initialCount]);

  if (forbidden) return null;
  const unread = count ?? initialCount ?? 0;
  const badge = badgeText(unread);
  return (
    <button
      type="button"
      data-testid="notification-bell"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      onClick={() => open("notifications")}
      disabled={!hydrated}
      className="relative rounded-md p-1.5 text-topbar-foreground transition hover:bg-white/10 focus:ring-2 focus:ring-ring focus:outline-none"
    >
      <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.5A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinejoin="round"
        />
      </svg>
      {badge && (
        // The count is drawn from data-count (CSS), so the bell's only on-screen
        // text is not a second name beside its label ("9+" vs "10 unread":
        // axe label-content-name-mismatch); the text stays in the DOM for tests.
        <span
          data-testid="notification-count"
          data-count={badge}
          className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white after:content-[attr(data-count)]"
        >
          <span className="sr-only">{badge}</span>
        </span>
      )}
    </button>
  );
}
