// Next 16 proxy (formerly middleware; Node runtime), for page routes.
// - Security headers of pages: a Content-Security-Policy with a fresh nonce
//   (set on the request too: Next reads the nonce from it and puts it on its
//   own scripts and styles) and HSTS over HTTPS. The headers every response
//   gets, API answers and files included, come from next.config.ts
//   (lib/security/headers.ts has both).
// - Delivery list pages seen before with nothing changed come from the page
//   cache (lib/page-cache/serve.ts), with this answer's own nonce.
// - Signed-out callers' request bodies are bounded (lib/security/anonymous-body.ts).
// - Tells server components the request's sub-domain (x-dsp-subdomain) and
//   path (x-dsp-path, used for returnUrl). Both are always overwritten, so a
//   client cannot smuggle its own values in.
// - A console page load's AbortSignal (aborted when the browser goes before
//   the answer is complete) is handed to its render under a fresh id
//   (x-dsp-request, lib/connections/request-signal.ts): the page's statements are
//   cancelled in the database when its client has gone.
// - Signed-out visitors of console routes are sent to the login page. This is
//   only a cheap cookie-presence check: the real check is requirePageSession()
//   in the console layout (a forged or stale cookie gets past this one, and
//   the page sends it to /login?expired=1). Without any cookie there is no
//   session to call expired: plain /login?returnUrl=.
import { NextResponse, type NextRequest } from "next/server";
import { resolveSubdomain } from "./lib/tenancy/subdomain";
import { hasSessionCookie } from "./lib/auth/session-cookie";
import { selectCaptcha } from "./lib/auth/captcha";
import { requestHost } from "./lib/auth/sso/theme";
import { env } from "./lib/env";
import { ANONYMOUS_BODY_LIMIT_BYTES, bodyTooLargeResponse, exceedsAnonymousBodyLimit, hasValidSessionToken } from "./lib/security/anonymous-body";
import { HSTS, newNonce, pageContentSecurityPolicy, servedOverHttps } from "./lib/security/headers";
import { ssoFormTargets } from "./lib/security/sso-form-targets";
import { PROCESS_MARK, servePageFromCache } from "./lib/page-cache/serve";
import { PAGE_CACHE_HEADER } from "./lib/page-cache/request";
import { registerRequestSignal, REQUEST_ID_HEADER } from "./lib/connections/request-signal";
import { sectionOf } from "./lib/menu/route-table";

/** The pages with the sign-in screen, whose forms start single sign-on (app/page.tsx, app/login). */
const SIGN_IN_PATHS = new Set(["/", "/login"]);

export function isConsolePath(pathname: string): boolean {
  return sectionOf(pathname) !== null;
}

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const path = pathname + search;
  const config = env();

  if (exceedsAnonymousBodyLimit(request.method, request.headers) && !(await hasValidSessionToken(request.headers, config.AUTH_SECRET))) {
    return bodyTooLargeResponse(ANONYMOUS_BODY_LIMIT_BYTES);
  }
  // A path with an extension is a file, not a page (but the catch-all console
  // pages answer such paths too, with their server actions: hence the body
  // check above runs for them as well). Files need no page headers.
  if (/\.[a-zA-Z0-9]+$/.test(pathname) && request.method === "GET") return NextResponse.next();

  const https = servedOverHttps(request.nextUrl, request.headers, config.TRUST_PROXY_HOPS);
  const nonce = newNonce();
  const csp = pageContentSecurityPolicy({
    nonce,
    development: config.NODE_ENV === "development",
    https,
    captcha: selectCaptcha().client.provider,
    formTargets: SIGN_IN_PATHS.has(pathname) && request.method === "GET" ? await ssoFormTargets(requestHost(request.headers)) : [],
  });
  const withSecurityHeaders = <R extends Response>(response: R) => {
    response.headers.set("Content-Security-Policy", csp);
    if (https) response.headers.set("Strict-Transport-Security", HSTS);
    return response;
  };

  if (isConsolePath(pathname) && !hasSessionCookie(request.cookies.getAll())) {
    const login = new URL("/login", request.url);
    login.search = new URLSearchParams({ returnUrl: path }).toString();
    return withSecurityHeaders(NextResponse.redirect(login));
  }

  // A delivery list page this session saw with nothing changed since: from the page cache.
  if (config.PAGE_CACHE && config.NODE_ENV === "production") {
    const cached = await servePageFromCache(request, { nonce, secret: config.AUTH_SECRET, port: config.PORT });
    if (cached) return withSecurityHeaders(cached);
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-dsp-subdomain", resolveSubdomain(request.headers.get("host")));
  requestHeaders.set("x-dsp-path", path);
  requestHeaders.set("Content-Security-Policy", csp);
  // GET only: a page load, whose render takes the signal back at once (a
  // server action's POST reads no page session, and would leave it here).
  requestHeaders.delete(REQUEST_ID_HEADER);
  if (request.method === "GET" && isConsolePath(pathname)) requestHeaders.set(REQUEST_ID_HEADER, registerRequestSignal(request.signal));
  const response = withSecurityHeaders(NextResponse.next({ request: { headers: requestHeaders } }));
  // The page cache's own render: marked as this process's, so that only it is kept.
  if (request.headers.get(PAGE_CACHE_HEADER) === "render") response.headers.set(PAGE_CACHE_HEADER, PROCESS_MARK);
  return response;
}

export const config = {
  matcher: [
    // Everything but Next internals, API routes (each bounds its own body; the
    // legacy-compatible /v2/api/* too: the proxy would cut a creative upload's
    // body at proxyClientMaxBodySize) and brand assets. Paths with an
    // extension are matched too: see above.
    "/((?!_next/|api/|v2/api/|brand/|favicon\\.ico$|robots\\.txt$).*)",
  ],
};
