// next-auth (v5, JWT sessions). The token carries only claims (user, licensee,
// session version, session id and sign-in time); everything else, including the
// role, is read from the database by loadSessionState on every request, so
// changes apply at once. Sign Out revokes the token's session id; sign-ins and
// sign-outs go to the access log (next-auth-events.ts).
//
// The configuration is built per request (next-auth's lazy initialisation):
// the single sign-on providers are those of the licensee theme of the
// request's host (lib/auth/sso). Calls without a request (auth() in server
// components, signIn/signOut in server actions) read the host from next/headers.
import NextAuth, { type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { headers } from "next/headers";
import type { NextRequest } from "next/server";
import { redeemLoginTicket } from "./tickets";
import { applySessionUpdate } from "./session-update";
import { log } from "../log";
import type { SessionClaims, TokenClaims } from "./claims";
import { SESSION_MAX_AGE_SECONDS, startSession } from "./session-ids";
import { clientInfoFrom, type ClientInfo } from "./events";
import { nextAuthEvents } from "./next-auth-events";
import { ssoClients, type SsoTheme } from "./sso/config";
import { ssoProviders, ssoSignIn } from "./sso/providers";
import { loadSsoTheme, requestHost } from "./sso/theme";

// Redeems a login ticket issued by lib/sign-in/login.ts once every check
// (password, captcha, second factor) has passed; never takes a password itself.
const ticketProvider = Credentials({
  credentials: { ticket: {} },
  async authorize(raw) {
    const claims = await redeemLoginTicket(raw?.ticket);
    if (!claims) return null;
    return { id: String(claims.userId), claims } as never;
  },
});

function buildConfig(theme: SsoTheme | null, client: ClientInfo): NextAuthConfig {
  return {
    trustHost: true, // every licensee sub-domain is a valid host
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: "/login", error: "/login" },
    providers: [ticketProvider, ...ssoProviders(ssoClients(theme))],
    // Wrong passwords and stale cookies are expected events, not stack traces.
    // (Refused SSO identities never reach here: ssoSignIn redirects them; an
    // AccessDenied means the signIn callback failed, e.g. the database.)
    logger: {
      error(error) {
        const name = (error as { type?: string }).type ?? error.name;
        if (name === "CredentialsSignin" || name === "JWTSessionError") {
          log.info("auth rejected", { reason: name });
        } else {
          // next-auth wraps the underlying failure (provider unreachable,
          // code exchange refused) in `cause.err`; its message is the useful part.
          const cause = (error as { cause?: { err?: unknown } }).cause?.err;
          log.error("auth error", { err: error, type: name, cause: cause instanceof Error ? cause.message : undefined });
        }
      },
      warn(code) {
        log.warn("auth warning", { code });
      },
    },
    callbacks: {
      signIn: (params) => ssoSignIn(theme, params as Parameters<typeof ssoSignIn>[1]),
      jwt({ token, user, trigger, session }) {
        // A licensee switch or password change re-issues claims through a
        // single-use ticket checked in applySessionUpdate; nothing else is taken
        // from the browser.
        if (trigger === "update") return applySessionUpdate(token, session);
        const fresh = (user as { claims?: SessionClaims } | undefined)?.claims;
        // A new sign-in starts a new token with a new session id: nothing an
        // identity provider said (name, e-mail, picture) is kept, only our claims.
        if (fresh) return { sub: String(fresh.userId), claims: startSession(fresh) };
        return token;
      },
      session({ session, token }) {
        (session as unknown as { claims?: TokenClaims }).claims = token.claims as TokenClaims | undefined;
        return session;
      },
    },
    // Sign Out (the user menu's, or a POST to /api/auth/signout) and SSO sign-ins.
    events: nextAuthEvents(client),
  };
}

/** The theme of the request's host and who sent the request. */
async function requestContext(request: NextRequest | undefined): Promise<{ theme: SsoTheme | null; client: ClientInfo }> {
  let requestHeaders: Headers;
  try {
    requestHeaders = request?.headers ?? (await headers());
  } catch {
    // outside a request (scripts, tests): no theme, so no SSO
    return { theme: null, client: { ip: null, userAgent: null } };
  }
  return { theme: await loadSsoTheme(requestHost(requestHeaders)), client: clientInfoFrom(requestHeaders) };
}

export const { handlers, auth, signIn, signOut, unstable_update } = NextAuth(async (request) => {
  const { theme, client } = await requestContext(request);
  return buildConfig(theme, client);
});
