"use client";
// What one browser tab tells the others about the session (shell.md 4): a
// sign-out sends every tab to the sign-in page; a licensee switch reloads the
// others at home. Tabs share the session cookie, so they must follow at once.
// BroadcastChannel where available, plus a localStorage write whose `storage`
// event reaches the other tabs where it is not; duplicates are dropped by id.
import { endAllSessionsAction, endSessionAction } from "@/lib/account/actions";
import { UnauthenticatedError } from "@/lib/data/errors";
import { SERVER_ERROR_MESSAGE } from "@/lib/data/action-result";

export type SessionEvent = { type: "signout" } | { type: "switch"; licenseeId: number } | { type: "refresh" };
type Envelope = SessionEvent & { id: string };

const CHANNEL = "dsp-session";
const STORAGE_KEY = "dsp.session.event";
/** The expired-session message of shell.md 8 (the gate's UnauthenticatedError text). */
export const SESSION_EXPIRED_MESSAGE = new UnauthenticatedError().message;
const EXPIRED_EVENT = "dsp:session-expired";

// Ids this tab sent: its own BroadcastChannel listener hears them too.
const sent = new Set<string>();

export function broadcastSessionEvent(event: SessionEvent): void {
  const envelope: Envelope = { ...event, id: crypto.randomUUID() };
  sent.add(envelope.id);
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(CHANNEL);
    channel.postMessage(envelope);
    channel.close();
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(envelope));
  } catch {
    // Storage disabled (private mode, quota): the channel is enough.
  }
}

function parse(raw: unknown): Envelope | null {
  const value = typeof raw === "string" ? safeJson(raw) : raw;
  if (!value || typeof value !== "object") return null;
  const e = value as Partial<Envelope>;
  if (typeof e.id !== "string") return null;
  if (e.type === "signout" || e.type === "refresh") return { type: e.type, id: e.id };
  if (e.type === "switch" && typeof (e as { licenseeId?: unknown }).licenseeId === "number") {
    return { type: "switch", licenseeId: (e as { licenseeId: number }).licenseeId, id: e.id };
  }
  return null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Listens to the other tabs' events; returns the unsubscribe function. */
export function subscribeSessionEvents(listener: (event: SessionEvent) => void): () => void {
  const handled = new Set<string>();
  const handle = (raw: unknown) => {
    const event = parse(raw);
    if (!event || sent.has(event.id) || handled.has(event.id)) return;
    handled.add(event.id);
    listener(event);
  };
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(CHANNEL) : null;
  const onMessage = (m: MessageEvent) => handle(m.data);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY && e.newValue) handle(e.newValue);
  };
  channel?.addEventListener("message", onMessage);
  window.addEventListener("storage", onStorage);
  return () => {
    channel?.removeEventListener("message", onMessage);
    channel?.close();
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * A full page load, not a client-side navigation: the root layout repaints
 * with the (new) licensee's theme and every dialog and cached view is gone.
 * `path` is a same-site path (/login, /home, or a returnUrl the server checked).
 */
export function loadPage(path: string): void {
  window.location.assign(path);
}

/** Reloads this page where it is (a demo user's licensee switch, shell.md 4). */
export function reloadPage(): void {
  window.location.reload();
}

/**
 * Sign Out: ends this browser's session on the server, signs out every other
 * tab, then loads the sign-in page (a full load: every dialog closes and the
 * sub-domain's theme comes back). Other browsers and devices stay signed in.
 */
export async function signOutAllTabs(): Promise<void> {
  broadcastSessionEvent({ type: "signout" });
  try {
    await endSessionAction();
  } finally {
    loadPage("/login");
  }
}

/**
 * Sign Out Everywhere: ends every session of the user (every browser and
 * device), then signs out this browser's tabs. The server's message when it
 * could not, else null (and the sign-in page loads).
 */
export async function signOutEverySession(): Promise<string | null> {
  const result = await endAllSessionsAction().catch(() => null);
  if (!result) return SERVER_ERROR_MESSAGE;
  if (!result.ok && !expiredSession(result)) return result.formError ?? SERVER_ERROR_MESSAGE;
  if (result.ok) {
    broadcastSessionEvent({ type: "signout" });
    loadPage("/login");
  }
  return null;
}

/**
 * A server action answered 401: the session is gone (expired, password
 * changed elsewhere, membership removed). SessionSync shows the message and
 * signs out; without it mounted, a plain alert does.
 */
export function notifySessionExpired(): void {
  const event = new CustomEvent(EXPIRED_EVENT, { cancelable: true });
  if (window.dispatchEvent(event)) {
    window.alert(SESSION_EXPIRED_MESSAGE);
    void signOutAllTabs();
  }
}

/** For SessionSync: calls `show` and marks the event handled. */
export function onSessionExpired(show: () => void): () => void {
  const listener = (e: Event) => {
    e.preventDefault();
    show();
  };
  window.addEventListener(EXPIRED_EVENT, listener);
  return () => window.removeEventListener(EXPIRED_EVENT, listener);
}

/**
 * Gives this browser the session a password change or licensee switch
 * prepared (POST /api/v1/session with the action's ticket). False, after
 * telling the user their session is gone, when it could not.
 */
export async function adoptSession(ticket: string): Promise<boolean> {
  const response = await fetch("/api/v1/session", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ticket }),
  }).catch(() => null);
  if (response?.ok) return true;
  notifySessionExpired();
  return false;
}

/** True (after notifying) when an action failed because the session is gone. */
export function expiredSession(result: { ok: boolean; status?: number }): boolean {
  if (result.ok || result.status !== 401) return false;
  notifySessionExpired();
  return true;
}
