// Email + password check of the sign-in flow (lib/sign-in/login.ts), and the
// server-side secrets the flow derives from AUTH_SECRET.
import crypto from "node:crypto";
import { db } from "../db";
import { verifyPassword } from "./password";
import { envStrings } from "../env";
import type { SessionClaims } from "./claims";

export interface PasswordCheck extends SessionClaims {
  email: string;
  twoFactorEnabled: boolean;
}

const MEMBERSHIPS = {
  memberships: {
    select: { licenseeId: true, isDefault: true },
    orderBy: [{ isDefault: "desc" as const }, { licenseeId: "asc" as const }],
  },
};

/**
 * The licensee a sign-in lands in: the default membership, else the only one.
 * A user of several licensees with none marked default gets null: they choose
 * in the 'Select Licensee' dialog (shell.md 2.4) before anything else.
 * undefined: no membership at all (cannot sign in).
 */
export function signInLicensee(memberships: { licenseeId: number; isDefault: boolean }[]): number | null | undefined {
  if (memberships.length === 0) return undefined;
  const chosen = memberships.find((m) => m.isDefault) ?? (memberships.length === 1 ? memberships[0] : null);
  return chosen ? chosen.licenseeId : null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The user behind an e-mail and password, or null. Unknown e-mails, wrong
 * passwords, disabled users and users without a licensee all give null, and a
 * password is always compared (against a fixed hash when the user has none),
 * so neither the answer nor its timing tells whether the e-mail exists.
 */
export async function checkPassword(email: string, password: string): Promise<PasswordCheck | null> {
  const user = await db.user.findUnique({ where: { email: normalizeEmail(email) }, include: MEMBERSHIPS });
  const ok = await verifyPassword(password, user?.passwordHash);
  const licenseeId = user && signInLicensee(user.memberships);
  if (!user || !ok || user.disabled || licenseeId === undefined) return null;
  return {
    userId: user.id,
    licenseeId,
    sessionVersion: user.sessionVersion,
    email: user.email,
    twoFactorEnabled: user.twoFactorEnabled,
  };
}

/** Claims of a password check without the second factor (kept for callers that need only claims). */
export async function verifyCredentials(email: string, password: string): Promise<SessionClaims | null> {
  const checked = await checkPassword(email, password);
  return checked && { userId: checked.userId, licenseeId: checked.licenseeId, sessionVersion: checked.sessionVersion };
}

/** Claims for a user who has passed every check (after the second factor), or null if they can no longer sign in. */
export async function claimsForUser(userId: number): Promise<SessionClaims | null> {
  const user = await db.user.findUnique({ where: { id: userId }, include: MEMBERSHIPS });
  const licenseeId = user && signInLicensee(user.memberships);
  if (!user || user.disabled || licenseeId === undefined) return null;
  return { userId: user.id, licenseeId, sessionVersion: user.sessionVersion };
}

const DEV_ONLY_SECRET = "dsp-console-development-secret-not-for-production";

/**
 * A secret for one purpose (code hashing, captcha signing), derived from
 * AUTH_SECRET so that every container of a deployment agrees without extra
 * configuration. Without AUTH_SECRET (tests, first development start) a fixed
 * development value is used; production refuses to run without one.
 */
export function deriveSecret(purpose: string, source: Record<string, string | undefined> = envStrings(["AUTH_SECRET", "NODE_ENV"])): string {
  const base = source.AUTH_SECRET;
  if (!base) {
    if (source.NODE_ENV === "production") throw new Error("AUTH_SECRET is required in production");
    return crypto.createHmac("sha256", DEV_ONLY_SECRET).update(purpose).digest("hex");
  }
  return crypto.createHmac("sha256", base).update(purpose).digest("hex");
}
