// Which single sign-on clients a licensee's theme offers (shell.md 2.2, 3).
// Pure: the theme row and the environment in, client settings out, so the
// rules are testable without a request or a database.
//
// Rules:
// - Google: the theme's client id when the theme's identity provider is
//   GOOGLE, else the platform-wide GOOGLE_CLIENT_ID. Issuer
//   https://accounts.google.com.
// - Okta: only on OKTA themes; the theme's client id and issuer.
// - Secrets never live in the database: the theme's own client (the one its
//   oidcClient names) takes OIDC_CLIENT_SECRET_<SUBDOMAIN> when set, else
//   GOOGLE_CLIENT_SECRET / OKTA_CLIENT_SECRET; the platform Google client of
//   an OKTA theme takes GOOGLE_CLIENT_SECRET.
// - A client without id, secret or (Okta) a valid issuer is absent: next-auth
//   does not offer it and the button is disabled, saying what is missing.

import { ssoEnv } from "../../env";

export const GOOGLE_ISSUER = "https://accounts.google.com";

export type OidcProviderName = "GOOGLE" | "OKTA";
/** next-auth provider ids; they also name the callback route /api/auth/callback/<id>. */
export type SsoProviderId = "google" | "okta";

export const PROVIDER_NAME: Record<SsoProviderId, OidcProviderName> = { google: "GOOGLE", okta: "OKTA" };

/** What single sign-on needs to know about the theme of a request. */
export interface SsoTheme {
  licenseeId: number;
  subDomain: string;
  oidcClient: OidcProviderName;
  oidcClientId: string | null;
  oidcIssuer: string | null;
}

export interface SsoClient {
  id: SsoProviderId;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

export type SsoAvailability = { enabled: true } | { enabled: false; reason: string };

type Env = Record<string, string | undefined>;

const value = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

/** OIDC_CLIENT_SECRET_<SUBDOMAIN>: upper-cased, anything but letters and digits as '_'. */
export function subdomainSecretName(subDomain: string): string {
  return `OIDC_CLIENT_SECRET_${subDomain.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}

function validIssuer(issuer: string | null): string | null {
  if (!issuer) return null;
  try {
    const url = new URL(issuer);
    return url.protocol === "https:" || url.protocol === "http:" ? issuer : null;
  } catch {
    return null;
  }
}

type Draft = { id: SsoProviderId; clientId: string | null; clientSecret: string | null; issuer: string | null };

function drafts(theme: SsoTheme, env: Env): Draft[] {
  const ownSecret = value(env[subdomainSecretName(theme.subDomain)]);
  const themeClientId = value(theme.oidcClientId);
  if (theme.oidcClient === "GOOGLE") {
    const usesThemeClient = themeClientId !== null;
    return [
      {
        id: "google",
        clientId: themeClientId ?? value(env.GOOGLE_CLIENT_ID),
        clientSecret: (usesThemeClient ? ownSecret : null) ?? value(env.GOOGLE_CLIENT_SECRET),
        issuer: GOOGLE_ISSUER,
      },
    ];
  }
  return [
    { id: "google", clientId: value(env.GOOGLE_CLIENT_ID), clientSecret: value(env.GOOGLE_CLIENT_SECRET), issuer: GOOGLE_ISSUER },
    { id: "okta", clientId: themeClientId, clientSecret: ownSecret ?? value(env.OKTA_CLIENT_SECRET), issuer: validIssuer(value(theme.oidcIssuer)) },
  ];
}

/** The SSO clients a theme can use; a theme-less request (fresh install) has none. */
export function ssoClients(theme: SsoTheme | null, env: Env = ssoEnv()): SsoClient[] {
  if (!theme) return [];
  return drafts(theme, env).flatMap((d) =>
    d.clientId && d.clientSecret && d.issuer ? [{ id: d.id, clientId: d.clientId, clientSecret: d.clientSecret, issuer: d.issuer }] : [],
  );
}

const LABEL: Record<SsoProviderId, string> = { google: "Google", okta: "Okta" };

/** Per button: usable, or why not (shown as the disabled button's title). */
export function ssoAvailability(theme: SsoTheme | null, env: Env = ssoEnv()): Record<SsoProviderId, SsoAvailability> {
  const off = (id: SsoProviderId, what: string): SsoAvailability => ({
    enabled: false,
    reason: `Sign-in with ${LABEL[id]} is not set up for this site: ${what}. Ask your administrator.`,
  });
  const result: Record<SsoProviderId, SsoAvailability> = {
    google: off("google", "no identity provider is configured"),
    okta: off("okta", "this site does not use Okta"),
  };
  if (!theme) return result;
  for (const d of drafts(theme, env)) {
    if (!d.clientId) result[d.id] = off(d.id, "the client id is missing");
    else if (!d.issuer) result[d.id] = off(d.id, "the issuer is missing or invalid");
    else if (!d.clientSecret) result[d.id] = off(d.id, "the client secret is missing");
    else result[d.id] = { enabled: true };
  }
  return result;
}
