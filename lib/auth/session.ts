// The session of the current request, verified against the database.
// Every server action and route handler starts with requireSession(); the few
// that must work before the session is fully usable (choosing a licensee,
// changing a forced password, signing out) say so with their own helper.
import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "./index";
import { loadSessionState, requireActive, type SessionContext, type SessionState } from "./context";
import { UnauthenticatedError } from "../errors";
import { resolveApiKey } from "./api-key";
import { hasSessionCookie } from "./session-cookie";

/** This request's session token, checked; null when signed out, expired or refused. */
export async function getSessionState(): Promise<SessionState | null> {
  const session = (await auth()) as { claims?: unknown } | null;
  if (!session) return null;
  try {
    return await loadSessionState(session.claims);
  } catch (error) {
    // Only a refused session is "signed out". Anything else (the database
    // down, say) is an error: treating it as an expired session would sign
    // every open tab out during a short outage.
    if (error instanceof UnauthenticatedError) return null;
    throw error;
  }
}

/** The session with its licensee (for pages, reads and the theme); null without one. */
export async function getSessionContext(): Promise<SessionContext | null> {
  const state = await getSessionState();
  return state?.status === "active" ? state.ctx : null;
}

/**
 * For server actions: a session with a licensee and no forced password change
 * pending; else 401 (no session) or 403 with the reason.
 */
export async function requireSession(): Promise<SessionContext> {
  const state = await getSessionState();
  if (!state) throw new UnauthenticatedError();
  return requireActive(state);
}

/** For changing the password (and signing out everywhere): a forced change pending is allowed. */
export async function requireSessionAllowingPasswordChange(): Promise<SessionContext> {
  const state = await getSessionState();
  if (!state) throw new UnauthenticatedError();
  return requireActive(state, { allowForcedChange: true });
}

/** For the licensee selector: any valid session, with or without a licensee yet. */
export async function requireSessionState(): Promise<SessionState> {
  const state = await getSessionState();
  if (!state) throw new UnauthenticatedError();
  return state;
}

/**
 * For route handlers: a session cookie or an `Authorization: Bearer <api key>`,
 * with the rules of requireSession. `writes`: the request changes data, as its
 * operation declares (a read-only key is refused); default: by its method.
 */
export async function requireSessionOrApiKey(request: Request, writes?: boolean): Promise<SessionContext> {
  const header = request.headers.get("authorization");
  if (header?.startsWith("Bearer ")) {
    const ctx = await resolveApiKey(header.slice(7).trim(), request, undefined, writes);
    if (!ctx) throw new UnauthenticatedError();
    return requireActive({ status: "active", ctx });
  }
  return requireSession();
}

/**
 * For pages: signed-out visitors go to /login?returnUrl=<this page>, and so do
 * users who have not selected a licensee yet (the sign-in screen shows them
 * the 'Select Licensee' dialog). A session cookie the server refused (expired,
 * ended elsewhere, password changed) adds expired=1: the sign-in screen says
 * 'Your current session has expired! Please log in again.' (shell.md 8).
 * A forced password change pending is allowed: the page renders under the
 * dialog that cannot be closed.
 */
export async function requirePageSession(): Promise<SessionContext> {
  const state = await getSessionState();
  if (state?.status === "active") return state.ctx;
  const path = (await headers()).get("x-dsp-path") || "/home";
  const expired = !state && hasSessionCookie((await cookies()).getAll());
  // returnUrl first: the same order as every other /login?returnUrl= link.
  const query = new URLSearchParams({ returnUrl: path, ...(expired ? { expired: "1" } : {}) });
  redirect(`/login?${query}`);
}
