// The origins a sign-in page's forms may lead to (CSP form-action): the
// identity providers of the host's theme. A single sign-on button is a form
// posting a server action that answers with a redirect to the provider; once
// the page is hydrated the browser follows it as a script navigation, but a
// click before hydration (or without JavaScript) submits the form natively,
// and browsers check form-action against the redirect's target too.
//
// Read from the database (the theme's issuer), kept a minute per sub-domain
// so the sign-in page does not cost a query per view.
import { ssoClients } from "../auth/sso/config";
import { loadSsoTheme } from "../auth/sso/theme";
import { resolveSubdomain } from "../tenancy/subdomain";

const TTL_MS = 60_000;
const MAX_ENTRIES = 500; // sub-domains are chosen by whoever sends the Host header
const cache = new Map<string, { origins: string[]; expires: number }>();

export function originsOf(issuers: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const issuer of issuers) {
    try {
      origins.add(new URL(issuer).origin);
    } catch {
      // ssoClients only returns valid http(s) issuers; nothing to allow otherwise.
    }
  }
  return [...origins];
}

export async function ssoFormTargets(host: string | null, now = Date.now()): Promise<string[]> {
  const key = resolveSubdomain(host);
  const hit = cache.get(key);
  if (hit && hit.expires > now) return hit.origins;
  // loadSsoTheme answers null when the database cannot be read: no SSO targets then.
  const origins = originsOf(ssoClients(await loadSsoTheme(host)).map((c) => c.issuer));
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { origins, expires: now + TTL_MS });
  return origins;
}
