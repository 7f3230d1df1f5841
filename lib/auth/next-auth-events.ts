// next-auth's events (lib/auth/index.ts): what happens on the server when a
// session starts or ends, besides the cookie.
// - signIn: an SSO sign-in goes to the access log (SIGN_IN, provider as the
//   method). Password sign-ins are logged by lib/sign-in/actions.ts, which
//   knows whether a code was entered; the credentials provider also redeems
//   re-issue tickets (lib/account/session-reissue.ts), which are no sign-in.
// - signOut: Sign Out ends this session on the server too, not only its
//   cookie: a copy of the cookie is refused from now on (the user's other
//   sessions go on); and it goes to the access log (SIGN_OUT).
import type { NextAuthConfig } from "next-auth";
import type { SessionClaims, TokenClaims } from "./claims";
import { recordAuthEvent, type ClientInfo } from "./events";
import { revokeSession } from "./session-ids";
import { PROVIDER_NAME, type SsoProviderId } from "./sso/config";

type Events = NonNullable<NextAuthConfig["events"]>;
type SignInMessage = Parameters<NonNullable<Events["signIn"]>>[0];
type SignOutMessage = Parameters<NonNullable<Events["signOut"]>>[0];

/** The events of one request, `client` being who made it. */
export function nextAuthEvents(client: ClientInfo): Events {
  return {
    async signIn({ user, account }: SignInMessage) {
      if (account?.type !== "oidc") return;
      const claims = (user as { claims?: SessionClaims }).claims;
      if (!claims) return;
      const method = PROVIDER_NAME[account.provider as SsoProviderId] ?? account.provider;
      await recordAuthEvent({ type: "SIGN_IN", userId: claims.userId, licenseeId: claims.licenseeId, client, detail: method });
    },
    async signOut(message: SignOutMessage) {
      const claims = "token" in message ? (message.token?.claims as Partial<TokenClaims> | undefined) : undefined;
      if (!claims || typeof claims.sid !== "string" || typeof claims.userId !== "number" || typeof claims.signedInAt !== "number") return;
      await revokeSession({ sid: claims.sid, userId: claims.userId, signedInAt: claims.signedInAt });
      await recordAuthEvent({
        type: "SIGN_OUT",
        userId: claims.userId,
        licenseeId: typeof claims.licenseeId === "number" ? claims.licenseeId : null,
        client,
      });
    },
  };
}
