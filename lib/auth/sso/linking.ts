// Who an SSO identity signs in as. The linking rule (docs/sign-in-and-api.md, "Single sign-on"):
//
//   An identity (provider, issuer, subject) signs in only when an OidcIdentity
//   row links exactly that triple to a user who is not disabled and is a member
//   of the licensee of the theme the sign-in runs under. The session is then
//   that user in that licensee.
//
// Nothing else links: not the e-mail claim (even a verified one matching a
// user's e-mail), not the name. E-mail matching would let whoever controls an
// address at any accepted identity provider take over the console account
// with that address. Rows are created by administrators with
// scripts/link-sso.ts (lib/auth/sso/link.ts).
import { db } from "../../db";
import type { SessionClaims } from "../claims";
import type { OidcProviderName } from "./config";

export interface SsoIdentity {
  provider: OidcProviderName;
  issuer: string;
  subject: string;
}

export type SsoRefusal = "unlinked" | "disabled" | "not-member";

export type SsoDecision = { ok: true; claims: SessionClaims } | { ok: false; reason: SsoRefusal };

export async function resolveSsoSignIn(identity: SsoIdentity, licenseeId: number): Promise<SsoDecision> {
  const { provider, issuer, subject } = identity;
  if (!issuer || !subject) return { ok: false, reason: "unlinked" };
  const link = await db.oidcIdentity.findUnique({
    where: { provider_issuer_subject: { provider, issuer, subject } },
    include: { user: { include: { memberships: { where: { licenseeId }, select: { id: true } } } } },
  });
  if (!link) return { ok: false, reason: "unlinked" };
  if (link.user.disabled) return { ok: false, reason: "disabled" };
  if (link.user.memberships.length === 0) return { ok: false, reason: "not-member" };
  return { ok: true, claims: { userId: link.user.id, licenseeId, sessionVersion: link.user.sessionVersion } };
}
