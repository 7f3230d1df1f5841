// A local Okta stand-in for the browser tests: the npm `oidc-provider` on
// http://127.0.0.1:4011, the issuer of Acme's seeded theme, with Acme's client
// and two accounts. Its development interactions (any password; a consent
// page with 'Continue') play the provider's login and consent screens.
// Runs inside the Playwright worker; the console server reaches it over HTTP
// for discovery, keys and the code exchange.
import type { Server } from "node:http";

// oidc-provider ships no TypeScript types: the little used here, typed here.
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => {
  listen(port: number, host: string, listening: () => void): Server;
};

export const OIDC_ISSUER = "http://127.0.0.1:4011";
export const OIDC_CLIENT_ID = "acme-okta-client";
/** The console server needs it as OKTA_CLIENT_SECRET. */
export const OIDC_CLIENT_SECRET = "e2e-okta-client-secret-0123456789";

export const OIDC_ACCOUNTS = {
  /** Linked to rw@acme.test by the demo seed (lib/auth/sso/demo-link.ts). */
  linked: { sub: "acme-okta-demo-user", email: "rw@acme.test", name: "Ada Acme" },
  /** Not linked; its e-mail equals rw@acme.test's, which must not matter. */
  unlinked: { sub: "acme-okta-unlinked-user", email: "rw@acme.test", name: "Impostor" },
} as const;

type Account = (typeof OIDC_ACCOUNTS)[keyof typeof OIDC_ACCOUNTS];
const bySub = new Map<string, Account>(Object.values(OIDC_ACCOUNTS).map((a) => [a.sub, a]));

export interface RunningProvider {
  close(): Promise<void>;
}

/** Starts the provider for a console served on `appPort` (redirect URIs are exact). */
export async function startOidcProvider(appPort: number): Promise<RunningProvider> {
  const origin = `http://acme.localhost:${appPort}`;
  const configuration = {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${origin}/api/auth/callback/okta`],
        post_logout_redirect_uris: [`${origin}/login`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    // Okta puts the e-mail in the ID token; the console must ignore it anyway.
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    async findAccount(_ctx: unknown, id: string) {
      const account = bySub.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: true, name: account.name };
        },
      };
    },
    cookies: { keys: ["e2e-oidc-cookie-key-0123456789abcdef"] },
    features: { devInteractions: { enabled: true } },
  };
  const specifier = "oidc-provider"; // a variable: no type declarations to look up
  const Provider = ((await import(specifier)) as { default: ProviderConstructor }).default;
  const provider = new Provider(OIDC_ISSUER, configuration);
  const server: Server = await new Promise((resolve, reject) => {
    const s = provider.listen(4011, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
