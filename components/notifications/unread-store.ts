"use client";
// The unread-notification count shared by the bell and the panel (shell.md 4):
// fetched when missing or when the last fetch is more than 10 minutes old;
// marking as read in the panel sets it from the server's answer.
import { useSyncExternalStore } from "react";

export const COUNT_MAX_AGE_MS = 600_000;

interface UnreadState {
  count: number | null;
  fetchedAt: number;
  /** The user may not have notifications (read-only, demo): the bell hides. */
  forbidden: boolean;
}

let state: UnreadState = { count: null, fetchedAt: 0, forbidden: false };
const listeners = new Set<() => void>();
const SERVER_STATE: UnreadState = { count: null, fetchedAt: 0, forbidden: false };

function emit(next: UnreadState) {
  state = next;
  for (const l of listeners) l();
}

export function setUnreadCount(count: number) {
  emit({ count, fetchedAt: Date.now(), forbidden: false });
}

export function setUnreadForbidden() {
  emit({ ...state, forbidden: true, fetchedAt: Date.now() });
}

export function unreadCountIsStale(now = Date.now()): boolean {
  return !state.forbidden && (state.count === null || now - state.fetchedAt > COUNT_MAX_AGE_MS);
}

export function useUnreadCount(): UnreadState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => SERVER_STATE,
  );
}

/** The unread badge (shell.md 2.5, 2.11, 9): none for no unread, the number up to 9, '9+' above 9. */
export function badgeText(count: number | null | undefined): string | null {
  if (!count || count < 1) return null;
  return count > 9 ? "9+" : String(count);
}
