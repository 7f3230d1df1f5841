// The theme a sign-in runs under, read from the request's host. It decides
// which SSO clients exist and which licensee an SSO sign-in lands in.
import { NextRequest } from "next/server";
import { db } from "../../db";
import { log } from "../../log";
import { envStrings } from "../../env";
import { DEFAULT_SUBDOMAIN, resolveSubdomain } from "../../tenancy/subdomain";
import type { SsoTheme } from "./config";

/**
 * x-forwarded-host before host: next-auth builds its callback URL (the OAuth
 * redirect_uri) the same way, so the theme chosen here is the one of the URL
 * the identity provider returns to.
 */
export function requestHost(headers: Pick<Headers, "get"> | null | undefined): string | null {
  if (!headers) return null;
  const forwarded = headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  return forwarded || headers.get("host");
}

const SELECT = { licenseeId: true, subDomain: true, oidcClient: true, oidcClientId: true, oidcIssuer: true } as const;

/** Same fallback as the visible theme (lib/tenancy/theme): the sub-domain's, else 'default'. */
export async function loadSsoTheme(host: string | null | undefined): Promise<SsoTheme | null> {
  const wanted = resolveSubdomain(host);
  try {
    const row =
      (await db.theme.findUnique({ where: { subDomain: wanted }, select: SELECT })) ??
      (wanted !== DEFAULT_SUBDOMAIN ? await db.theme.findUnique({ where: { subDomain: DEFAULT_SUBDOMAIN }, select: SELECT }) : null);
    return row;
  } catch (err) {
    // Sign-in by password must keep working when this lookup fails.
    log.warn("sso theme lookup failed; single sign-on unavailable for this request", { subDomain: wanted, err });
    return null;
  }
}

/**
 * The request as the browser addressed it. `next start` hands route handlers
 * a URL on its own listening address (http://localhost:PORT), while next-auth
 * derives the OAuth redirect_uri and its redirects from the request URL: an
 * SSO started on acme.example.com must come back to, and exchange its code
 * for, acme.example.com. Uses the same headers next-auth uses for server-side
 * calls (x-forwarded-host, else host; x-forwarded-proto). With AUTH_URL set
 * next-auth pins one origin itself, so the request is left alone.
 */
export function withPublicOrigin(request: NextRequest, env: Record<string, string | undefined> = envStrings(["AUTH_URL", "NEXTAUTH_URL"])): NextRequest {
  if (env.AUTH_URL || env.NEXTAUTH_URL) return request;
  const host = requestHost(request.headers);
  if (!host) return request;
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || request.nextUrl.protocol.replace(/:$/, "");
  let origin: string;
  try {
    origin = new URL(`${proto === "https" ? "https" : "http"}://${host}`).origin;
  } catch {
    return request; // a malformed Host header: next-auth's own URL stands
  }
  if (origin === request.nextUrl.origin) return request;
  return new NextRequest(new URL(request.nextUrl.pathname + request.nextUrl.search, origin), request);
}
