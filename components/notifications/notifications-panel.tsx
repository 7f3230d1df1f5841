"use client";
// Notifications side panel (shell.md 2.11, 4, 8, 9): 450 px wide, 'Show only
// unread', 'Mark all as seen' (shell.md 7: every unread non-ACTIONABLE one),
// groups Today / Yesterday / Older each with 'Mark all as read', 10 a page
// with more on scroll.
import { useCallback, useEffect, useState } from "react";
import { groupByDay, type DayGroup } from "@/lib/activity/day-group";
import {
  listNotificationsAction,
  markAllSeenAction,
  markGroupReadAction,
  markNotificationReadAction,
} from "@/lib/notifications/actions";
import { groupReadMessage, NOTIFICATION_MESSAGES } from "@/lib/notifications/messages";
import type { NotificationItem } from "@/lib/notifications/queries";
import { expiredSession } from "@/components/account/session-events";
import { ProgressBar } from "@/components/panels/progress-bar";
import { Button } from "@/components/ui/button";
import { LAYER } from "@/components/ui/layers";
import { PanelDialog } from "@/components/panels/panel-dialog";
import { usePagedList } from "@/components/panels/use-paged-list";
import { NotificationEntry } from "./notification-entry";
import { badgeText, setUnreadCount, useUnreadCount } from "./unread-store";

export const NOTIFICATION_TEXTS = {
  empty: "No notifications",
  loading: "Loading...",
  end: "End of notifications",
  resolving: "Resolving...",
  markingSeen: "Marking as seen",
  markAllSeen: "Mark all as seen",
  markingAllSeen: "Marking all as seen",
  markingGroup: "Marking notifications as read...",
} as const;

const NOTICE_MS = 2500;
type Notice = { kind: "success" | "error"; text: string };

/** The panel's last outcome, cleared a moment after it is shown. */
function useTimedNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);
  return [notice, setNotice] as const;
}

function PanelNotice({ notice }: { notice: Notice }) {
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      data-testid="notifications-notice"
      className={`mx-4 mt-2 rounded-md border px-3 py-2 text-sm ${
        notice.kind === "error" ? "border-red-200 bg-red-50 text-red-700" : "border-emerald-200 bg-emerald-50 text-emerald-800"
      }`}
    >
      {notice.text}
    </div>
  );
}

export function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useTimedNotice();
  const { count } = useUnreadCount();
  const badge = badgeText(count);

  const fetchPage = useCallback(
    async (page: number) => {
      const result = await listNotificationsAction({ page, unreadOnly });
      if (!result.ok) {
        expiredSession(result); // shell.md 8: otherwise loading just ends
        return null;
      }
      setUnreadCount(result.data.notResolvedCount);
      return { items: result.data.data, total: result.data.totalNoOfRecords };
    },
    [unreadOnly],
  );
  const { items: loaded, loading, done, reload, update, bindScroller, onScroll } = usePagedList<NotificationItem>(fetchPage, String(unreadOnly));

  async function markRead(item: NotificationItem) {
    setBusy(item.type === "ACTIONABLE" ? NOTIFICATION_TEXTS.resolving : NOTIFICATION_TEXTS.markingSeen);
    try {
      const result = await markNotificationReadAction({ id: item.id });
      if (!result.ok) {
        if (!expiredSession(result)) setNotice({ kind: "error", text: result.formError ?? NOTIFICATION_MESSAGES.callFailed });
        return;
      }
      const { resolved, seen, unreadCount } = result.data;
      update((items) => items.map((n) => (n.id === item.id ? { ...n, resolved, seen } : n)));
      setUnreadCount(unreadCount);
    } finally {
      setBusy(null);
    }
  }

  async function markGroup(group: DayGroup) {
    setBusy(NOTIFICATION_TEXTS.markingGroup);
    try {
      const result = await markGroupReadAction({ group: group.toLowerCase() as "today" | "yesterday" | "older" });
      if (!result.ok) {
        if (!expiredSession(result)) setNotice({ kind: "error", text: NOTIFICATION_MESSAGES.callFailed });
        return;
      }
      setUnreadCount(result.data.unreadCount);
      const outcome = groupReadMessage(result.data.results);
      setNotice({ kind: outcome.ok ? "success" : "error", text: outcome.message });
      if (outcome.ok) reload();
    } catch {
      setNotice({ kind: "error", text: NOTIFICATION_MESSAGES.callFailed });
    } finally {
      setBusy(null);
    }
  }

  async function markAllSeen() {
    setBusy(NOTIFICATION_TEXTS.markingAllSeen);
    try {
      const result = await markAllSeenAction();
      if (!result.ok) {
        if (!expiredSession(result)) setNotice({ kind: "error", text: result.formError ?? NOTIFICATION_MESSAGES.callFailed });
        return;
      }
      // The server marked exactly these: ACTIONABLE ones wait to be resolved one by one.
      update((items) => items.map((n) => (n.type !== "ACTIONABLE" && !n.resolved && !n.seen ? { ...n, seen: true } : n)));
      setUnreadCount(result.data.unreadCount);
    } catch {
      setNotice({ kind: "error", text: NOTIFICATION_MESSAGES.callFailed });
    } finally {
      setBusy(null);
    }
  }

  // Offered while something may be left to mark: hidden at no unread, or when
  // every notification is loaded and the only unread ones are ACTIONABLE.
  const seenable = loaded.some((n) => n.type !== "ACTIONABLE" && !n.resolved && !n.seen);
  const canMarkAllSeen = (count ?? 0) > 0 && (seenable || !done);

  // Read entries stay until the next load, except under 'Show only unread'.
  const shown = unreadOnly ? loaded.filter((n) => !n.resolved && !n.seen) : loaded;

  return (
    <PanelDialog
      onClose={onClose}
      placement="right"
      title="Notifications"
      width="450px"
      testId="notifications-panel"
      headerExtra={
        badge ? (
          <span data-testid="notifications-unread" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            {badge}
          </span>
        ) : null
      }
    >
      <div className="flex items-center justify-between border-b border-slate-100 px-4 py-2">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            role="switch"
            checked={unreadOnly}
            onChange={(e) => setUnreadOnly(e.target.checked)}
            className="h-4 w-4 accent-primary"
          />
          Show only unread
        </label>
        <div className="flex items-center gap-3">
          {busy && (
            <span role="status" className="text-xs text-slate-500">
              {busy}
            </span>
          )}
          {canMarkAllSeen && (
            <Button variant="link" size="xs" disabled={busy !== null} onClick={() => void markAllSeen()} data-testid="notifications-mark-all-seen">
              {NOTIFICATION_TEXTS.markAllSeen}
            </Button>
          )}
        </div>
      </div>
      {notice && <PanelNotice notice={notice} />}
      <ProgressBar active={loading} />
      <div ref={bindScroller} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto" data-testid="notifications-scroll">
        {shown.length === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-slate-500">{loading ? NOTIFICATION_TEXTS.loading : NOTIFICATION_TEXTS.empty}</p>
        ) : (
          <>
            {groupByDay(shown, (n) => n.group).map(({ group, items }) => (
              <section key={`${group}-${items[0].id}`} aria-label={group} data-testid={`notification-group-${group.toLowerCase()}`}>
                <div className={`sticky top-0 ${LAYER.sticky} flex items-center justify-between bg-slate-50 px-4 py-1.5`}>
                  <h3 className="text-xs font-semibold text-slate-500">{group}</h3>
                  <Button variant="link" size="xs" disabled={busy !== null} onClick={() => void markGroup(group)}>
                    Mark all as read
                  </Button>
                </div>
                <ul>
                  {items.map((n) => (
                    <NotificationEntry key={n.id} item={n} busy={busy !== null} onMarkRead={(i) => void markRead(i)} />
                  ))}
                </ul>
              </section>
            ))}
            {done && <p className="py-4 text-center text-xs text-slate-400">{NOTIFICATION_TEXTS.end}</p>}
          </>
        )}
      </div>
    </PanelDialog>
  );
}
