"use client";
// What one browser tab tells the others about the session (shell.md 4): a
// sign-out sends every tab to the sign-in page; a licensee switch reloads the
// others at home. Tabs share the session cookie, so they must follow at once.
// BroadcastChannel where available, plus a localStorage write whose `storage`
// event reaches the other tabs where it is not; duplicates are dropped by id.
import { SERVER_ERROR_MESSAGE } from "@/lib/actions/result";
import { loadPage } from "./page-load";

// Loaded on first use: every status control imports this module (for
// expiredSession), and none of them needs the account actions until a sign-out.
const accountActions = () => import("@/lib/account/actions");

/** `expired`: the session ended by itself (shell.md 8), so every tab's sign-in page says so. */
export type SessionEvent =
  | { type: "signout"; expired?: boolean }
  | { type: "switch"; licenseeId: number }
  | { type: "refresh" };
type Envelope = SessionEvent & { id: string };

const CHANNEL = "dsp-session";
const STORAGE_KEY = "dsp.session.event";

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
  if (e.type === "signout") {
    const expired = (e as { expired?: unknown }).expired === true;
    return expired ? { type: "signout", expired, id: e.id } : { type: "signout", id: e.id };
  }
  if (e.type === "refresh") return { type: e.type, id: e.id };
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

export { loadPage, reloadPage } from "./page-load";

/**
 * The sign-in page after the session ended by itself: it shows the expired
 * message and, once signed in again, comes back to where the user was.
 */
export function expiredLoginPath(): string {
  const here = window.location.pathname + window.location.search;
  // returnUrl first: '/login?returnUrl=...' links and checks keep matching.
  return `/login?${new URLSearchParams({ returnUrl: here, expired: "1" })}`;
}

/**
 * Sign Out: ends this browser's session on the server, signs out every other
 * tab, then loads the sign-in page (a full load: every dialog closes and the
 * sub-domain's theme comes back). Other browsers and devices stay signed in.
 * (An expired session signs out through notifySessionExpired below.)
 */
export async function signOutAllTabs(): Promise<void> {
  broadcastSessionEvent({ type: "signout" });
  await endServerSession();
  loadPage("/login");
}

/** How long signing out waits for the server before the sign-in page loads anyway. */
export const SIGN_OUT_WAIT_MS = 3000;

/**
 * Ends this browser's session on the server (a session the server already
 * refused still has a cookie to clear). Never throws and never waits past
 * SIGN_OUT_WAIT_MS: an unreachable or hanging server must not keep the user
 * on a page whose session is gone; the cookie is refused anyway.
 */
async function endServerSession(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)));
  const ended = accountActions()
    .then((actions) => actions.endSessionAction())
    .then(
      () => undefined,
      () => undefined,
    );
  await Promise.race([ended, timeout]);
  clearTimeout(timer);
}

/**
 * Sign Out Everywhere: ends every session of the user (every browser and
 * device), then signs out this browser's tabs. The server's message when it
 * could not, else null (and the sign-in page loads).
 */
export async function signOutEverySession(): Promise<string | null> {
  const result = await accountActions()
    .then((actions) => actions.endAllSessionsAction())
    .catch(() => null);
  if (!result) return SERVER_ERROR_MESSAGE;
  if (!result.ok && !expiredSession(result)) return result.formError ?? SERVER_ERROR_MESSAGE;
  if (result.ok) {
    broadcastSessionEvent({ type: "signout" });
    loadPage("/login");
  }
  return null;
}

// Several calls may be refused at once (a list action, the bell, the menus):
// the server session is ended and the other tabs told once, and one page load
// follows. A later refusal loads the page again: the first load may have been
// cancelled (a 'Leave site?' prompt answered Stay), and the user must still
// not be left on a page whose every call now fails silently.
let endingSession: Promise<void> | null = null;
let loadQueued = false;

if (typeof window !== "undefined") {
  // A page restored from the back/forward cache starts over.
  window.addEventListener("pageshow", (e) => {
    if (e.persisted) endingSession = null;
  });
}

/**
 * A server action or request answered 401: the session is gone (expired,
 * ended elsewhere, password changed, membership removed). Every tab signs out
 * at once and loads the sign-in page, which says 'Your current session has
 * expired! Please log in again.' (shell.md 8); the full load closes every dialog.
 */
export function notifySessionExpired(): void {
  if (!endingSession) {
    broadcastSessionEvent({ type: "signout", expired: true });
    endingSession = endServerSession();
  }
  if (loadQueued) return;
  loadQueued = true;
  void endingSession.then(() => {
    loadQueued = false;
    loadPage(expiredLoginPath());
  });
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

/**
 * True (after signing out) when an action failed because the session is gone;
 * callers then show nothing, the sign-in page is on its way. A null result
 * (the call threw) is not a refusal.
 */
export function expiredSession(result: { ok: boolean; status?: number } | null | undefined): boolean {
  if (!result || result.ok || result.status !== 401) return false;
  notifySessionExpired();
  return true;
}
