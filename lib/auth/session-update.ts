// How a session token takes new claims after a password change or a licensee
// switch. next-auth's jwt callback runs with trigger "update" and the data of
// unstable_update, but ALSO with whatever a browser POSTs to
// /api/auth/session (useSession().update): that data is untrusted, so it never
// carries claims. It carries a login ticket that only our server actions issue
// (after their checks), single-use and short-lived, and the ticket must be for
// the token's own user.
//
// Called from the jwt callback in lib/auth/index.ts:
//   if (trigger === "update") return applySessionUpdate(token, session);
// This module must not import lib/auth/index.ts (it is imported by it).
import type { JWT } from "next-auth/jwt";
import type { SessionClaims } from "./claims";
import { redeemLoginTicket } from "./tickets";

/** The data server actions pass to unstable_update. */
export interface SessionUpdateData {
  reissueTicket: string;
}

export async function applySessionUpdate(token: JWT, data: unknown): Promise<JWT> {
  const current = token.claims as SessionClaims | undefined;
  const ticket = (data as Partial<SessionUpdateData> | null | undefined)?.reissueTicket;
  if (!current || typeof ticket !== "string") return token;
  const claims = await redeemLoginTicket(ticket);
  if (!claims || claims.userId !== current.userId) return token;
  return { ...token, claims: { ...current, ...claims } };
}
