// Turns what a session token carries into a trusted SessionContext by checking
// it against the database on every call: a bumped session version (password
// change, sign-out everywhere, disable) or a removed membership or changed role
// takes effect at once, whatever the cookie says.
import { db } from "../db";
import { UnauthenticatedError } from "../data/errors";
import type { Role } from "./roles";

export interface SessionClaims {
  userId: number;
  licenseeId: number;
  sessionVersion: number;
}

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

export async function loadSessionContext(claims: SessionClaims | null | undefined): Promise<SessionContext> {
  if (!claims || !Number.isInteger(claims.userId) || !Number.isInteger(claims.licenseeId)) {
    throw new UnauthenticatedError();
  }
  const user = await db.user.findUnique({
    where: { id: claims.userId },
    include: { memberships: { where: { licenseeId: claims.licenseeId }, include: { licensee: true } } },
  });
  const membership = user?.memberships[0];
  if (!user || user.disabled || user.sessionVersion !== claims.sessionVersion || !membership) {
    throw new UnauthenticatedError();
  }
  return {
    userId: user.id,
    userName: user.name,
    email: user.email,
    licenseeId: membership.licenseeId,
    licenseeName: membership.licensee.name,
    currencyCode: membership.licensee.currencyCode,
    role: membership.role,
    canSwitch: membership.canSwitch,
    canChangeSecret: user.canChangeSecret,
    twoFactorEnabled: user.twoFactorEnabled,
    forcePasswordChange: user.forcePasswordChange,
  };
}
