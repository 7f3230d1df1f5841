// Session ids: each sign-in gets a random id (the token's `sid` claim), kept
// when the token is re-issued (licensee switch, password change). Sign Out
// records the id as revoked, so a copy of that cookie is refused at once while
// the user's other sessions (other browsers, other devices) go on. Ending all
// of them is the session version's job (lib/account/sessions.ts).
//
// A row is needed only while the session could still be used: sessions end
// SESSION_MAX_AGE_SECONDS after sign-in whatever the cookie says
// (loadSessionState), so rows past that are pruned.
import crypto from "node:crypto";
import { db } from "../db";
import type { SessionClaims, TokenClaims } from "./claims";

/** Lifetime of a sign-in; next-auth's session maxAge too. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** The claims of a new sign-in's token. */
export function startSession(claims: SessionClaims, now: Date = new Date()): TokenClaims {
  return {
    userId: claims.userId,
    licenseeId: claims.licenseeId,
    sessionVersion: claims.sessionVersion,
    sid: crypto.randomBytes(18).toString("base64url"),
    signedInAt: Math.floor(now.getTime() / 1000),
  };
}

/** Ends this session (and every re-issue of it) on the server. Idempotent. */
export async function revokeSession(claims: Pick<TokenClaims, "sid" | "userId" | "signedInAt">, now: Date = new Date()): Promise<void> {
  const expiresAt = new Date((claims.signedInAt + SESSION_MAX_AGE_SECONDS) * 1000);
  if (expiresAt <= now) return; // over anyway
  await db.revokedSession.createMany({ data: [{ id: claims.sid, userId: claims.userId, expiresAt }], skipDuplicates: true });
  await pruneRevokedSessions(now);
}

export async function isSessionRevoked(sid: string): Promise<boolean> {
  return (await db.revokedSession.count({ where: { id: sid } })) > 0;
}

/** Rows of sessions that have expired anyway. Called on every revocation. */
export async function pruneRevokedSessions(now: Date = new Date()): Promise<number> {
  return (await db.revokedSession.deleteMany({ where: { expiresAt: { lte: now } } })).count;
}
