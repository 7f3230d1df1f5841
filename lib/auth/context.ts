// Turns what a session token carries into a trusted SessionContext by checking
// it against the database on every call: a bumped session version (password
// change, sign-out everywhere, disable), a session ended by Sign Out (its id
// revoked), or a removed membership or changed role takes effect at once,
// whatever the cookie says.
import { db } from "../db";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import { isSessionRevoked, SESSION_MAX_AGE_SECONDS } from "./session-ids";
import type { SessionClaims, TokenClaims } from "./claims";
import type { Role } from "./roles";

export const LICENSEE_REQUIRED = "Please select a licensee to continue.";
export const PASSWORD_CHANGE_REQUIRED = "You must change your password before you can continue.";

export interface SessionContext {
  userId: number;
  userName: string;
  email: string;
  licenseeId: number;
  licenseeName: string;
  currencyCode: string;
  role: Role;
  canSwitch: boolean;
  canChangeSecret: boolean;
  twoFactorEnabled: boolean;
  forcePasswordChange: boolean;
}

/** A signed-in user who has not picked a licensee yet: no licensee data, only the selector. */
export interface LicenseePending {
  userId: number;
  userName: string;
  email: string;
}

export type SessionState =
  | { status: "active"; ctx: SessionContext }
  | { status: "select-licensee"; user: LicenseePending };

export async function loadSessionContext(claims: SessionClaims | null | undefined): Promise<SessionContext> {
  const licenseeId = claims?.licenseeId;
  if (!claims || !Number.isInteger(claims.userId) || typeof licenseeId !== "number" || !Number.isInteger(licenseeId)) {
    throw new UnauthenticatedError(); // no licensee yet: see loadSessionState
  }
  const user = await db.user.findUnique({
    where: { id: claims.userId },
    include: { memberships: { where: { licenseeId }, include: { licensee: true } } },
  });
  const membership = user?.memberships[0];
  if (!user || user.disabled || user.sessionVersion !== claims.sessionVersion || !membership) {
    throw new UnauthenticatedError();
  }
  return contextOf(user, { ...membership, licenseeName: membership.licensee.name, currencyCode: membership.licensee.currencyCode });
}

/** The context of an enabled user acting in a licensee they belong to (checked by the caller). */
export function contextOf(
  user: { id: number; name: string; email: string; canChangeSecret: boolean; twoFactorEnabled: boolean; forcePasswordChange: boolean },
  membership: { licenseeId: number; licenseeName: string; currencyCode: string; role: Role; canSwitch: boolean },
): SessionContext {
  return {
    userId: user.id,
    userName: user.name,
    email: user.email,
    licenseeId: membership.licenseeId,
    licenseeName: membership.licenseeName,
    currencyCode: membership.currencyCode,
    role: membership.role,
    canSwitch: membership.canSwitch,
    canChangeSecret: user.canChangeSecret,
    twoFactorEnabled: user.twoFactorEnabled,
    forcePasswordChange: user.forcePasswordChange,
  };
}

function isTokenClaims(value: unknown): value is TokenClaims {
  const c = value as Partial<TokenClaims> | null | undefined;
  return (
    !!c &&
    Number.isInteger(c.userId) &&
    Number.isInteger(c.sessionVersion) &&
    (c.licenseeId === null || Number.isInteger(c.licenseeId)) &&
    typeof c.sid === "string" &&
    c.sid.length > 0 &&
    Number.isInteger(c.signedInAt)
  );
}

/**
 * The state of a session token's claims: with a licensee, or waiting for the
 * user to select one. Refused (UnauthenticatedError): tokens without a session
 * id (issued before ids existed, so Sign Out could not end them), older than
 * SESSION_MAX_AGE_SECONDS, ended by Sign Out, or whose user, version or
 * membership no longer match the database.
 */
export async function loadSessionState(claims: unknown, now: Date = new Date()): Promise<SessionState> {
  if (!isTokenClaims(claims)) throw new UnauthenticatedError();
  const age = now.getTime() / 1000 - claims.signedInAt;
  if (age > SESSION_MAX_AGE_SECONDS || age < -60) throw new UnauthenticatedError();
  if (await isSessionRevoked(claims.sid)) throw new UnauthenticatedError();
  if (claims.licenseeId !== null) return { status: "active", ctx: await loadSessionContext(claims) };

  const user = await db.user.findUnique({ where: { id: claims.userId }, include: { _count: { select: { memberships: true } } } });
  if (!user || user.disabled || user.sessionVersion !== claims.sessionVersion || user._count.memberships === 0) {
    throw new UnauthenticatedError();
  }
  return { status: "select-licensee", user: { userId: user.id, userName: user.name, email: user.email } };
}

/**
 * What every server action and REST call needs: a licensee, and no password
 * change pending (shell.md 2.3: until it is made, only changing the password,
 * signing out and reading the session are allowed).
 */
export function requireActive(state: SessionState, opts: { allowForcedChange?: boolean } = {}): SessionContext {
  if (state.status !== "active") throw new ForbiddenError(LICENSEE_REQUIRED);
  if (state.ctx.forcePasswordChange && !opts.allowForcedChange) throw new ForbiddenError(PASSWORD_CHANGE_REQUIRED);
  return state.ctx;
}
