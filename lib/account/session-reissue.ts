// Re-issues this browser's session cookie with new claims (the session version
// after a password change, or another licensee), from a login ticket that a
// server action issued after its checks (see session-update.ts for why a
// ticket travels instead of claims).
//
// It runs in a REST operation (POST /api/v1/session, lib/account/rest.ts), not in the server action
// that made the change: when an action sets a cookie, Next re-renders the page
// in the same response, and next-auth's auth() there still reads the request's
// old Cookie header. After a password change that old session is refused, so
// the page would bounce through the sign-in page and lose the dialog's result.
import "server-only";
import crypto from "node:crypto";
import { db } from "../db";
import { AuthError } from "next-auth";
import { auth, signIn, unstable_update } from "../auth";
import type { SessionClaims } from "../auth/claims";
import { UnauthenticatedError } from "../errors";
import { log } from "../log";
import type { SessionUpdateData } from "../auth/session-update";

/** The user an unspent, unexpired ticket was issued for (lib/auth/tickets.ts stores sha-256 hex). */
async function ticketOwner(ticket: string): Promise<number | null> {
  if (ticket.length < 20 || ticket.length > 100) return null;
  const row = await db.loginTicket.findUnique({ where: { id: crypto.createHash("sha256").update(ticket).digest("hex") } });
  return row && !row.consumedAt && row.expiresAt > new Date() ? row.userId : null;
}

export async function reissueSession(ticket: unknown): Promise<void> {
  // Only the user's own browser may take the ticket: a ticket planted from
  // another site (login CSRF) would be for another user than the cookie's.
  const current = ((await auth()) as { claims?: SessionClaims } | null)?.claims;
  const owner = typeof ticket === "string" ? await ticketOwner(ticket) : null;
  if (!current || owner === null || owner !== current.userId) throw new UnauthenticatedError();

  const data: SessionUpdateData = { reissueTicket: ticket as string };
  await unstable_update(data as never);
  if ((await ticketOwner(ticket as string)) === null) return; // spent: the jwt callback took it
  // The jwt callback did not take the update (not wired to applySessionUpdate):
  // the ticket is still unspent, so sign in again with it, as the login form does.
  log.warn("session update not applied by the jwt callback; signing in again", { userId: owner });
  try {
    await signIn("credentials", { ticket, redirect: false });
  } catch (e) {
    if (e instanceof AuthError) throw new UnauthenticatedError();
    throw e;
  }
}
