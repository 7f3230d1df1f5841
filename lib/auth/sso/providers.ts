// next-auth pieces of single sign-on: the providers of a theme and the signIn
// callback that applies the linking rule (linking.ts) to the identity the
// provider vouched for.
import Google from "next-auth/providers/google";
import Okta from "next-auth/providers/okta";
import type { Provider } from "next-auth/providers";
import { log } from "../../log";
import type { SessionClaims } from "../claims";
import { PROVIDER_NAME, type SsoClient, type SsoProviderId, type SsoTheme } from "./config";
import { resolveSsoSignIn } from "./linking";
import { SSO_REFUSED_PATH } from "./messages";

export function ssoProviders(clients: SsoClient[]): Provider[] {
  return clients.map((c) =>
    c.id === "google"
      ? Google({ clientId: c.clientId, clientSecret: c.clientSecret })
      : Okta({ clientId: c.clientId, clientSecret: c.clientSecret, issuer: c.issuer }),
  );
}

/** The parts of next-auth's signIn callback arguments used here. */
export interface SignInParams {
  user: { id?: string; claims?: SessionClaims };
  account?: { type: string; provider: string } | null;
  profile?: { iss?: unknown; sub?: unknown } | null;
}

/**
 * next-auth calls this after it has validated the ID token (signature,
 * issuer, audience, expiry, state and PKCE). On success the claims ride on
 * `user` to the jwt callback, like the Credentials provider's.
 */
export async function ssoSignIn(theme: SsoTheme | null, { user, account, profile }: SignInParams): Promise<true | string> {
  if (account?.type !== "oidc") return true; // Credentials: checked by redeeming the ticket
  const provider = PROVIDER_NAME[account.provider as SsoProviderId];
  const issuer = typeof profile?.iss === "string" ? profile.iss : "";
  const subject = typeof profile?.sub === "string" ? profile.sub : "";
  if (!provider || !theme) return SSO_REFUSED_PATH;
  const decision = await resolveSsoSignIn({ provider, issuer, subject }, theme.licenseeId);
  if (!decision.ok) {
    log.info("sso sign-in refused", { provider, issuer, subject, licenseeId: theme.licenseeId, reason: decision.reason });
    return SSO_REFUSED_PATH;
  }
  user.claims = decision.claims;
  log.info("sso sign-in", { provider, userId: decision.claims.userId, licenseeId: decision.claims.licenseeId });
  return true;
}
